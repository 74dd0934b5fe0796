// Test databases that start migrated, copied from one migrated once, instead of running every migration again for
// each test app: on PostgreSQL the migrations cost 0.2-0.3 s a schema, and the server tests build hundreds of apps.
// - SQLite: one migrated file per test process, copied for each app.
// - PostgreSQL: one schema migrated once and dumped (pg_dump, schema and bookkeeping rows); each app's schema is that
//   dump replayed in one round trip. The dump is kept in the temp folder under a key made of the migrations' source
//   and the server's version, so one process of a run makes it and the others read it.
// The app's own start still runs migrateToLatest, which finds everything applied. When anything here fails (no
// pg_dump, say) the schema is left empty and the app migrates it as before: slower, never different.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  renameSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type pg from 'pg';
import { createDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations');
/** Stands for the schema's name in the kept dump. */
const PLACEHOLDER = '__cvb_test_schema__';

/** What the migrated schema depends on: the migrations' source (and this file's way of copying it). */
function migrationsKey(): string {
  const hash = createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url)));
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(name).update(readFileSync(join(MIGRATIONS_DIR, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

let sqliteTemplate: string | undefined;

/** A copy of a SQLite file migrated once in this process (removed when the process ends). */
export async function copyOfMigratedSqlite(target: string): Promise<void> {
  if (!sqliteTemplate) {
    const dir = mkdtempSync(join(tmpdir(), 'cvb-db-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'migrated.sqlite');
    const handle = createDatabase(`sqlite:${file}`);
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.destroy();
    }
    sqliteTemplate = file;
  }
  copyFileSync(sqliteTemplate, target);
}

let postgresDump: Promise<string | undefined> | undefined;

async function makePostgresDump(adminUrl: string, client: pg.Client): Promise<string | undefined> {
  const { rows } = await client.query<{ version: string }>(
    `select current_setting('server_version_num') as version`,
  );
  const file = join(tmpdir(), `cvb-pg-template-${migrationsKey()}-${rows[0]!.version}.sql`);
  try {
    return readFileSync(file, 'utf8');
  } catch {
    // Not made yet: make it below.
  }
  const schema = `cvb_template_${randomBytes(6).toString('hex')}`;
  await client.query(`create schema ${schema}`);
  try {
    const url = new URL(adminUrl);
    url.searchParams.set('schema', schema);
    const handle = createDatabase(url.toString());
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.destroy();
    }
    const connection = new URL(adminUrl);
    connection.search = '';
    const { stdout } = await promisify(execFile)(
      'pg_dump',
      ['--dbname', connection.toString(), '--schema', schema, '--inserts', '--no-owner', '--no-privileges'],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const replay = stdout
      .split('\n')
      // psql's own commands (\restrict …) and comments; the schema is made by the caller.
      .filter(
        (line) => !line.startsWith('\\') && !line.startsWith('--') && line !== `CREATE SCHEMA ${schema};`,
      )
      .join('\n')
      .replaceAll(schema, PLACEHOLDER);
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, replay);
    renameSync(partial, file);
    return replay;
  } finally {
    await client.query(`drop schema if exists ${schema} cascade`);
  }
}

/**
 * Fills the new, empty `schema` with the migrated schema's copy, in the same round trip that creates it; true when
 * it did (false: the schema is created empty, and the app migrates it).
 */
export async function createMigratedPostgresSchema(
  adminUrl: string,
  client: pg.Client,
  schema: string,
): Promise<boolean> {
  postgresDump ??= makePostgresDump(adminUrl, client).catch((error: unknown) => {
    console.warn(`test databases: migrating each PostgreSQL schema (no migrated copy: ${String(error)})`);
    return undefined;
  });
  const dump = await postgresDump;
  if (dump === undefined) {
    await client.query(`create schema ${schema}`);
    return false;
  }
  await client.query(`create schema ${schema};\n${dump.replaceAll(PLACEHOLDER, schema)}`);
  return true;
}
