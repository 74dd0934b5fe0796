import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type Driver,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema the connection works in (from `?schema=`), else undefined. */
  schema?: string;
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
 * SQLite transactions start with BEGIN IMMEDIATE, taking the write lock at once. Kysely's plain BEGIN (deferred) is
 * safe inside one process, which has one connection, but with several processes on one file (WEB_CONCURRENCY > 1,
 * or a CLI beside the server) a transaction that reads and then writes fails with SQLITE_BUSY — without waiting the
 * busy timeout — when another process wrote in between. Taken first, the lock is waited for (busy_timeout) instead,
 * and a transaction's reads and writes see one state. Transactions here are short and run no I/O but the database.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
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
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Several instances (or a CLI next to the server) may write at once: wait instead of failing.
  sqlite.pragma('busy_timeout = 5000');
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
  return { db, dialect: 'postgres', schema, destroy: () => db.destroy() };
}
