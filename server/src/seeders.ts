import type { Seeder } from './db/seed.js';
import { templatesSeeder } from './templates/seed.js';

/**
 * Each domain's seeder, in the order they run at every start (db/prepare.ts receives them: the database layer
 * imports no domain).
 */
export const SEEDERS: readonly Seeder[] = [templatesSeeder];
