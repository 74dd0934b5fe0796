import type { Kysely } from 'kysely';
import { createIndex, idColumn, timestampColumn } from '../columns.js';
import { createRateLimitsTable } from './0001-foundation.js';

// Rate limits become a log of attempts (a sliding window, ../../http/rate-limit.ts) instead of one fixed-window
// counter per key: the counters of the old table mean nothing in the new scheme, so they are dropped.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
  await db.schema
    .createTable('rate_limit_attempts')
    .$call(idColumn(db))
    .addColumn('key', 'text', (col) => col.notNull())
    .$call(timestampColumn('at'))
    // When the attempt stops counting under the rule it was made under: the sweep needs no rule to know.
    .$call(timestampColumn('expires_at'))
    .execute();
  await createIndex(db, 'rate_limit_attempts_key_at_idx', 'rate_limit_attempts', ['key', 'at']);
  await createIndex(db, 'rate_limit_attempts_expires_at_idx', 'rate_limit_attempts', ['expires_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_attempts').execute();
  await createRateLimitsTable(db);
}
