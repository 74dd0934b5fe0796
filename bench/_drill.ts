/**
 * What the fault and load drills share: the real server started as `npm start` starts it (its own
 * process group, so `kill -9` takes the whole tree), a browser-like HTTP client (cookie jar, CSRF header, one
 * keep-alive connection each), users made up front the way `npm run user:create` makes them, fresh databases, and
 * the table and verdict every bench prints. The leading underscore keeps `npm run bench` from running this file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';
import { now } from '../server/src/auth/clock.js';
import { hashPassword } from '../server/src/auth/passwords.js';
import { createUser } from '../server/src/users/repository.js';
import { createDatabase } from '../server/src/db/database.js';
import { migrateToLatest } from '../server/src/db/migrate.js';

export const ROOT = path.resolve(import.meta.dirname, '..');
const MAIN = path.join(ROOT, 'server/src/main.ts');
export const PASSWORD = 'Drill-Passw0rd!';

// ---------------------------------------------------------------------------------------------------------------
// Command line and small helpers

/** `--name value` or `--name=value`; `--flag` alone is 'true'. */
export function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === `--${name}`) return args[i + 1] && !args[i + 1]!.startsWith('--') ? args[i + 1] : 'true';
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

export function numberOption(name: string, envName: string, fallback: number): number {
  const raw = option(name) ?? process.env[envName];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name} (${envName}) must be a positive number, got "${raw}"`);
  return value;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const ms = (value: number) =>
  Number.isFinite(value) ? `${value.toFixed(value < 10 ? 1 : 0)} ms` : '—';

export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/** A temporary folder, removed by the returned cleanup (and on exit). */
export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  process.once('exit', remove);
  return { dir, remove };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The table every bench prints: what, measured, goal, ok/MISSED. */
export class Report {
  readonly rows: Array<[string, string, string, string]> = [];
  readonly notes: string[] = [];

  row(what: string, measured: string, goal = '', ok?: boolean): void {
    this.rows.push([what, measured, goal, ok === undefined ? '' : ok ? 'ok' : 'MISSED']);
  }

  get failed(): boolean {
    return this.rows.some((r) => r[3] === 'MISSED');
  }

  /** Prints the table, the notes and `Verdict: PASS|FAIL — summary`; a FAIL sets the exit code. */
  print(title: string, summary: string): void {
    const widths = [0, 1, 2, 3].map((c) =>
      Math.max(...[['what', 'measured', 'goal', ''], ...this.rows].map((r) => r[c]!.length)),
    );
    const line = (r: string[]) =>
      r
        .map((cell, c) => cell.padEnd(widths[c]!))
        .join('  ')
        .trimEnd();
    console.log(`\n${title} — ${new Date().toISOString()} — load average ${loadAverage()}`);
    console.log(line(['what', 'measured', 'goal', '']));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const row of this.rows) console.log(line(row));
    for (const note of this.notes) console.log(`note: ${note}`);
    console.log(`\nVerdict: ${this.failed ? 'FAIL' : 'PASS'} — ${summary}`);
    if (this.failed) process.exitCode = 1;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Databases

export interface DrillDatabase {
  name: 'SQLite' | 'PostgreSQL';
  url: string;
  drop(): Promise<void>;
}

export function sqliteDatabase(dir: string, file = 'drill.sqlite'): DrillDatabase {
  return { name: 'SQLite', url: `sqlite:${path.join(dir, file)}`, drop: async () => {} };
}

/** A fresh schema in the PostgreSQL `adminUrl` names (as the server tests get theirs), dropped by drop(). */
export async function postgresDatabase(adminUrl: string): Promise<DrillDatabase> {
  const schema = `drill_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create schema ${schema}`);
  const url = new URL(adminUrl);
  url.searchParams.set('schema', schema);
  return {
    name: 'PostgreSQL',
    url: url.toString(),
    drop: () => run(`drop schema if exists ${schema} cascade`),
  };
}

/**
 * Confirmed, active accounts made as `npm run user:create` makes them (migrating the database first), all with
 * PASSWORD: `drill-<i>@example.com`.
 */
export async function createUsers(databaseUrl: string, count: number, prefix = 'drill'): Promise<string[]> {
  const database = createDatabase(databaseUrl);
  try {
    await migrateToLatest(database.db);
    const passwordHash = await hashPassword(PASSWORD);
    const emails: string[] = [];
    for (let i = 0; i < count; i++) {
      const email = `${prefix}-${i}@example.com`;
      await createUser(
        database.db,
        { fullName: `Drill User ${i}`, email, phoneNumber: '', passwordHash, confirmed: true },
        now(),
      );
      emails.push(email);
    }
    return emails;
  } finally {
    await database.destroy();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The server

export interface ServerOptions {
  databaseUrl: string;
  outboxDir: string;
  port?: number;
  /** Extra settings (RATE_LIMIT_SCALE…); WEB_CONCURRENCY defaults to 1, so "the server" is one process. */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

export interface RunningServer {
  port: number;
  base: string;
  pid: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Everything it printed (stdout and stderr). */
  output(): string;
  /** SIGTERM and wait for the exit (SIGKILL after 15 s). */
  stop(): Promise<void>;
  /** `kill -9` of its whole process group (workers and Chromium included), at once. */
  kill9(): Promise<void>;
}

/** Starts `server/src/main.ts` as `npm start` does (tsx, the server's Node flags) and waits for /readyz. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    MAIL_OUTBOX_DIR: options.outboxDir,
    LOG_LEVEL: 'warn',
    WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '1',
    ...(process.env.CHROMIUM_PATH ? { CHROMIUM_PATH: process.env.CHROMIUM_PATH } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', ...SERVER_NODE_FLAGS, MAIN], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    // A drill can make a lot of warnings: keep the start and the latest.
    if (output.length > 2_000_000) output = output.slice(0, 100_000) + '\n…\n' + output.slice(-1_000_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))),
  );
  const pid = child.pid!;
  const groupSignal = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };
  // A drill that stops early never leaves a server behind.
  const onExit = () => groupSignal('SIGKILL');
  process.once('exit', onExit);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  let exitedEarly = false;
  void exited.then(() => (exitedEarly = true));
  for (;;) {
    if (exitedEarly) throw new Error(`the server exited during start-up:\n${output}`);
    if (Date.now() > deadline) {
      groupSignal('SIGKILL');
      throw new Error(`the server was not ready within ${options.readyTimeoutMs ?? 90_000} ms:\n${output}`);
    }
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    await sleep(200);
  }
  return {
    port,
    base,
    pid,
    child,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => groupSignal('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      // Chromium leaves with its parent; anything that did not goes now.
      groupSignal('SIGKILL');
      process.removeListener('exit', onExit);
    },
    async kill9() {
      groupSignal('SIGKILL');
      await exited;
      process.removeListener('exit', onExit);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// A browser-like client

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  ms: number;
  json<T = unknown>(): T;
}

export class HttpError extends Error {}

/**
 * One person's browser: a cookie jar, the CSRF header on unsafe methods (fetched from /auth/csrf/ as the web app
 * does), and its own keep-alive connection, so N clients are N connections.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  constructor(
    public base: string,
    private readonly timeoutMs = 60_000,
  ) {}

  close(): void {
    this.agent.destroy();
  }

  async request(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (unsafe && !this.cookies.has('csrftoken')) {
      const csrf = await this.send('GET', '/auth/csrf/');
      if (csrf.status !== 200) throw new HttpError(`GET /auth/csrf/ answered ${csrf.status}`);
    }
    return this.send(method, url, body, {
      ...(unsafe ? { 'x-csrftoken': this.cookies.get('csrftoken')! } : {}),
      ...headers,
    });
  }

  get(url: string): Promise<Answer> {
    return this.request('GET', url);
  }

  post(url: string, body?: unknown): Promise<Answer> {
    return this.request('POST', url, body ?? {});
  }

  put(url: string, body?: unknown): Promise<Answer> {
    return this.request('PUT', url, body ?? {});
  }

  /** POST /auth/login/; throws unless it answers 200. */
  async signIn(email: string, password = PASSWORD): Promise<Answer> {
    const answer = await this.post('/auth/login/', { email, password });
    if (answer.status !== 200)
      throw new HttpError(`sign-in of ${email} answered ${answer.status}: ${answer.body}`);
    return answer;
  }

  private send(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const jar = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const target = new URL(url, this.base);
    const started = performance.now();
    return new Promise<Answer>((resolve, reject) => {
      const request = http.request(
        target,
        {
          method,
          agent: this.agent,
          timeout: this.timeoutMs,
          headers: {
            ...(jar ? { cookie: jar } : {}),
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': String(payload.length) }
              : {}),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            this.remember(response.headers['set-cookie']);
            const buffer = Buffer.concat(chunks);
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: buffer,
              ms: performance.now() - started,
              json: <T>() => JSON.parse(buffer.toString()) as T,
            });
          });
        },
      );
      request.on('timeout', () =>
        request.destroy(new HttpError(`${method} ${url}: no answer in ${this.timeoutMs} ms`)),
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  private remember(setCookies: string[] | undefined): void {
    for (const header of setCookies ?? []) {
      const [pair, ...attributes] = header.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = value === '' || attributes.some((a) => /^\s*max-age=(0|-\d+)\s*$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** What a failed call was, in a few words (for the first errors a drill lists). */
export function describeFailure(what: string, outcome: Answer | Error): string {
  if (outcome instanceof Error)
    return `${what}: ${(outcome as NodeJS.ErrnoException).code ?? outcome.message}`;
  return `${what}: HTTP ${outcome.status} ${outcome.body.toString().slice(0, 160)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// CVs

export interface TemplateField {
  id: number;
  widget_type: string;
}
export interface TemplateDetail {
  id: number;
  name: string;
  sections: Array<{ name: string; is_repeatable: boolean; input_fields: TemplateField[] }>;
}

/** The template the drills save CVs with (its detail from the API) and its sample CV, as the builder posts it. */
export async function drillTemplate(
  browser: Browser,
): Promise<{ template: TemplateDetail; sample: Record<string, unknown> }> {
  const list = await browser.get('/v1/CvTemplate/');
  if (list.status !== 200) throw new HttpError(`GET /v1/CvTemplate/ answered ${list.status}`);
  const templates = list.json<
    Array<{ id: number; name: string }> | { results: Array<{ id: number; name: string }> }
  >();
  const all = Array.isArray(templates) ? templates : templates.results;
  const chosen = all.find((t) => t.name === 'Executive Classic') ?? all[0]!;
  const detail = await browser.get(`/v1/CvTemplate/${chosen.id}/`);
  if (detail.status !== 200)
    throw new HttpError(`GET /v1/CvTemplate/${chosen.id}/ answered ${detail.status}`);
  const { getTemplateRegistry } = await import('../server/src/templates/registry.js');
  const folder = getTemplateRegistry().byId(chosen.id);
  return {
    template: detail.json<TemplateDetail>(),
    sample: (folder?.sample ?? {}) as Record<string, unknown>,
  };
}

/**
 * `count` entries (at most the template's repeatable text fields × 100) whose values all carry `tag`, so a CV read
 * back shows whether every entry came from the same save: `<tag>|<field>|<index>`.
 */
export function cvEntries(template: TemplateDetail, count: number, tag: string) {
  const fields = template.sections
    .filter((s) => s.is_repeatable)
    .flatMap((s) => s.input_fields)
    .filter((f) => f.widget_type === 'text-input');
  const entries: Array<{ value: string; index: number; section_field: number }> = [];
  for (let index = 0; index < 100 && entries.length < count; index++) {
    for (const field of fields) {
      if (entries.length === count) break;
      entries.push({ value: `${tag}|${field.id}|${index}`, index, section_field: field.id });
    }
  }
  if (entries.length < count)
    throw new Error(`the template has room for ${entries.length} text entries, not ${count}`);
  return entries;
}
