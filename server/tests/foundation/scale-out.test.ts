import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RATE_LIMITS } from '../../src/auth/routes.js';
import { REPO_ROOT } from '../../src/config.js';
import { dropTestDatabase, testDatabases, type TestDatabase } from '../helpers/app.js';
import { findLink, readOutbox } from '../helpers/outbox.js';

// Scale-out proof: two server processes on one database, as two instances behind a load balancer
// would be. Nothing either needs is kept in its own memory: a session started on one is honoured (and ended) on the
// other, a rate limit counts the attempts made on both, and a confirmation link mailed by one is accepted by the
// other (the signing secret is in the database). PostgreSQL is the shared store for instances on several machines:
// without TEST_POSTGRES_URL that case is skipped. Two processes on one SQLite file (one machine) are checked too.
const MAIN = join(REPO_ROOT, 'server/src/main.ts');
const databases = testDatabases();
// As every server test: SQLite always, PostgreSQL when TEST_POSTGRES_URL is set (CI sets it); said when it is not.
if (!databases.some((database) => database.name === 'postgres'))
  console.warn('scale-out.test.ts: no PostgreSQL case: TEST_POSTGRES_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test).');
const cases: Array<[string, TestDatabase]> = databases.map((database) => [
  database.name === 'postgres' ? 'PostgreSQL database' : 'SQLite file (one machine)',
  database,
]);

