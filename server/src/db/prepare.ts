import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { migrateToLatest } from './migrate.js';
import type { Database } from './schema.js';
import { seed, type Seeder } from './seed.js';
import { resolveSecretKey } from './settings.js';

export interface PrepareOptions {
  /** Run migrations (default true). */
  migrate?: boolean;
  /** Run the seeders (default true). */
  seed?: boolean;
}

/**
 * Migrates and seeds with `seeders` (unless told not to) and returns the secret key: SECRET_KEY, else the one kept
 * in the database (made on first start). buildApp runs it; with WEB_CONCURRENCY > 1 the cluster's primary runs it
 * once before it forks the workers, so no two processes migrate or seed at once (server/src/cluster/primary.ts).
 */
export async function prepareDatabase(
  db: Kysely<Database>,
  config: Config,
  seeders: readonly Seeder[],
  options: PrepareOptions = {},
): Promise<string> {
  if (options.migrate !== false) await migrateToLatest(db);
  const secretKey = await resolveSecretKey(db, config.secretKey);
  if (options.seed !== false) await seed(db, config, seeders);
  return secretKey;
}
