import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from './schema.js';
import { seeders } from './seeders.js';

export async function seed(db: Kysely<Database>, config: Config): Promise<void> {
  for (const seeder of seeders) {
    try {
      await seeder.run(db, config);
    } catch (error) {
      throw new Error(`Seeding "${seeder.name}" failed: ${(error as Error).message}`, { cause: error });
    }
  }
}