interface Instance {
  name: string;
  base: string;
  port: number;
  child: ChildProcess;
  exited: Promise<unknown>;
  output(): string;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `npm start`'s server as a process of its own; resolves once /readyz answers 200. */
async function startInstance(name: string, databaseUrl: string, outboxDir: string, staticDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      MAIL_OUTBOX_DIR: outboxDir,
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
      // One process each: the two instances are the point (the default may become one worker per core).
      WEB_CONCURRENCY: '1',
      // No PDF here: neither instance needs a browser.
      CHROMIUM_PATH: '/nonexistent/chromium',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  // Never left behind, whatever happens to the test run.
  const stop = () => child.kill('SIGKILL');
  process.once('exit', stop);
  void exited.then(() => process.removeListener('exit', stop));
  let gone = false;
  void exited.then(() => (gone = true));
  const instance: Instance = {
    name,
    base: `http://127.0.0.1:${port}`,
    port,
    child,
    exited,
    output: () => output,
  };
  const deadline = Date.now() + 50_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`instance ${name} exited during start-up:\n${output}`);
    const ready = await fetch(`${instance.base}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return instance;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  child.kill('SIGKILL');
  throw new Error(`instance ${name} was not ready in 50 s:\n${output}`);
}

/**
 * One browser in front of both instances: cookies do not tell ports apart, so whichever instance answers gets the
 * same jar, as behind a load balancer.
 */
function browser() {
  const jar = new Map<string, string>();
  const request = async (instance: Instance, method: string, path: string, body?: unknown) => {
    const unsafe = method !== 'GET';
    if (unsafe && !jar.has('csrftoken')) await request(instance, 'GET', '/auth/csrf/');
    const response = await fetch(`${instance.base}${path}`, {
      method,
      headers: {
        ...(jar.size ? { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
        ...(unsafe ? { 'x-csrftoken': jar.get('csrftoken')!, 'content-type': 'application/json' } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...value] = pair!.split('=');
      if (value.join('=') === '' || /max-age=0/i.test(header)) jar.delete(name!.trim());
      else jar.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    return { status: response.status, json: () => JSON.parse(text) as Record<string, unknown>, text };
  };
  return {
    jar,
    get: (instance: Instance, path: string) => request(instance, 'GET', path),
    post: (instance: Instance, path: string, body: unknown = {}) => request(instance, 'POST', path, body),
  };
}

const PASSWORD = 'Passw0rd!';

describe.each(cases)('two server processes on one %s', (_title, database) => {
  let a: Instance;
  let b: Instance;
  let work: string;
  let databaseUrl: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'cvb-scale-out-'));
    databaseUrl = await database.url();
    // Started together on an empty database: both migrate, seed and settle on one signing secret at once.
    const started = await Promise.allSettled([
      startInstance('A', databaseUrl, join(work, 'outbox'), join(work, 'dist')),
      startInstance('B', databaseUrl, join(work, 'outbox'), join(work, 'dist')),
    ]);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) {
      // The one that did start is not left running.
      for (const result of started) if (result.status === 'fulfilled') result.value.child.kill('SIGKILL');
      throw failed.reason;
    }
    [a, b] = started.map((result) => (result as PromiseFulfilledResult<Instance>).value) as [
      Instance,
      Instance,
    ];
  }, 60_000);

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (instance && instance.child.exitCode === null) {
        instance.child.kill('SIGTERM');
        await instance.exited;
      }
    }
    await dropTestDatabase(databaseUrl);
    await rm(work, { recursive: true, force: true });
  });

  const other = (instance: Instance) => (instance === a ? b : a);

  it('accepts on one instance the confirmation link the other mailed', async () => {
    const person = browser();
    const email = 'scale.out@example.com';
    const registered = await person.post(a, '/auth/register/', {
      full_name: 'Scale Out',
      email,
      phone_number: '+12025550123',
      password1: PASSWORD,
      password2: PASSWORD,
    });
    expect(registered.status, registered.text).toBe(201);
    // The mail queue sends after the answer, from whichever instance claims it first.
    let link: URL | undefined;
    const deadline = Date.now() + 20_000;
    while (!link && Date.now() < deadline) {
      const mail = (await readOutbox(join(work, 'outbox'))).find((message) => message.to.includes(email));
      const found = mail && findLink(mail.text, '/confirm-email');
      if (found) link = new URL(found);
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(link, 'no confirmation mail in the outbox').toBeDefined();
    // Links are built from the sender's PUBLIC_URL (http://localhost:<its port>): open it on the other instance.
    const sender = Number(link!.port) === a.port ? a : b;
    expect([a.port, b.port]).toContain(Number(link!.port));
    const query = `uid=${link!.searchParams.get('uid')}&token=${link!.searchParams.get('token')}`;
    const confirmed = await person.get(other(sender), `/auth/confirm-email/?${query}`);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json().detail).toBe('Email confirmed.');
    // Single use, on either instance.
    expect((await person.get(sender, `/auth/confirm-email/?${query}`)).status).toBe(400);
  });

  it('honours on one instance the session started on the other, and ends it everywhere', async () => {
    const person = browser();
    const signedIn = await person.post(a, '/auth/login/', {
      email: 'scale.out@example.com',
      password: PASSWORD,
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(person.jar.has('sessionid')).toBe(true);

    const profile = await person.get(b, '/auth/profile/');
    expect(profile.status, profile.text).toBe(200);
    expect(profile.json().email).toBe('scale.out@example.com');

    // An unsafe call on B with the CSRF cookie A set, and what it saved seen through A.
    const templates = await person.get(b, '/v1/CvTemplate/');
    const templateId = (templates.json() as unknown as Array<{ id: number }>)[0]!.id;
    const saved = await person.post(b, '/v1/GeneratedCV/', {
      name: 'Saved on B',
      template: templateId,
      entries: [],
    });
    expect(saved.status, saved.text).toBe(201);
    const listed = await person.get(a, '/v1/GeneratedCV/');
    expect((listed.json() as unknown as Array<{ name: string }>).map((cv) => cv.name)).toEqual([
      'Saved on B',
    ]);

    // Signed out on B: A no longer knows the session either.
    const session = person.jar.get('sessionid')!;
    expect((await person.post(b, '/auth/logout/')).status).toBe(200);
    person.jar.set('sessionid', session);
    expect((await person.get(a, '/auth/profile/')).status).toBe(401);
  });

  it('counts a rate limit across both instances', async () => {
    const attacker = browser();
    // One browser from one address: the account-and-address limit is the one it meets first.
    const limit = RATE_LIMITS.loginFromAddress.limit;
    const statuses: number[] = [];
    // Wrong passwords for one account, alternately on A and B, until one is refused.
    for (let attempt = 0; attempt < limit + 2; attempt++) {
      const instance = attempt % 2 === 0 ? a : b;
      const answer = await attacker.post(instance, '/auth/login/', {
        email: 'victim@example.com',
        password: 'Wrong-1',
      });
      statuses.push(answer.status);
      if (answer.status === 429) break;
    }
    expect(statuses.filter((status) => status === 400)).toHaveLength(limit);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.indexOf(429)).toBe(limit);
    // And the instance that did not answer the 429 refuses too.
    const last = statuses.length % 2 === 1 ? a : b;
    const refused = await attacker.post(other(last), '/auth/login/', {
      email: 'victim@example.com',
      password: 'Wrong-1',
    });
    expect(refused.status).toBe(429);
  });

  it('kept both instances running throughout', () => {
    expect(a.child.exitCode, a.output()).toBeNull();
    expect(b.child.exitCode, b.output()).toBeNull();
  });
});
