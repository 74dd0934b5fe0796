import type { Kysely } from 'kysely';
import { createIndex, dialectOf, idColumn, timestampColumn } from '../columns.js';

// A version's PDF and Word file, made once and served from here (server/src/rendered-files/). A version removed
// (thinned, or its CV removed for good) takes its files with it.
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = dialectOf(db) === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('cv_rendered_files')
    .$call(idColumn(db))
    .addColumn('cv_version_id', 'integer', (col) =>
      col.notNull().references('cv_versions.id').onDelete('cascade'),
    )
    // 'pdf' or 'docx'.
    .addColumn('kind', 'text', (col) => col.notNull())
    // What the file was made with (renderer version, template revision, font set): another key makes it again.
    .addColumn('render_key', 'text', (col) => col.notNull())
    .addColumn('content', bytes, (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .$call(timestampColumn('created_at'))
    .execute();
  // One file of each kind per version: a new key replaces the old file.
  await createIndex(
    db,
    'cv_rendered_files_version_kind_key',
    'cv_rendered_files',
    ['cv_version_id', 'kind'],
    {
      unique: true,
    },
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cv_rendered_files').execute();
}
