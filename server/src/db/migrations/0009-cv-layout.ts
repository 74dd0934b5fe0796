import type { Kysely } from 'kysely';

// A saved CV's own structure: JSON text, null for a CV that prints as its template says.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('generated_cvs').addColumn('layout', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('generated_cvs').dropColumn('layout').execute();
}
