import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema the connection works in (from `?schema=`), else undefined. */
  schema?: string;
  /**
   * Told when the database cuts a connection the pool holds (PostgreSQL restarted, failed over, or ended it): the
   * pool drops that connection and opens a new one when next needed. buildApp points it at the app's log.
   */
  onConnectionError?: (error: Error) => void;
  destroy(): Promise<void>;
}

const PG_INT8_OID = 20;

/**
 * Opens the database named by a DATABASE_URL. A postgres URL may carry `?schema=name`: every pooled
 * connection then works in that schema (search_path), which is how each test app gets its own.
 */
export function createDatabase(url: string): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return openPostgres(url);
  throw new Error(`Unsupported database URL "${url.split(':')[0]}:…": use sqlite:<path> or postgres://…`);
}

/** The SQLite driver is a native add-on: built for one Node.js, it does not load in another. Say what to run. */
export function nativeAddonProblem(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== 'ERR_DLOPEN_FAILED' && !/NODE_MODULE_VERSION|was compiled against a different Node\.js/.test(message))
    return undefined;
  return (
    `The SQLite driver (better-sqlite3) was built for another Node.js than this one (${process.version}). ` +
    'Run `npm run setup` (it rebuilds it for the Node.js that runs the npm scripts), and start the server with ' +
    '`npm start` rather than a global `node`.'
  );
}

/**
 * Transactions that take SQLite's write lock as they begin (BEGIN IMMEDIATE), so several processes on one file
 * (two instances, WEB_CONCURRENCY workers, `npm run user:create` beside the server) queue on the busy timeout
 * instead of failing. A deferred BEGIN reads first and asks for the write lock later: when another process has
 * written in between, SQLite refuses the upgrade with SQLITE_BUSY at once, without waiting. Inside one process
 * nothing changes (Kysely runs one statement at a time on its one connection).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * Kysely's SQLite adapter runs migrations outside a transaction with a no-op lock (one connection, one process):
 * two processes starting on a new file both ran 0001 ('table "sessions" already exists'). SQLite does have
 * transactional DDL, so the migrations run in one immediate transaction: the second process waits for the first
 * and then finds them applied, and a migration that fails leaves nothing half done.
 */
class SqliteTransactionalDdlAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly options: SqliteDialectConfig) {
    super(options);
  }

  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.options);
  }

  override createAdapter(): SqliteAdapter {
    return new SqliteTransactionalDdlAdapter();
  }
}

/** Runs a synchronous SQLite call again (pausing the thread briefly) while it answers SQLITE_BUSY, up to ~5 s. */
function retryWhileBusy<T>(work: () => T): T {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + 5000;
  for (;;) {
    try {
      return work();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code !== 'string' || !code.startsWith('SQLITE_BUSY') || Date.now() > deadline) throw error;
      Atomics.wait(pause, 0, 0, 10 + Math.random() * 40);
    }
  }
}

/** Prepared statements kept per SQLite connection: the app's queries are a few hundred distinct texts. */
export const SQLITE_STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely sees it, with its prepared statements kept by SQL text (least recently used dropped past
 * `size`). Kysely prepares every query it runs; preparing cost more than running the catalogue's query (a profile of
 * GET /v1/CvTemplate/: 11% of the CPU in prepare). A pure cache: SQLite re-prepares a kept statement itself when the
 * schema changes, and parameters are bound per run. Nothing here streams (a statement being iterated is busy).
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  size = SQLITE_STATEMENT_CACHE_SIZE,
): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(file);
  } catch (error) {
    const problem = nativeAddonProblem(error);
    throw problem ? new Error(problem, { cause: error }) : error;
  }
  // Several instances (or a CLI next to the server) may write at once: wait instead of failing.
  sqlite.pragma('busy_timeout = 5000');
  // On a new file, processes starting together all switch it to WAL, and SQLite can answer one of them SQLITE_BUSY
  // at once, without the busy timeout (about one start in fifty with eight at once): try again for a few seconds.
  retryWhileBusy(() => sqlite.pragma('journal_mode = WAL'));
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

function openPostgres(url: string): DatabaseHandle {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema') ?? undefined;
  parsed.searchParams.delete('schema');
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/i.test(schema)) {
    throw new Error(`Invalid PostgreSQL schema name "${schema}"`);
  }
  const pool = new pg.Pool({
    connectionString: parsed.toString(),
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    // count(*) and bigint come back as JS numbers, as they do from SQLite.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const handle: DatabaseHandle = { db, dialect: 'postgres', schema, destroy: () => db.destroy() };
  // A connection the server ends (a restart: 57P01 'terminating connection due to administrator command') emits
  // 'error' on its client, and an 'error' event nobody listens to ends the process. Idle clients are listened to by
  // the pool, which re-emits on itself; a client checked out between two statements (a transaction, a request doing
  // other work) is not listened to by anyone. So: every client gets a listener of its own for as long as it lives,
  // and the pool's re-emit is answered too (the client's own listener has already reported it). The dead client is
  // not queryable any more: a statement on it fails (one 500), releasing it removes it from the pool, and the next
  // request connects afresh, so the server recovers by itself once the database is back.
  pool.on('connect', (client) => client.on('error', (error) => handle.onConnectionError?.(error)));
  pool.on('error', () => {});
  return handle;
}

/** Resolves once the database answers the smallest query there is (the readiness probe asks it). */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
