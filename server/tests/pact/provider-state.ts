import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../src/db/database.js';
import type { Database } from '../../src/db/schema.js';

/**
 * What a provider-state handler gets. States are plain sentences ('a signed-in user with a saved CV');
 * each domain keeps its handlers in `server/tests/pact/states/<domain>.ts` exporting `states`.
 */
export interface ProviderStateContext {
  app: FastifyInstance;
  db: Kysely<Database>;
  /** Parameters given with the state in the pact, if any. */
  params: Record<string, unknown>;
  /** From now on, the verifier's requests carry a session of this user (a real session row and cookie). */
  signIn(userId: number): Promise<void>;
  /** From now on, the verifier's requests carry this cookie too (e.g. a sign-in waiting for its second step). */
  setCookie?(name: string, value: string): void;
}

/**
 * Values a state hands back for the consumer's `fromProviderState('${name}', example)` expressions,
 * e.g. a token signed with the server's key that the consumer cannot know in advance.
 */
export type ProviderStateValues = Record<string, string | number | boolean>;

export type ProviderStates = Record<
  string,
  (context: ProviderStateContext) => Promise<void | ProviderStateValues>
>;

const STATES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'states');

/** Every handler of `states/*.ts`, by sentence; a sentence defined twice is an error. */
export async function loadStates(): Promise<ProviderStates> {
  const all: ProviderStates = {};
  for (const file of readdirSync(STATES_DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const module = (await import(pathToFileURL(path.join(STATES_DIR, file)).href)) as {
      states: ProviderStates;
    };
    for (const [sentence, handler] of Object.entries(module.states)) {
      if (all[sentence]) throw new Error(`Provider state "${sentence}" is defined twice (in ${file})`);
      all[sentence] = handler;
    }
  }
  return all;
}

/** Tables the seed fills from the repository (templates) and bookkeeping; everything else is per-state data. */
const KEPT_TABLES = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'settings',
  'tags',
  'templates',
  'template_sections',
  'sections',
  'input_fields',
]);

/** Empties every per-state table (the seeded templates stay), in either database. */
export async function resetData(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    const tables = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
    await sql`PRAGMA foreign_keys = OFF`.execute(db);
    for (const { name } of tables.rows) {
      if (!KEPT_TABLES.has(name)) await sql`delete from ${sql.table(name)}`.execute(db);
    }
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  } else {
    const tables = await sql<{
      name: string;
    }>`select table_name as name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
    const emptied = tables.rows.map((row) => row.name).filter((name) => !KEPT_TABLES.has(name));
    if (emptied.length)
      await sql`truncate table ${sql.join(emptied.map((name) => sql.table(name)))} cascade`.execute(db);
  }
}
