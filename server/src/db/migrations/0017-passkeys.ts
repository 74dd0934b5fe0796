import type { Kysely } from 'kysely';
import { createIndex, flagColumn, idColumn, timestampColumn } from '../columns.js';

// Passkeys (../../passkeys/): a person's WebAuthn credentials, and the challenges of the ceremonies under way. The
// challenges live here, not in a process, so the instance that checks an answer need not be the one that asked.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .$call(idColumn(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // base64url, as the browser names the credential.
    .addColumn('credential_id', 'text', (col) => col.notNull().unique())
    // base64url of the COSE public key.
    .addColumn('public_key', 'text', (col) => col.notNull())
    // An unsigned 32-bit signature counter: more than PostgreSQL's integer holds.
    .addColumn('counter', 'bigint', (col) => col.notNull().defaultTo(0))
    // JSON array of the authenticator's transports ('internal', 'hybrid', 'usb'…).
    .addColumn('transports', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('name', 'text', (col) => col.notNull())
    .$call(flagColumn('backed_up'))
    .$call(timestampColumn('created_at'))
    .$call(timestampColumn('last_used_at', { nullable: true }))
    .execute();
  await createIndex(db, 'passkeys_user_idx', 'passkeys', ['user_id']);

  await db.schema
    .createTable('passkey_challenges')
    // SHA-256 (base64url) of the challenge.
    .addColumn('id', 'text', (col) => col.primaryKey())
    // 'registration' (for `user_id`) or 'authentication' (anyone's sign-in).
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .$call(timestampColumn('created_at'))
    .$call(timestampColumn('expires_at'))
    .execute();
  await createIndex(db, 'passkey_challenges_expiry_idx', 'passkey_challenges', ['expires_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkey_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
