/**
 * Load drill: SQLite under concurrent saves — `npm run bench -- sqlite-busy`. Not a test: it
 * prints figures and a verdict.
 * SQLite runs in WAL mode with a busy timeout (server/src/db/database.ts). Inside one server process the driver is
 * synchronous and Kysely runs one statement at a time, so writers can only collide across processes: the drill
 * starts --processes server processes (default 2; WEB_CONCURRENCY workers or a CLI beside the server are such
 * processes) on ONE SQLite file and has --connections clients (default 32, spread over them) save CVs of 100–400
 * entries for --seconds (default 20): new CVs with POST, then PUTs over them, with a sign-in now and then (sessions
 * and rate-limit rows are written too), while `npm run user:create` runs beside them three times. Goal: 0 failed
 * saves, none of them SQLITE_BUSY ('database is locked'); the servers' logs are searched for it as well. Reports
 * saves/s and the save latency.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../server/src/db/database.js';
import {
  Browser,
  PASSWORD,
  ROOT,
  Report,
  createUsers,
  cvEntries,
  describeFailure,
  drillTemplate,
  ms,
  numberOption,
  percentile,
  sqliteDatabase,
  startServer,
  tempDir,
  type RunningServer,
} from './_drill.js';

const PROCESSES = numberOption('processes', 'DRILL_PROCESSES', 2);
const CONNECTIONS = numberOption('connections', 'DRILL_CONNECTIONS', 32);
const SECONDS = numberOption('seconds', 'DRILL_SECONDS', 20);
const USERS = 8;
const CVS_PER_CLIENT = 3;
const BUSY = /SQLITE_BUSY|database is locked/i;

async function main(): Promise<void> {
  const report = new Report();
  const work = tempDir('cvb-drill-busy-');
  const outbox = tempDir('cvb-drill-outbox-');
  const database = sqliteDatabase(work.dir);
  const users = await createUsers(database.url, USERS);
  const servers: RunningServer[] = [];
  try {
    // Started together, as instances or workers are: they migrate and seed the new file at the same moment too.
    servers.push(
      ...(await Promise.all(
        Array.from({ length: PROCESSES }, () =>
          startServer({ databaseUrl: database.url, outboxDir: outbox.dir, env: { RATE_LIMIT_SCALE: '100' } }),
        ),
      )),
    );
    console.log(
      `${PROCESSES} server processes (${servers.map((s) => s.pid).join(', ')}) on ${database.url}, ${CONNECTIONS} clients, ${SECONDS} s`,
    );
    const probe = new Browser(servers[0]!.base);
    const { template } = await drillTemplate(probe);
    probe.close();

    const latencies: number[] = [];
    const failures: string[] = [];
    let saves = 0;
    let signIns = 0;
    let busyAnswers = 0;
    const deadline = performance.now() + SECONDS * 1000;
    const client = async (n: number) => {
      const browser = new Browser(servers[n % PROCESSES]!.base);
      const ids: Array<number | undefined> = [];
      try {
        await browser.signIn(users[n % USERS]!);
        for (let i = 0; performance.now() < deadline; i++) {
          if (i % 25 === 24) {
            // Now and then a sign-in: a session row and rate-limit rows written between the saves.
            await browser.signIn(users[n % USERS]!);
            signIns++;
            continue;
          }
          const slot = i % CVS_PER_CLIENT;
          const count = 100 + Math.floor(Math.random() * 301);
          const body = {
            name: `busy drill ${n}-${slot}`,
            template: template.id,
            entries: cvEntries(template, count, `c${n}s${slot}v${i}`),
          };
          const id = ids[slot];
          try {
            const answer =
              id === undefined
                ? await browser.post('/v1/GeneratedCV/', body)
                : await browser.put(`/v1/GeneratedCV/${id}/`, body);
            if (answer.status === 200 || answer.status === 201) {
              ids[slot] ??= answer.json<{ id: number }>().id;
              saves++;
              latencies.push(answer.ms);
            } else {
              if (BUSY.test(answer.body.toString())) busyAnswers++;
              failures.push(describeFailure(id === undefined ? 'POST' : 'PUT', answer));
            }
          } catch (error) {
            failures.push(describeFailure('save', error as Error));
          }
        }
      } catch (error) {
        failures.push(describeFailure('sign-in', error as Error));
      } finally {
        browser.close();
      }
    };
    // A third kind of writer mid-drill: `npm run user:create` beside the servers, three times over.
    const cliRuns: Array<{ code: number | null; output: string }> = [];
    const cli = async (i: number) => {
      await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / 3));
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(ROOT, 'server/src/cli/user-create.ts'),
          '--email',
          `cli-${i}@example.com`,
          '--password',
          PASSWORD,
        ],
        {
          cwd: ROOT,
          env: { PATH: process.env.PATH ?? '', DATABASE_URL: database.url },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      cliRuns.push(await new Promise((resolve) => child.on('exit', (code) => resolve({ code, output }))));
    };
    const started = performance.now();
    await Promise.all([...Array.from({ length: CONNECTIONS }, (_, n) => client(n)), ...[0, 1, 2].map(cli)]);
    const seconds = (performance.now() - started) / 1000;
    const logs = servers.map((s) => s.output()).join('\n');
    const busyLogged = logs.split('\n').filter((line) => BUSY.test(line)).length;
    for (const server of servers) await server.stop();

    // The file afterwards: intact, every CV's entries from one save.
    const handle = createDatabase(database.url);
    let integrity = '';
    let mixed = 0;
    try {
      integrity = (await sql<{ integrity_check: string }>`pragma integrity_check`.execute(handle.db)).rows[0]!
        .integrity_check;
      const rows = await sql<{ tags: number }>`
        select count(distinct substr(value, 1, instr(value, '|') - 1)) as tags
        from cv_field_entries group by generated_cv_id`.execute(handle.db);
      mixed = rows.rows.filter((row) => Number(row.tags) !== 1).length;
    } finally {
      await handle.destroy();
    }

    report.row('Server processes on one SQLite file / clients', `${PROCESSES} / ${CONNECTIONS}`);
    report.row(
      'Saves (POST + PUT, 100–400 entries each)',
      `${saves.toLocaleString('en')} in ${seconds.toFixed(1)} s`,
    );
    report.row('Saves per second', (saves / seconds).toFixed(1));
    report.row('Save p50 / p99', `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 99))}`);
    report.row('Sign-ins between the saves', String(signIns));
    report.row('Failed saves', String(failures.length), '0', failures.length === 0);
    const cliFailed = cliRuns.filter((run) => run.code !== 0);
    report.row(
      '`npm run user:create` runs beside them, failed',
      `3, ${cliFailed.length}`,
      '0 failed',
      cliFailed.length === 0,
    );
    for (const run of cliFailed) report.notes.push(`user:create: ${run.output.trim().slice(0, 200)}`);
    report.row(
      'SQLITE_BUSY (answers / lines in the servers’ logs)',
      `${busyAnswers} / ${busyLogged}`,
      '0 / 0',
      busyAnswers === 0 && busyLogged === 0,
    );
    report.row('PRAGMA integrity_check afterwards', integrity, 'ok', integrity === 'ok');
    report.row('CVs whose entries mix two saves', String(mixed), '0', mixed === 0);
    for (const failure of failures.slice(0, 6)) report.notes.push(failure);
    if (busyLogged)
      report.notes.push(
        logs
          .split('\n')
          .find((line) => BUSY.test(line))!
          .slice(0, 300),
      );
    report.print(
      'SQLite concurrent saves',
      `${saves} saves at ${(saves / seconds).toFixed(1)}/s across ${PROCESSES} processes, ${failures.length} failed, ${busyAnswers + busyLogged} SQLITE_BUSY`,
    );
  } finally {
    for (const server of servers) await server.stop();
    work.remove();
    outbox.remove();
  }
}

main().catch((error: Error) => {
  console.error(error);
  console.log('\nVerdict: FAIL — the drill stopped');
  process.exitCode = 1;
});
