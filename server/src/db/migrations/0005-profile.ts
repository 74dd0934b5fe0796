import type { Kysely } from 'kysely';

// Deleting an account keeps the row (its archived CVs still point at it) with the personal data removed;
// an ISO-8601 text timestamp like every other (see ../columns.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
