import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from './schema.js';

export interface Seeder {
  name: string;
  /** Runs at every start: must be idempotent (insert what is missing, leave user data alone). */
  run(db: Kysely<Database>, config: Config): Promise<void>;
}

/** Runs the seeders in their order (server/src/seeders.ts lists them). */
export async function seed(db: Kysely<Database>, config: Config, seeders: readonly Seeder[]): Promise<void> {
  for (const seeder of seeders) {
    try {
      await seeder.run(db, config);
    } catch (error) {
      throw new Error(`Seeding "${seeder.name}" failed: ${(error as Error).message}`, { cause: error });
    }
  }
}
