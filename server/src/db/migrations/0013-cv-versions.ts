import type { Kysely } from 'kysely';
import { createIndex, dialectOf, idColumn, timestampColumn } from '../columns.js';

// Versions of a saved CV: every save keeps one (server/src/versions/), and every download or email records which
// version it delivered. A CV removed for good takes its versions and their deliveries with it.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A version's content is gzip-compressed JSON: bytes, which the two databases call differently.
  const bytes = dialectOf(db) === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('cv_versions')
    .$call(idColumn(db))
    .addColumn('generated_cv_id', 'integer', (col) =>
      col.notNull().references('generated_cvs.id').onDelete('cascade'),
    )
    .addColumn('number', 'integer', (col) => col.notNull())
    .$call(timestampColumn('created'))
    .addColumn('name', 'text')
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('template_id', 'integer', (col) => col.notNull())
    // 'full': the whole CV; 'delta': what changed since the version before it (server/src/versions/content.ts).
    .addColumn('storage', 'text', (col) => col.notNull())
    .addColumn('content', bytes, (col) => col.notNull())
    .execute();
  // Numbers count up per CV; reads are "this CV's versions, newest first".
  await createIndex(db, 'cv_versions_number_key', 'cv_versions', ['generated_cv_id', 'number'], {
    unique: true,
  });

  await db.schema
    .createTable('cv_version_deliveries')
    .$call(idColumn(db))
    .addColumn('cv_version_id', 'integer', (col) =>
      col.notNull().references('cv_versions.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (col) => col.notNull())
    .$call(timestampColumn('at'))
    .execute();
  await createIndex(db, 'cv_version_deliveries_version_idx', 'cv_version_deliveries', ['cv_version_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cv_version_deliveries').execute();
  await db.schema.dropTable('cv_versions').execute();
}
