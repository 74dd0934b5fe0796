import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { now } from '../../src/auth/clock.js';
import { hashPassword } from '../../src/auth/passwords.js';
import { createUser } from '../../src/users/repository.js';
import { DEFAULT_CHROMIUM_PATH } from '../../src/render/pdf.js';
import { createDatabase } from '../../src/db/database.js';
import { dropTestDatabase, testDatabases } from '../helpers/app.js';
import { descendants, freePort, halfSentRequest, running, startServer, type ProcessInfo } from '../helpers/server-process.js';

const HAS_CHROMIUM = existsSync(DEFAULT_CHROMIUM_PATH);
const EMAIL = 'cluster@example.com';
const PASSWORD = 'Passw0rd!';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request on a connection of its own (no keep-alive): the cluster hands each new connection to the next worker. */
function send(
  port: number,
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          ...headers,
          connection: 'close',
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function cookieValue(answer: Answer, name: string): string | undefined {
  for (const line of answer.headers['set-cookie'] ?? []) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(line);
    if (match) return match[1];
  }
  return undefined;
}

/** The pid of every request log line (pino's `pid`) for `path`. */
function pidsServing(stdout: string, path: string): Set<number> {
  const pids = new Set<number>();
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; path?: string; pid?: number };
      if (entry.msg === 'request' && entry.path === path && entry.pid) pids.add(entry.pid);
    } catch {
      // a line cut in two while we read
    }
  }
  return pids;
}

const isWorker = (process: ProcessInfo) => process.args.includes('server/src/main.ts');
/** Chromium's browser process (its helpers carry `--type=`). */
const isBrowser = (process: ProcessInfo) =>
  /chrom/i.test(process.args.split(' ')[0] ?? '') && !process.args.includes('--type=');

it('refuses a bad WEB_CONCURRENCY, naming it, with exit code 1', async () => {
  const server = startServer({ WEB_CONCURRENCY: '0' });
  expect(await server.exited).toBe(1);
  expect(server.logs().stderr).toContain('WEB_CONCURRENCY');
});

