import type { Kysely } from 'kysely';

// The language a person chose for the product (PATCH /auth/profile/): one of rules/languages.ts's codes, null until
// they choose. The server answers and mails them in it (server/src/i18n/); the web app shows it on every device.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
