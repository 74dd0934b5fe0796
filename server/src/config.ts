import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_CHROMIUM_PATH,
  DEFAULT_MAX_MEMORY_MB,
  DEFAULT_PROCESS_MODEL,
  PROCESS_MODELS,
  type ProcessModel,
} from './render/pdf.js';
import { DEFAULT_KEEP_ALL_DAYS } from './versions/retention.js';

/** Repository root: defaults that name a folder (dist/, var/) are anchored here, not at the cwd. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  /** Origin the product is reached at, without a trailing slash; links in mail are built from it. */
  publicUrl: string;
  /** `sqlite:<path>`, `sqlite::memory:` or `postgres://…` (optionally `?schema=name`). */
  databaseUrl: string;
  mailOutboxDir: string;
  smtpUrl: string | null;
  mailFrom: string;
  /** The operator's support address, shown on /contact (SUPPORT_EMAIL); null: 'contact the site's administrator'. */
  supportEmail: string | null;
  /** null when no Chromium is available: PDF endpoints then answer 503. */
  chromiumPath: string | null;
  staticDir: string;
  /**
   * Key for signing tokens. When SECRET_KEY is unset, buildApp generates one once and stores it in
   * the `settings` table, so every instance sharing the database agrees; `app.config.secretKey`
   * is always set after buildApp.
   */
  secretKey?: string;
  logLevel: LogLevel;
  nodeEnv: string;
  googleClientId: string | null;
  googleUserinfoUrl: string;
  /** Where the server checks which client a Google access token was issued to (audience check). */
  googleTokeninfoUrl: string;
  /** The Google Identity Services script the web app loads (public; handed to the web at runtime). */
  googleScriptUrl: string;
  linkedinClientId: string | null;
  linkedinClientSecret: string | null;
  linkedinAuthorizationUrl: string;
  linkedinTokenUrl: string;
  linkedinUserinfoUrl: string;
  pdfPoolSize: number;
  pdfTimeoutMs: number;
  /** Chromium is recycled when its processes' PSS passes this many MB (PDF_RENDERER_MAX_MB; 0: never). */
  pdfMaxMemoryMb: number;
  /** Chromium in one process or in its usual many (PDF_RENDERER_PROCESS_MODEL: one, multi). */
  pdfProcessModel: ProcessModel;
  /**
   * HTTP worker processes (WEB_CONCURRENCY, default: the cores). 1: one process serves and renders (tests and e2e run
   * this way); more: node:cluster workers share the port and one PDF renderer in the primary (server/src/cluster/).
   */
  webConcurrency: number;
  trustProxy: boolean;
  /** Largest accepted request body in bytes (BODY_LIMIT); larger bodies get 413. */
  bodyLimit: number;
  /** Multiplies every rate limit (1 in production; the e2e server, whose browsers all share 127.0.0.1, raises it). */
  rateLimitScale: number;
  /**
   * ACCOUNT_LOCKOUT_LIMIT (unset in production): failed sign-ins of one account from anywhere within 15 minutes that
   * lock it, counted as given (RATE_LIMIT_SCALE does not multiply it). At most the rule's own 50, so it can only
   * make the lock stricter. Only the e2e server sets it: with its scaled limits the lockout is out of reach from one
   * address (the per-address limit stops first), and its journey of the unlock link needs it (docs/operations.md).
   */
  accountLockoutLimit: number | null;
  /** Days a deleted CV stays in the bin before the purge job removes it for good (BIN_RETENTION_DAYS, default 30). */
  binRetentionDays: number;
  /**
   * PACT_PROVIDER_STATES=1: the server answers `POST /_pact/provider-states`, which empties the database and seeds a
   * Pact provider state (test mode only: `npm run pact:verify` and the provider verification use it). The route is
   * test code, handed to buildApp by the tests (its `providerStates` option); a server without it refuses to start.
   */
  pactProviderStates: boolean;
  /** API_DOCS=1 (`npm run dev` sets it): the OpenAPI document and its browsable page at `/api/docs`. */
  apiDocs: boolean;
  /**
   * VERSIONS_KEEP_ALL_DAYS (default 30): every version of a CV younger than this many days is kept; older ones are
   * thinned to the last of each day, named and delivered ones kept for ever (server/src/versions/retention.ts).
   */
  versionsKeepAllDays: number;
  /**
   * RENDER_ON_SAVE (default on): each save renders the CV's PDF and Word file in the background and stores them with
   * its version (server/src/rendered-files/); off, a file is made at its first download instead. The server tests
   * turn it off unless they test it, so a save does not start Chromium.
   */
  renderOnSave: boolean;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}

