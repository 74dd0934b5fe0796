import type { Kysely } from 'kysely';
import { createIndex, timestampColumn } from '../columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // Plain integer: the accounts migration owns the users table and may add the foreign key.
    .addColumn('user_id', 'integer')
    .$call(timestampColumn('created_at'))
    .$call(timestampColumn('expires_at'))
    .$call(timestampColumn('last_seen_at'))
    .execute();
  await createIndex(db, 'sessions_user_id_idx', 'sessions', ['user_id']);
  await createIndex(db, 'sessions_expires_at_idx', 'sessions', ['expires_at']);

  await createRateLimitsTable(db);

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.dropTable('sessions').execute();
}

/** The fixed-window counters of the first rate limits (replaced by 0006, whose down() brings them back). */
export async function createRateLimitsTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .$call(timestampColumn('window_start'))
    .addColumn('count', 'integer', (col) => col.notNull())
    .execute();
}
