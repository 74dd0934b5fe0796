import type { Kysely } from 'kysely';
import { createIndex, idColumn, timestampColumn } from '../columns.js';

// The person's own audit log (../../security/events.ts): sign-ins, refused ones too, and the changes that guard the
// account (password, email address, two-step sign-in, passkeys). Lockouts and trusted browsers need no table: the
// lockouts are rate-limit keys and the trusted-browser cookie is signed, not stored (../../security/device.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('security_events')
    .$call(idColumn(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .$call(timestampColumn('at'))
    .addColumn('user_agent', 'text')
    .addColumn('detail', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
  await createIndex(db, 'security_events_user_at_idx', 'security_events', ['user_id', 'at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('security_events').execute();
}
