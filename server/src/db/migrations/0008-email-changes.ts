import type { Kysely } from 'kysely';
import { createIndex, idColumn, timestampColumn } from '../columns.js';

// An email change waits for the new address to confirm it (and, for an account without a password, for the
// current address to approve it first); the row stays afterwards, since the old address may cancel — and undo —
// the change for 7 days (../../profile/email-changes.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_changes')
    .$call(idColumn(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('old_email', 'text', (col) => col.notNull())
    .addColumn('old_email_normalized', 'text', (col) => col.notNull())
    .addColumn('new_email', 'text', (col) => col.notNull())
    .addColumn('new_email_normalized', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .$call(timestampColumn('created_at'))
    .$call(timestampColumn('approved_at', { nullable: true }))
    .$call(timestampColumn('confirmed_at', { nullable: true }))
    .$call(timestampColumn('cancelled_at', { nullable: true }))
    .$call(timestampColumn('undone_at', { nullable: true }))
    .execute();
  await createIndex(db, 'email_changes_user_idx', 'email_changes', ['user_id', 'status']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_changes').execute();
}
