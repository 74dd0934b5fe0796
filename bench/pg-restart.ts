/**
 * Fault drill: PostgreSQL restarted under traffic — `npm run bench -- pg-restart`. Not a test: it
 * prints figures and a verdict.
 * The real server runs on PostgreSQL while 16 signed-in clients list CVs, list templates and save; PostgreSQL is
 * restarted (`pg_ctl restart -m fast`: every connection the server holds is cut); the same server process must answer
 * again without being restarted, within --recover-within seconds (default 10) of PostgreSQL being back, and then
 * with no errors for --after seconds (default 5). Errors while PostgreSQL is down are expected: counted, not a fault.
 *
 * By default the drill restarts a private PostgreSQL it creates for the purpose (initdb in a temporary folder, its
 * own port, removed afterwards), so other users of the machine's PostgreSQL are not cut off. `--system` restarts the
 * machine's cluster instead (`pg_ctlcluster <version> main restart`; needs root or the postgres user) and uses
 * TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test) with a fresh schema. Without the means to
 * restart PostgreSQL it says why and exits 1. `--down 5` stops PostgreSQL, keeps it down 5 s and starts it again (a
 * longer outage: new connections are refused meanwhile). --connections sets the clients (default 16).
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  Browser,
  Report,
  createUsers,
  cvEntries,
  describeFailure,
  drillTemplate,
  freePort,
  numberOption,
  option,
  postgresDatabase,
  sleep,
  startServer,
  tempDir,
  type Answer,
  type DrillDatabase,
} from './_drill.js';

const CONNECTIONS = numberOption('connections', 'DRILL_CONNECTIONS', 16);
const RECOVER_WITHIN_S = numberOption('recover-within', 'DRILL_RECOVER_WITHIN_S', 10);
const AFTER_S = numberOption('after', 'DRILL_AFTER_S', 5);
const WARM_S = 3;
/** --down S: stop PostgreSQL, keep it down S seconds, start it (default: a plain restart). */
const DOWN_S = Number(option('down') ?? 0);
const SYSTEM = option('system') !== undefined;

class CannotRestart extends Error {}

function run(command: string, args: string[], asPostgres = false): { ok: boolean; output: string } {
  const root = process.getuid?.() === 0;
  const [cmd, argv] =
    asPostgres && root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 120_000 });
  return {
    ok: result.status === 0,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? result.error.message : ''}`.trim(),
  };
}

function newestVersion(dir: string): string {
  if (!existsSync(dir))
    throw new CannotRestart(`${dir} does not exist: PostgreSQL's server is not installed here`);
  const versions = readdirSync(dir)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new CannotRestart(`no PostgreSQL version under ${dir}`);
  return versions[0]!;
}

interface Postgres {
  url: string;
  describe: string;
  restart(): { ok: boolean; output: string };
  stop(): { ok: boolean; output: string };
  start(): { ok: boolean; output: string };
  close(): void;
}

/** A throwaway PostgreSQL of our own: initdb in a temporary folder, trust auth, 127.0.0.1 on a free port. */
async function privatePostgres(): Promise<Postgres> {
  const bin = path.join('/usr/lib/postgresql', newestVersion('/usr/lib/postgresql'), 'bin');
  let owner: [number, number] | undefined;
  if (process.getuid?.() === 0) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (id.status !== 0)
      throw new CannotRestart('running as root and there is no postgres user to run initdb as');
    owner = [Number(id.stdout), Number(gid.stdout)];
  }
  const work = tempDir('cvb-drill-pg-');
  if (owner) chownSync(work.dir, ...owner);
  const data = path.join(work.dir, 'data');
  const port = await freePort();
  const init = run(
    path.join(bin, 'initdb'),
    ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'],
    true,
  );
  if (!init.ok) throw new CannotRestart(`initdb failed: ${init.output}`);
  const ctl = (...args: string[]) =>
    run(path.join(bin, 'pg_ctl'), ['-D', data, '-w', '-t', '60', ...args], true);
  // With its log file named every time: without one the postmaster keeps pg_ctl's output open and spawnSync waits.
  const log = path.join(work.dir, 'postgres.log');
  const start = () =>
    ctl('-l', log, '-o', `-p ${port} -k ${work.dir} -c listen_addresses=127.0.0.1`, 'start');
  const started = start();
  if (!started.ok) throw new CannotRestart(`pg_ctl start failed: ${started.output}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    describe: `a private PostgreSQL ${path.basename(path.dirname(bin))} on port ${port} (pg_ctl restart -m fast)`,
    restart: () => ctl('-l', log, '-m', 'fast', 'restart'),
    stop: () => ctl('-m', 'fast', 'stop'),
    start,
    close() {
      ctl('-m', 'immediate', 'stop');
      work.remove();
    },
  };
}

/** The machine's cluster, restarted with pg_ctlcluster: everything else using it is cut off too. */
function systemPostgres(): Postgres {
  const uid = process.getuid?.();
  const user = spawnSync('id', ['-un'], { encoding: 'utf8' }).stdout.trim();
  if (uid !== 0 && user !== 'postgres')
    throw new CannotRestart(`pg_ctlcluster needs root or the postgres user; this is ${user} (uid ${uid})`);
  const version = newestVersion('/etc/postgresql');
  return {
    url: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    describe: `the machine's PostgreSQL ${version}/main (pg_ctlcluster ${version} main restart)`,
    restart: () => run('pg_ctlcluster', [version, 'main', 'restart']),
    stop: () => run('pg_ctlcluster', [version, 'main', 'stop']),
    start: () => run('pg_ctlcluster', [version, 'main', 'start']),
    close() {},
  };
}

