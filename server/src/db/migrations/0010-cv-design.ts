import type { Kysely } from 'kysely';

// A saved CV's design settings: JSON text, null for a CV that prints as its template says.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('generated_cvs').addColumn('design', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('generated_cvs').dropColumn('design').execute();
}
