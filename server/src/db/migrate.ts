import { sql, Migrator, type Kysely } from 'kysely';
import { dialectOf } from './columns.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

/** Brings the schema up to date; safe to run from several instances at once (Kysely's lock table). */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its own tables in every schema unless told which: with one schema per test
    // app, name the current one so a sibling schema's bookkeeping is never mistaken for ours.
    ...(dialectOf(db) === 'postgres' ? { migrationTableSchema: await currentSchema(db) } : {}),
  });
  let { error, results } = await migrator.migrateToLatest();
  // Before it migrates, Kysely looks for its tables by reading every schema's privileges: a schema someone drops at
  // that moment (another app's, in a shared database: the tests make and drop one per app) fails the look with
  // 'schema … does not exist' (3F000) although nothing of ours changed. Nothing ran then, so it is looked at again.
  for (let retry = 0; retry < 3 && !results?.length && isSchemaGone(error); retry++)
    ({ error, results } = await migrator.migrateToLatest());
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
}

async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]!.schema;
}

function isSchemaGone(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '3F000';
}
