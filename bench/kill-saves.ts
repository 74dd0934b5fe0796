/**
 * Fault drill: `kill -9` of the server during a burst of saves — `npm run bench -- kill-saves`.
 * Not a test: it prints figures and a verdict.
 * Signed-in clients save CVs of 200–1,500 entries as fast as they can (new CVs with POST, then PUTs over them); in
 * the middle of the burst the server's whole process group gets SIGKILL. The server is started again on the same
 * database, and the database is read directly: every CV must hold exactly the entries of one save — as many as its
 * name says, every value carrying that save's tag — never a part of one, nor a mix of two; and no save that was
 * answered 200/201 before the kill may be missing. The restarted server must then list every user's CVs.
 * Runs on SQLite, and on PostgreSQL too when TEST_POSTGRES_URL is set or `--postgres [url]` is given
 * (`--only postgres` skips SQLite). --connections (default 16) and --kill-after (saves answered before the kill,
 * default 120: past the first POST of every CV, so most saves in flight are PUTs) shape the burst.
 */
import { sql } from 'kysely';
import { createDatabase } from '../server/src/db/database.js';
import {
  Browser,
  Report,
  createUsers,
  cvEntries,
  drillTemplate,
  numberOption,
  option,
  postgresDatabase,
  sleep,
  sqliteDatabase,
  startServer,
  tempDir,
  type DrillDatabase,
  type TemplateDetail,
} from './_drill.js';

const CONNECTIONS = numberOption('connections', 'DRILL_CONNECTIONS', 16);
const KILL_AFTER = numberOption('kill-after', 'DRILL_KILL_AFTER', 120);
const USERS = 4;
const CVS_PER_CLIENT = 3;
const MIN_ENTRIES = 200;
const MAX_ENTRIES = 1500;

/** The CV's name says which save it is: client, CV slot, version and entry count. */
const cvName = (client: number, slot: number, version: number, entries: number) =>
  `kill drill c${client} s${slot} v${version} n${entries}`;
const NAME = /^kill drill c(\d+) s(\d+) v(\d+) n(\d+)$/;
const tagOf = (client: number, slot: number, version: number) => `c${client}s${slot}v${version}`;

interface Slot {
  id?: number;
  /** The last version answered 200/201, and the last one sent (answered or not). */
  acknowledged: number;
  sent: number;
}

