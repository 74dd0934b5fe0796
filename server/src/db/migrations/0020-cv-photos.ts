import type { Kysely } from 'kysely';
import { dialectOf, idColumn, timestampColumn } from '../columns.js';

// A CV's photo, as the server made it (server/src/photos/): re-encoded, without metadata, at most 600 px. One per
// CV; removing the CV for good takes it with it. How it prints is in the CV's design (design.photo).
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = dialectOf(db) === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('cv_photos')
    .$call(idColumn(db))
    .addColumn('generated_cv_id', 'integer', (col) =>
      col.notNull().unique().references('generated_cvs.id').onDelete('cascade'),
    )
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('content', bytes, (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    // SHA-256 of the content (base64url): the answer's ETag, and what tells two photos apart.
    .addColumn('digest', 'text', (col) => col.notNull())
    .$call(timestampColumn('updated_at'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cv_photos').execute();
}
