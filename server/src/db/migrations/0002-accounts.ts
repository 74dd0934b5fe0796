import type { Kysely } from 'kysely';
import { createIndex, flagColumn, idColumn, timestampColumn } from '../columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .$call(idColumn(db))
    .addColumn('full_name', 'text', (col) => col.notNull().defaultTo(''))
    // Kept as typed for display and mail; uniqueness is enforced on the normalised copy.
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('email_normalized', 'text', (col) => col.notNull())
    .addColumn('phone_number', 'text', (col) => col.notNull().defaultTo(''))
    // Null for accounts that only ever sign in through Google or LinkedIn.
    .addColumn('password_hash', 'text')
    .$call(flagColumn('is_active'))
    .$call(flagColumn('is_staff'))
    .$call(flagColumn('is_superuser'))
    .$call(timestampColumn('email_confirmed_at', { nullable: true }))
    .$call(timestampColumn('password_changed_at', { nullable: true }))
    .$call(timestampColumn('created_at'))
    .$call(timestampColumn('updated_at'))
    .execute();
  await createIndex(db, 'users_email_normalized_key', 'users', ['email_normalized'], { unique: true });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
}
