import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from './schema.js';
import { templatesSeeder } from '../templates/seed.js';

export interface Seeder {
  name: string;
  /** Runs at every start: must be idempotent (insert what is missing, leave user data alone). */
  run(db: Kysely<Database>, config: Config): Promise<void>;
}

/** Each domain appends its seeder here; they run in this order. */
export const seeders: Seeder[] = [templatesSeeder];
