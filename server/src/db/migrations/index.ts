import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.js';
import * as accounts from './0002-accounts.js';

/**
 * Every migration, in order. Add yours as the next line with the next number; names sort
 * alphabetically, which is the order Kysely's Migrator runs them in.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-accounts': accounts,
};
