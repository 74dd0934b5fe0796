import type { Kysely } from 'kysely';
import { createIndex, idColumn, timestampColumn } from '../columns.js';

// Two-step sign-in with an authenticator app (../../two-step/): one secret per account (kept encrypted; pending
// until a code confirms it), the last time step a code was used at (a code works once), and the recovery codes
// (hashed, each used once).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_step_secrets')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (col) => col.notNull())
    .$call(timestampColumn('created_at'))
    .$call(timestampColumn('enabled_at', { nullable: true }))
    .addColumn('last_used_step', 'integer')
    .execute();
  await db.schema
    .createTable('two_step_recovery_codes')
    .$call(idColumn(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .$call(timestampColumn('created_at'))
    .$call(timestampColumn('used_at', { nullable: true }))
    .execute();
  await createIndex(db, 'two_step_recovery_codes_user_idx', 'two_step_recovery_codes', ['user_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('two_step_recovery_codes').execute();
  await db.schema.dropTable('two_step_secrets').execute();
}