async function drill(report: Report, database: DrillDatabase): Promise<void> {
  const name = database.name;
  const outbox = tempDir('cvb-drill-outbox-');
  const users = await createUsers(database.url, USERS);
  let server = await startServer({
    databaseUrl: database.url,
    outboxDir: outbox.dir,
    env: { RATE_LIMIT_SCALE: '100' },
  });
  const probe = new Browser(server.base);
  const { template } = await drillTemplate(probe);
  probe.close();

  const slots: Slot[][] = Array.from({ length: CONNECTIONS }, () =>
    Array.from({ length: CVS_PER_CLIENT }, () => ({ acknowledged: 0, sent: 0 })),
  );
  let answered = 0;
  let inFlight = 0;
  let putsInFlight = 0;
  let failedBeforeKill = 0;
  let killed = false;
  const failures: string[] = [];

  const save = async (browser: Browser, client: number, slotIndex: number, template: TemplateDetail) => {
    const slot = slots[client]![slotIndex]!;
    const version = slot.sent + 1;
    const count = MIN_ENTRIES + Math.floor(Math.random() * (MAX_ENTRIES - MIN_ENTRIES + 1));
    const body = {
      name: cvName(client, slotIndex, version, count),
      template: template.id,
      entries: cvEntries(template, count, tagOf(client, slotIndex, version)),
    };
    slot.sent = version;
    const put = slot.id !== undefined;
    inFlight++;
    if (put) putsInFlight++;
    try {
      const answer =
        slot.id === undefined
          ? await browser.post('/v1/GeneratedCV/', body)
          : await browser.put(`/v1/GeneratedCV/${slot.id}/`, body);
      if (answer.status === 200 || answer.status === 201) {
        if (!killed) {
          slot.id ??= answer.json<{ id: number }>().id;
          slot.acknowledged = version;
          answered++;
        }
      } else if (!killed) {
        failedBeforeKill++;
        failures.push(`HTTP ${answer.status} ${answer.body.toString().slice(0, 120)}`);
      }
    } finally {
      inFlight--;
      if (put) putsInFlight--;
    }
  };

  const client = async (n: number) => {
    const browser = new Browser(server.base);
    try {
      await browser.signIn(users[n % USERS]!);
      for (let i = 0; !killed; i++) await save(browser, n, i % CVS_PER_CLIENT, template);
    } catch (error) {
      // What the kill cuts short (connection reset, refused) is expected; anything before it is a failure.
      if (!killed) {
        failedBeforeKill++;
        failures.push((error as Error).message);
      }
    } finally {
      browser.close();
    }
  };

  const started = performance.now();
  const burst = Promise.all(Array.from({ length: CONNECTIONS }, (_, n) => client(n)));
  // Kill once enough saves were answered, at a moment that is not a round number of them.
  while (
    answered < KILL_AFTER + Math.floor(Math.random() * CONNECTIONS) &&
    performance.now() - started < 120_000
  )
    await sleep(5);
  const inFlightAtKill = inFlight;
  const putsAtKill = putsInFlight;
  killed = true;
  await server.kill9();
  const killedAt = (performance.now() - started) / 1000;
  await burst;
  console.log(
    `${name}: killed the server (pid ${server.pid}) after ${answered} answered saves, ${inFlightAtKill} in flight (${putsAtKill} PUTs)`,
  );

  server = await startServer({
    databaseUrl: database.url,
    outboxDir: outbox.dir,
    env: { RATE_LIMIT_SCALE: '100' },
  });

  // The database itself, read directly once the restarted server has opened (and, for SQLite, recovered) it.
  const handle = createDatabase(database.url);
  let partial = 0;
  let lost = 0;
  let checked = 0;
  let entriesChecked = 0;
  // Saves cut short by the kill whose transaction had committed (on disk, never answered).
  let landedUnanswered = 0;
  const problems: string[] = [];
  try {
    const cvs = await handle.db.selectFrom('generated_cvs').select(['id', 'name', 'owner_id']).execute();
    // Each value is `<tag>|<field>|<index>`: the tag names the save it came from.
    const tag = sql.raw(
      handle.dialect === 'postgres' ? "split_part(value, '|', 1)" : "substr(value, 1, instr(value, '|') - 1)",
    );
    const counts = await sql<{
      generated_cv_id: number;
      entries: number;
      tags: number;
      min_tag: string;
      max_tag: string;
      cells: number;
    }>`
      select generated_cv_id, count(*) as entries, count(distinct ${tag}) as tags,
             min(${tag}) as min_tag, max(${tag}) as max_tag,
             count(distinct section_field_id || '-' || "index") as cells
      from cv_field_entries group by generated_cv_id`.execute(handle.db);
    const byCv = new Map(counts.rows.map((row) => [Number(row.generated_cv_id), row]));
    const seen = new Set<string>();
    for (const cv of cvs) {
      checked++;
      const match = NAME.exec(cv.name);
      const row = byCv.get(cv.id);
      if (!match) {
        partial++;
        problems.push(`CV ${cv.id}: unexpected name "${cv.name}"`);
        continue;
      }
      const [, c, s, v, n] = match.map(Number) as [number, number, number, number, number];
      seen.add(`${c}-${s}`);
      const tag = tagOf(c, s, v);
      entriesChecked += Number(row?.entries ?? 0);
      const whole =
        row !== undefined &&
        Number(row.entries) === n &&
        Number(row.cells) === n &&
        Number(row.tags) === 1 &&
        row.min_tag === tag &&
        row.max_tag === tag;
      if (!whole) {
        partial++;
        problems.push(
          `CV ${cv.id} "${cv.name}": ${row ? `${row.entries} entries, tags ${row.min_tag}…${row.max_tag} (${row.tags})` : 'no entries'}`,
        );
      }
      const slot = slots[c]?.[s];
      if (slot && v === slot.sent && v > slot.acknowledged) landedUnanswered++;
      if (slot && (v < slot.acknowledged || v > slot.sent)) {
        lost++;
        problems.push(`CV ${cv.id}: version ${v}, but ${slot.acknowledged} was answered (${slot.sent} sent)`);
      }
    }
    // A CV whose first save was answered 201 must exist.
    slots.forEach((list, c) =>
      list.forEach((slot, s) => {
        if (slot.acknowledged > 0 && !seen.has(`${c}-${s}`)) {
          lost++;
          problems.push(`client ${c} CV ${s}: answered 201, missing after the restart`);
        }
      }),
    );
    const orphans = await handle.db
      .selectFrom('cv_field_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('generated_cv_id', 'not in', handle.db.selectFrom('generated_cvs').select('id'))
      .executeTakeFirstOrThrow();
    if (Number(orphans.n) > 0) {
      partial++;
      problems.push(`${orphans.n} entries belong to no CV`);
    }
  } finally {
    await handle.destroy();
  }

  // The restarted server serves them: each user's list, as many CVs as the database holds for them.
  let listed = 0;
  let listFailures = 0;
  for (const email of users) {
    const browser = new Browser(server.base);
    try {
      await browser.signIn(email);
      const list = await browser.get('/v1/GeneratedCV/');
      if (list.status === 200) listed += list.json<unknown[]>().length;
      else listFailures++;
    } catch {
      listFailures++;
    } finally {
      browser.close();
    }
  }
  await server.stop();
  outbox.remove();

  report.row(
    `${name}: saves answered before the kill / in flight at it (PUTs)`,
    `${answered} / ${inFlightAtKill} (${putsAtKill})`,
    'in flight > 0',
    inFlightAtKill > 0,
  );
  report.row(`${name}: kill -9 after`, `${killedAt.toFixed(1)} s`);
  report.row(
    `${name}: saves in flight at the kill found whole / not found`,
    `${landedUnanswered} / ${inFlightAtKill - landedUnanswered}`,
  );
  report.row(`${name}: save failures before the kill`, String(failedBeforeKill), '0', failedBeforeKill === 0);
  report.row(
    `${name}: CVs after the restart / entries read`,
    `${checked} / ${entriesChecked.toLocaleString('en')}`,
  );
  report.row(`${name}: CVs with a partial or mixed set of entries`, String(partial), '0', partial === 0);
  report.row(`${name}: answered saves missing after the restart`, String(lost), '0', lost === 0);
  report.row(
    `${name}: CVs the restarted server lists`,
    `${listed}${listFailures ? ` (${listFailures} lists failed)` : ''}`,
    String(checked),
    listFailures === 0 && listed === checked,
  );
  for (const problem of [...failures, ...problems].slice(0, 8)) report.notes.push(`${name}: ${problem}`);
}

async function main(): Promise<void> {
  const report = new Report();
  const postgresFlag = option('postgres');
  const postgresUrl =
    postgresFlag && postgresFlag !== 'true'
      ? postgresFlag
      : (process.env.TEST_POSTGRES_URL ??
        (postgresFlag ? 'postgres://postgres@127.0.0.1:5432/test' : undefined));
  const only = option('only');
  if (only !== 'postgres') {
    const work = tempDir('cvb-drill-kill-');
    await drill(report, sqliteDatabase(work.dir));
    work.remove();
  }
  if (postgresUrl && only !== 'sqlite') {
    const database = await postgresDatabase(postgresUrl);
    try {
      await drill(report, database);
    } finally {
      await database.drop();
    }
  } else if (!postgresUrl)
    report.notes.push('PostgreSQL not run: set TEST_POSTGRES_URL or pass --postgres [url]');
  report.print(
    'kill -9 during saves',
    report.failed
      ? 'a CV was left partial or a save was lost'
      : 'every CV holds exactly one whole save; no answered save lost',
  );
}

main().catch((error: Error) => {
  console.error(error);
  console.log('\nVerdict: FAIL — the drill stopped');
  process.exitCode = 1;
});