function httpUrl(env: Env, name: string, fallback: string): string {
  const raw = read(env, name) ?? fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `is not a valid URL: "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, `must be an http:// or https:// URL, got "${raw}"`);
  }
  return raw;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function path(env: Env, name: string, fallback: string): string {
  const raw = read(env, name);
  if (raw === undefined) return resolve(REPO_ROOT, fallback);
  return isAbsolute(raw) ? raw : resolve(raw);
}

function databaseUrl(env: Env): string {
  const raw = read(env, 'DATABASE_URL');
  if (raw === undefined) return `sqlite:${resolve(REPO_ROOT, 'var/cv-builder.sqlite')}`;
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (file === '')
      throw new ConfigError(
        'DATABASE_URL',
        'a sqlite: URL needs a file path, e.g. sqlite:var/cv-builder.sqlite',
      );
    return file === ':memory:' ? raw : `sqlite:${isAbsolute(file) ? file : resolve(file)}`;
  }
  if (raw.startsWith('postgres://') || raw.startsWith('postgresql://')) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError('DATABASE_URL', 'is not a valid postgres:// URL');
    }
    return raw;
  }
  const scheme = raw.includes(':') ? raw.slice(0, raw.indexOf(':')) : raw;
  throw new ConfigError(
    'DATABASE_URL',
    `unknown scheme "${scheme}": use sqlite:<path>, sqlite::memory: or postgres://…`,
  );
}