interface Outcome {
  /** When the call was sent and when it was answered (or failed), in seconds from the start. */
  at: number;
  end: number;
  ok: boolean;
  call: string;
  failure?: string;
}

async function main(): Promise<void> {
  const report = new Report();
  let postgres: Postgres;
  try {
    postgres = SYSTEM ? systemPostgres() : await privatePostgres();
  } catch (error) {
    if (!(error instanceof CannotRestart)) throw error;
    console.log(`pg-restart: cannot restart PostgreSQL here: ${error.message}`);
    console.log('\nVerdict: FAIL — the drill could not run');
    process.exitCode = 1;
    return;
  }
  const outbox = tempDir('cvb-drill-outbox-');
  let database: DrillDatabase | undefined;
  try {
    database = await postgresDatabase(postgres.url);
    const users = await createUsers(database.url, 4);
    const server = await startServer({
      databaseUrl: database.url,
      outboxDir: outbox.dir,
      env: { RATE_LIMIT_SCALE: '100' },
    });
    console.log(`server ${server.pid} on ${server.base}, ${postgres.describe}`);
    const outcomes: Outcome[] = [];
    const t0 = performance.now();
    const clock = () => (performance.now() - t0) / 1000;
    let stop = false;
    const probe = new Browser(server.base, 10_000);
    const { template } = await drillTemplate(probe);
    probe.close();

    const client = async (n: number) => {
      const browser = new Browser(server.base, 10_000);
      await browser.signIn(users[n % users.length]!);
      const created = await browser.post('/v1/GeneratedCV/', {
        name: `pg drill ${n}`,
        template: template.id,
        entries: cvEntries(template, 40, `c${n}v0`),
      });
      if (created.status !== 201) throw new Error(`the first save answered ${created.status}`);
      const cvId = created.json<{ id: number }>().id;
      let version = 0;
      const calls: Array<[string, () => Promise<Answer>, number]> = [
        ['CV list', () => browser.get('/v1/GeneratedCV/'), 200],
        ['templates', () => browser.get('/v1/CvTemplate/'), 200],
        [
          'save',
          () =>
            browser.put(`/v1/GeneratedCV/${cvId}/`, {
              name: `pg drill ${n}`,
              template: template.id,
              entries: cvEntries(template, 40, `c${n}v${++version}`),
            }),
          200,
        ],
      ];
      for (let i = n; !stop; i++) {
        const [call, send, expected] = calls[i % calls.length]!;
        const at = clock();
        try {
          const answer = await send();
          const ok = answer.status === expected;
          outcomes.push({
            at,
            end: clock(),
            ok,
            call,
            ...(ok ? {} : { failure: describeFailure(call, answer) }),
          });
          if (!ok) await sleep(50);
        } catch (error) {
          outcomes.push({
            at,
            end: clock(),
            ok: false,
            call,
            failure: describeFailure(call, error as Error),
          });
          await sleep(50);
        }
      }
      browser.close();
    };
    const clients = Array.from({ length: CONNECTIONS }, (_, n) => client(n));
    const running = Promise.all(clients);

    await sleep(WARM_S * 1000);
    const restartAt = clock();
    console.log(
      `restarting PostgreSQL at ${restartAt.toFixed(1)} s${DOWN_S ? `, down for ${DOWN_S} s` : ''}…`,
    );
    if (DOWN_S > 0) {
      const stopped = postgres.stop();
      if (!stopped.ok) throw new Error(`the stop failed: ${stopped.output}`);
      await sleep(DOWN_S * 1000);
    }
    const restarted = DOWN_S > 0 ? postgres.start() : postgres.restart();
    const backAt = clock();
    if (!restarted.ok) throw new Error(`the restart failed: ${restarted.output}`);
    console.log(
      `PostgreSQL back at ${backAt.toFixed(1)} s (the restart took ${(backAt - restartAt).toFixed(1)} s)`,
    );
    // Recovered: the first call that started once PostgreSQL was back and succeeded, with every later one succeeding
    // too (the server keeps answering, not one lucky call).
    const deadline = backAt + RECOVER_WITHIN_S + AFTER_S + 5;
    let recoveredAt: number | undefined;
    while (clock() < deadline) {
      await sleep(250);
      const since = outcomes.filter((o) => o.at >= backAt);
      const lastFailure = Math.max(backAt, ...since.filter((o) => !o.ok).map((o) => o.at));
      const firstOkAfter = since.find((o) => o.ok && o.at >= lastFailure);
      if (firstOkAfter && clock() - firstOkAfter.at >= AFTER_S) {
        recoveredAt = firstOkAfter.at;
        break;
      }
    }
    stop = true;
    await running;
    const alive = server.child.exitCode === null && server.child.signalCode === null;
    const ready = alive
      ? await fetch(`${server.base}/readyz`).then(
          (r) => r.status,
          () => 0,
        )
      : 0;

    const before = outcomes.filter((o) => o.end < restartAt);
    const during = outcomes.filter(
      (o) => o.end >= restartAt && (recoveredAt === undefined || o.at < recoveredAt),
    );
    const after = recoveredAt === undefined ? [] : outcomes.filter((o) => o.at >= recoveredAt!);
    const failures = (list: Outcome[]) => list.filter((o) => !o.ok).length;
    report.row('Connections / calls (CV list, templates, save)', `${CONNECTIONS} / ${outcomes.length}`);
    report.row('Errors before the restart', String(failures(before)), '0', failures(before) === 0);
    report.row(
      DOWN_S > 0 ? `PostgreSQL stopped, kept down ${DOWN_S} s, started: took` : 'PostgreSQL restart took',
      `${(backAt - restartAt).toFixed(1)} s`,
    );
    report.row(
      'Errors while PostgreSQL was away (expected)',
      `${failures(during)} of ${during.length} calls`,
    );
    const recovery = recoveredAt === undefined ? undefined : Math.max(0, recoveredAt - backAt);
    report.row(
      'Server answering again, after PostgreSQL was back',
      recovery === undefined
        ? 'never'
        : `${recovery.toFixed(1)} s (${(recoveredAt! - restartAt).toFixed(1)} s after the restart began)`,
      `≤ ${RECOVER_WITHIN_S} s`,
      recovery !== undefined && recovery <= RECOVER_WITHIN_S,
    );
    report.row(
      `Errors in the ${AFTER_S} s after recovery`,
      recoveredAt === undefined ? '—' : `${failures(after)} of ${after.length} calls`,
      '0',
      recoveredAt !== undefined && failures(after) === 0,
    );
    report.row(
      'Same server process, never restarted',
      alive ? `yes (pid ${server.pid})` : 'no: it exited',
      'yes',
      alive,
    );
    report.row('GET /readyz afterwards', String(ready), '200', ready === 200);
    const kinds = new Map<string, number>();
    for (const o of outcomes.filter((x) => !x.ok)) {
      const kind = o.failure!.replace(/\d+ ms/, 'N ms').slice(0, 110);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    for (const [kind, count] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 6))
      report.notes.push(`${count} × ${kind}`);
    if (!alive) report.notes.push(`server output:\n${server.output().slice(-3000)}`);
    await server.stop();
    report.print(
      'PostgreSQL restart drill',
      recovery === undefined
        ? 'the server did not recover'
        : `recovered ${recovery.toFixed(1)} s after PostgreSQL was back, ${failures(during)} errors during the outage`,
    );
  } finally {
    await database?.drop().catch(() => {});
    postgres.close();
    outbox.remove();
  }
}

main().catch((error: Error) => {
  console.error(error);
  console.log('\nVerdict: FAIL — the drill stopped');
  process.exitCode = 1;
});