describe.each(testDatabases())('WEB_CONCURRENCY=2 on $name', (database) => {
  let dir: string;
  let databaseUrl: string;
  let port: number;
  let server: ReturnType<typeof startServer>;
  let primary: number;
  const session: { cookie: string; csrf: string } = { cookie: '', csrf: '' };
  const workers = () => descendants(primary).filter((p) => p.ppid === primary && isWorker(p));

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cvb-cluster-'));
    databaseUrl = await database.url();
    port = await freePort();
    server = startServer({
      WEB_CONCURRENCY: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      MAIL_OUTBOX_DIR: join(dir, 'outbox'),
      STATIC_DIR: join(dir, 'dist'),
      // The request log names the process that answered (pino's pid): how the test sees which worker served.
      LOG_LEVEL: 'info',
      ...(HAS_CHROMIUM ? {} : { CHROMIUM_PATH: '/nonexistent/chromium' }),
    });
    primary = server.child.pid!;
    await server.output(/mail:/);
  }, 60_000);

  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    for (const process of descendants(primary)) {
      try {
        globalThis.process.kill(process.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    await dropTestDatabase(databaseUrl);
    await rm(dir, { recursive: true, force: true });
  });

  it('migrates once, forks two workers and prints its start-up lines once', async () => {
    const { stdout } = server.logs();
    expect(stdout.match(/CV Builder listening on/g)).toHaveLength(1);
    expect(stdout.match(/ {2}mail: /g)).toHaveLength(1);
    expect(stdout).toContain(`http://localhost:${port}`);
    const forked = workers();
    expect(forked).toHaveLength(2);
    expect(stdout).toContain(`2 HTTP workers (pids ${forked.map((w) => w.pid).join(', ')})`);
    const ready = await send(port, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body.toString())).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('signs in on one worker and the session holds on every worker', async () => {
    const handle = createDatabase(databaseUrl);
    try {
      await createUser(
        handle.db,
        {
          fullName: 'Cluster Test',
          email: EMAIL,
          phoneNumber: '',
          passwordHash: await hashPassword(PASSWORD),
          confirmed: true,
          isStaff: false,
          isSuperuser: false,
        },
        now(),
      );
    } finally {
      await handle.destroy();
    }
    const csrfAnswer = await send(port, 'GET', '/auth/csrf/');
    session.csrf = cookieValue(csrfAnswer, 'csrftoken')!;
    expect(session.csrf).toBeTruthy();
    const login = await send(port, 'POST', '/auth/login/', {
      headers: { cookie: `csrftoken=${session.csrf}`, 'x-csrftoken': session.csrf },
      body: { email: EMAIL, password: PASSWORD },
    });
    expect(login.status).toBe(200);
    const sessionCookie = (login.headers['set-cookie'] ?? []).find((line) => !line.startsWith('csrftoken='))!;
    session.cookie = `${sessionCookie.split(';')[0]}; csrftoken=${session.csrf}`;

    for (let i = 0; i < 8; i++) {
      const profile = await send(port, 'GET', '/auth/profile/', { headers: { cookie: session.cookie } });
      expect(profile.status).toBe(200);
      expect(JSON.parse(profile.body.toString())).toMatchObject({ email: EMAIL });
    }
    // The log line is written once the answer has gone: wait for all eight.
    await expect
      .poll(() => pidsServing(server.logs().stdout, '/auth/profile/').size, { timeout: 5_000 })
      .toBe(2);
    const servedBy = pidsServing(server.logs().stdout, '/auth/profile/');
    const workerPids = workers().map((w) => w.pid);
    for (const pid of servedBy) expect(workerPids).toContain(pid);
  });

  it.runIf(HAS_CHROMIUM)(
    "prints PDF previews on every worker through one Chromium, the primary's",
    async () => {
      for (let i = 0; i < 4; i++) {
        const pdf = await send(port, 'POST', '/v1/preview-pdf/', {
          headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
          body: { template_id: 1, cv_data: {} },
        });
        expect(pdf.status).toBe(200);
        expect(pdf.headers['content-type']).toBe('application/pdf');
        expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
      }
      await expect
        .poll(() => pidsServing(server.logs().stdout, '/v1/preview-pdf/').size, { timeout: 5_000 })
        .toBe(2);

      const tree = descendants(primary);
      const browsers = tree.filter(isBrowser);
      expect(browsers).toHaveLength(1);
      expect(browsers[0]!.ppid).toBe(primary);
      for (const worker of workers())
        expect(descendants(worker.pid).filter((p) => /chrom/i.test(p.args))).toEqual([]);

      // Every worker reports the one renderer's state.
      for (let i = 0; i < 4; i++) {
        expect(JSON.parse((await send(port, 'GET', '/readyz')).body.toString())).toMatchObject({
          renderer: 'running',
        });
      }
    },
    60_000,
  );

  it('replaces a worker that dies', async () => {
    const [victim, survivor] = workers();
    process.kill(victim!.pid, 'SIGKILL');
    await expect
      .poll(
        () =>
          workers()
            .map((w) => w.pid)
            .filter((pid) => pid !== victim!.pid && pid !== survivor!.pid).length,
        {
          timeout: 30_000,
          interval: 200,
        },
      )
      .toBe(1);
    expect(workers()).toHaveLength(2);
    expect(server.logs().stdout).toMatch(
      new RegExp(`HTTP worker ${victim!.pid} exited unexpectedly \\(signal SIGKILL\\)`),
    );
    // The newcomer serves (and knows the session) once it listens.
    await expect
      .poll(() => /HTTP worker \d+ listening/.test(server.logs().stdout), { timeout: 30_000 })
      .toBe(true);
    for (let i = 0; i < 4; i++) {
      expect(
        (await send(port, 'GET', '/auth/profile/', { headers: { cookie: session.cookie } })).status,
      ).toBe(200);
    }
  }, 60_000);

  it('on SIGTERM answers the request in flight, refuses new connections, and is gone within 10 s, every process with it', async () => {
    const everything = descendants(primary);
    expect(everything.filter(isWorker)).toHaveLength(2);

    // A request in flight: its headers are in, half its body is still to come when SIGTERM arrives.
    const inFlight = await halfSentRequest(port);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await expect
      .poll(
        () =>
          send(port, 'GET', '/healthz').then(
            () => 'answered',
            () => 'refused',
          ),
        { timeout: 5_000 },
      )
      .toBe('refused');
    const answer = await inFlight.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 (4\d\d|200) /);
    expect(answer).toContain('"detail"');
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    for (const process of everything)
      expect(running(process.pid), `${process.pid} ${process.args}`).toBe(false);
  }, 60_000);
});