function logLevel(env: Env): LogLevel {
  const raw = (read(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(raw as LogLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  }
  return raw as LogLevel;
}

function processModel(env: Env): ProcessModel {
  const raw = (read(env, 'PDF_RENDERER_PROCESS_MODEL') ?? DEFAULT_PROCESS_MODEL).toLowerCase();
  if (!PROCESS_MODELS.includes(raw as ProcessModel)) {
    throw new ConfigError('PDF_RENDERER_PROCESS_MODEL', `must be one of ${PROCESS_MODELS.join(', ')}, got "${raw}"`);
  }
  return raw as ProcessModel;
}

function chromiumPath(env: Env): string | null {
  const raw = read(env, 'CHROMIUM_PATH');
  if (raw !== undefined) return raw;
  return existsSync(DEFAULT_CHROMIUM_PATH) ? DEFAULT_CHROMIUM_PATH : null;
}

function smtpUrl(env: Env): string | null {
  const raw = read(env, 'SMTP_URL');
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('SMTP_URL', `is not a valid URL: "${raw}"`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new ConfigError('SMTP_URL', `must be an smtp:// or smtps:// URL, got "${raw}"`);
  }
  return raw;
}

function supportEmail(env: Env): string | null {
  const raw = read(env, 'SUPPORT_EMAIL');
  if (raw === undefined) return null;
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(raw) || raw.length > 254)
    throw new ConfigError('SUPPORT_EMAIL', `is not an email address: "${raw}"`);
  return raw;
}

/** The most HTTP workers WEB_CONCURRENCY may ask for. */
export const MAX_WEB_CONCURRENCY = 64;

/** One HTTP worker per core the process may use (cgroup and affinity limits included), at most 64. */
export function defaultWebConcurrency(): number {
  return Math.min(MAX_WEB_CONCURRENCY, Math.max(1, availableParallelism()));
}

/** An in-memory SQLite database belongs to one process: it cannot be shared by workers, so it means one. */
function webConcurrency(env: Env, database: string): number {
  if (database !== 'sqlite::memory:') {
    return integer(env, 'WEB_CONCURRENCY', defaultWebConcurrency(), 1, MAX_WEB_CONCURRENCY);
  }
  const workers = integer(env, 'WEB_CONCURRENCY', 1, 1, MAX_WEB_CONCURRENCY);
  if (workers > 1) {
    throw new ConfigError(
      'WEB_CONCURRENCY',
      `must be 1 with DATABASE_URL=sqlite::memory: (each worker would have a database of its own), got ${workers}`,
    );
  }
  return workers;
}

/** Reads and validates the environment; a bad value throws ConfigError naming the variable. */
export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8000, 0, 65535);
  const secretKey = read(env, 'SECRET_KEY');
  const database = databaseUrl(env);
  return {
    port,
    host: read(env, 'HOST') ?? '0.0.0.0',
    publicUrl: httpUrl(env, 'PUBLIC_URL', `http://localhost:${port}`).replace(/\/+$/, ''),
    databaseUrl: database,
    mailOutboxDir: path(env, 'MAIL_OUTBOX_DIR', 'var/outbox'),
    smtpUrl: smtpUrl(env),
    mailFrom: read(env, 'MAIL_FROM') ?? 'CV Builder <no-reply@localhost>',
    supportEmail: supportEmail(env),
    chromiumPath: chromiumPath(env),
    staticDir: path(env, 'STATIC_DIR', 'dist'),
    ...(secretKey === undefined ? {} : { secretKey }),
    logLevel: logLevel(env),
    nodeEnv: read(env, 'NODE_ENV') ?? 'development',
    googleClientId: read(env, 'GOOGLE_CLIENT_ID') ?? null,
    googleUserinfoUrl: httpUrl(
      env,
      'GOOGLE_USERINFO_URL',
      'https://openidconnect.googleapis.com/v1/userinfo',
    ),
    googleTokeninfoUrl: httpUrl(env, 'GOOGLE_TOKENINFO_URL', 'https://oauth2.googleapis.com/tokeninfo'),
    googleScriptUrl: httpUrl(env, 'GOOGLE_SCRIPT_URL', 'https://accounts.google.com/gsi/client'),
    linkedinClientId: read(env, 'LINKEDIN_CLIENT_ID') ?? null,
    linkedinClientSecret: read(env, 'LINKEDIN_CLIENT_SECRET') ?? null,
    linkedinAuthorizationUrl: httpUrl(
      env,
      'LINKEDIN_AUTHORIZATION_URL',
      'https://www.linkedin.com/oauth/v2/authorization',
    ),
    linkedinTokenUrl: httpUrl(env, 'LINKEDIN_TOKEN_URL', 'https://www.linkedin.com/oauth/v2/accessToken'),
    linkedinUserinfoUrl: httpUrl(env, 'LINKEDIN_USERINFO_URL', 'https://api.linkedin.com/v2/userinfo'),
    pdfPoolSize: integer(env, 'PDF_POOL_SIZE', 2, 1, 64),
    pdfTimeoutMs: integer(env, 'PDF_TIMEOUT_MS', 15_000, 100, 600_000),
    pdfMaxMemoryMb: integer(env, 'PDF_RENDERER_MAX_MB', DEFAULT_MAX_MEMORY_MB, 0, 1_000_000),
    pdfProcessModel: processModel(env),
    webConcurrency: webConcurrency(env, database),
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    bodyLimit: integer(env, 'BODY_LIMIT', 1_048_576, 1024, 1024 * 1024 * 1024),
    rateLimitScale: integer(env, 'RATE_LIMIT_SCALE', 1, 1, 1_000_000),
    accountLockoutLimit:
      read(env, 'ACCOUNT_LOCKOUT_LIMIT') === undefined ? null : integer(env, 'ACCOUNT_LOCKOUT_LIMIT', 50, 1, 50),
    binRetentionDays: integer(env, 'BIN_RETENTION_DAYS', 30, 1, 3650),
    pactProviderStates: boolean(env, 'PACT_PROVIDER_STATES', false),
    apiDocs: boolean(env, 'API_DOCS', false),
    versionsKeepAllDays: integer(env, 'VERSIONS_KEEP_ALL_DAYS', DEFAULT_KEEP_ALL_DAYS, 1, 36_500),
    renderOnSave: boolean(env, 'RENDER_ON_SAVE', true),
  };
}
