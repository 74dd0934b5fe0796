import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Mailer } from '../../src/mail/mailer.js';
import type { PdfPrinter } from '../../src/render/pdf.js';
import { createSessionToken, SESSION_COOKIE } from '../../src/http/session.js';
import { CSRF_COOKIE } from '../../src/http/csrf.js';
import { pactProviderStatesRoutes } from '../pact/provider-state-routes.js';
import { copyOfMigratedSqlite, createMigratedPostgresSchema } from './migrated-template.js';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** A fresh, empty, isolated database URL on every call (a temp SQLite file or a new PG schema). */
  url: () => Promise<string>;
  /**
   * Like url(), but the schema is already migrated (a copy of one migrated once, ./migrated-template.ts): what
   * createTestApp builds on, as the migrations run per app cost more than most tests.
   */
  migratedUrl: () => Promise<string>;
}

// What to remove once an app built on a helper-made database closes.
const cleanups = new Map<string, () => Promise<void>>();

async function freshSqliteUrl(migrated = false): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cvb-db-'));
  const file = join(dir, 'test.sqlite');
  const url = `sqlite:${file}`;
  cleanups.set(url, () => rm(dir, { recursive: true, force: true }));
  if (migrated) await copyOfMigratedSqlite(file);
  return url;
}

async function withPostgres<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function freshPostgresUrl(adminUrl: string, migrated = false): Promise<string> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await withPostgres(adminUrl, async (client) => {
    if (migrated) await createMigratedPostgresSchema(adminUrl, client, schema);
    else await client.query(`create schema ${schema}`);
  });
  const url = new URL(adminUrl);
  url.searchParams.set('schema', schema);
  const result = url.toString();
  cleanups.set(result, async () => {
    await withPostgres(adminUrl, (client) => client.query(`drop schema if exists ${schema} cascade`));
  });
  return result;
}

/** SQLite always; PostgreSQL too when TEST_POSTGRES_URL is set. Use with `describe.each(testDatabases())`. */
export function testDatabases(): TestDatabase[] {
  const databases: TestDatabase[] = [
    { name: 'sqlite', url: () => freshSqliteUrl(), migratedUrl: () => freshSqliteUrl(true) },
  ];
  const postgresUrl = process.env.TEST_POSTGRES_URL;
  if (postgresUrl)
    databases.push({
      name: 'postgres',
      url: () => freshPostgresUrl(postgresUrl),
      migratedUrl: () => freshPostgresUrl(postgresUrl, true),
    });
  return databases;
}

/** Removes a database made by testDatabases() (createTestApp's close() does this for you). */
export async function dropTestDatabase(url: string): Promise<void> {
  const cleanup = cleanups.get(url);
  cleanups.delete(url);
  await cleanup?.();
}

export interface TestApp {
  app: FastifyInstance;
  outboxDir: string;
  databaseUrl: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Run the seeders (templates…); default true. */
  seed?: boolean;
  /** Instead of the mailer the config names (e.g. one that fails like a mail server that is down). */
  mailer?: Mailer;
  /** Print with this instead of an in-process renderer (a cluster worker's proxy). */
  renderer?: PdfPrinter;
}

/**
 * A fully built app on its own database (temp SQLite file unless `db` says otherwise) and its own
 * temp outbox, logging silenced. `db` is a URL (used as it is) or an entry of testDatabases() (a new database that
 * starts migrated: the app's own migration run finds nothing to do).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  db?: string | TestDatabase,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const databaseUrl = typeof db === 'string' ? db : db ? await db.migratedUrl() : await freshSqliteUrl(true);
  const outboxDir = await mkdtemp(join(tmpdir(), 'cvb-outbox-'));
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'silent', SECRET_KEY: 'test-secret-key-not-for-production' }),
    databaseUrl,
    mailOutboxDir: outboxDir,
    // A save would start Chromium in the background; the tests of stored files turn it on.
    renderOnSave: false,
    ...overrides,
  };
  let app: FastifyInstance;
  try {
    app = await buildApp(config, {
      seed: options.seed,
      ...(options.mailer ? { mailer: options.mailer } : {}),
      ...(options.renderer ? { renderer: options.renderer } : {}),
      // Registered only when the config says test mode (PACT_PROVIDER_STATES=1).
      providerStates: pactProviderStatesRoutes,
    });
  } catch (error) {
    await dropTestDatabase(databaseUrl);
    await rm(outboxDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    outboxDir,
    databaseUrl,
    async close() {
      await app.close();
      await dropTestDatabase(databaseUrl);
      await rm(outboxDir, { recursive: true, force: true });
    },
  };
}

type Body = InjectOptions['payload'];
export interface RequestOptions {
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** false: send no X-CSRFToken header (to test the CSRF check itself). */
  csrf?: boolean;
}

export interface TestClient {
  get(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  post(url: string, body?: Body, options?: RequestOptions): Promise<LightMyRequestResponse>;
  put(url: string, body?: Body, options?: RequestOptions): Promise<LightMyRequestResponse>;
  patch(url: string, body?: Body, options?: RequestOptions): Promise<LightMyRequestResponse>;
  delete(url: string, body?: Body, options?: RequestOptions): Promise<LightMyRequestResponse>;
  request(
    method: InjectOptions['method'],
    url: string,
    body?: Body,
    options?: RequestOptions,
  ): Promise<LightMyRequestResponse>;
  /** The cookie jar: name → value. */
  cookies: Map<string, string>;
  /** Signs in as `userId` by creating a session row directly (no password needed). */
  signInAs(userId: number): Promise<void>;
}

/**
 * A browser-like client over `app.inject`: keeps cookies between calls and, for unsafe methods,
 * fetches `/auth/csrf/` once and sends X-CSRFToken, as the web app does.
 */
export async function client(app: FastifyInstance): Promise<TestClient> {
  const cookies = new Map<string, string>();

  const remember = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const expired =
        cookie.value === '' ||
        (cookie.maxAge !== undefined && cookie.maxAge <= 0) ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) cookies.delete(cookie.name);
      else cookies.set(cookie.name, cookie.value);
    }
  };

  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  const request: TestClient['request'] = async (method, url, body, options = {}) => {
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(String(method).toUpperCase());
    if (unsafe && options.csrf !== false && !cookies.has(CSRF_COOKIE)) {
      remember(await app.inject({ method: 'GET', url: '/auth/csrf/', headers: { cookie: cookieHeader() } }));
    }
    const headers: Record<string, string> = { ...options.headers };
    const jar = cookieHeader();
    if (jar) headers.cookie = jar;
    if (unsafe && options.csrf !== false && cookies.has(CSRF_COOKIE))
      headers['x-csrftoken'] = cookies.get(CSRF_COOKIE)!;
    const response = await app.inject({
      method,
      url,
      headers,
      ...(options.query ? { query: options.query } : {}),
      ...(body === undefined ? {} : { payload: body }),
    });
    remember(response);
    return response;
  };

  return {
    cookies,
    request,
    get: (url, options) => request('GET', url, undefined, options),
    post: (url, body, options) => request('POST', url, body, options),
    put: (url, body, options) => request('PUT', url, body, options),
    patch: (url, body, options) => request('PATCH', url, body, options),
    delete: (url, body, options) => request('DELETE', url, body, options),
    async signInAs(userId) {
      cookies.set(SESSION_COOKIE, await createSessionToken(app.db, userId));
    },
  };
}
