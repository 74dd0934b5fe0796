import type { Kysely } from 'kysely';
import { idColumn, timestampColumn } from '../columns.js';

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
  await db.schema
    .createIndex('rate_limit_attempts_key_at_idx')
    .on('rate_limit_attempts')
    .columns(['key', 'at'])
    .execute();
  await db.schema
    .createIndex('rate_limit_attempts_expires_at_idx')
    .on('rate_limit_attempts')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_attempts').execute();
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .$call(timestampColumn('window_start'))
    .addColumn('count', 'integer', (col) => col.notNull())
    .execute();
}
