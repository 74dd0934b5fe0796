import { sql, type Kysely } from 'kysely';
import { createIndex, idColumn, timestampColumn } from '../columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('generated_cvs')
    .$call(idColumn(db))
    .addColumn('uuid', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('template_id', 'integer', (col) => col.notNull().references('templates.id'))
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .$call(timestampColumn('created'))
    .$call(timestampColumn('last_updated'))
    // Deleting a CV archives it ('The CV was archived successfully.'): the row stays.
    .$call(timestampColumn('archived_at', { nullable: true }))
    .execute();
  // Every read is "this owner's live CVs, newest first".
  await createIndex(db, 'generated_cvs_owner_idx', 'generated_cvs', ['owner_id', 'archived_at', 'created']);

  await db.schema
    .createTable('cv_field_entries')
    .$call(idColumn(db))
    .addColumn('generated_cv_id', 'integer', (col) =>
      col.notNull().references('generated_cvs.id').onDelete('cascade'),
    )
    .addColumn('section_field_id', 'integer', (col) => col.notNull().references('input_fields.id'))
    .addColumn('index', 'integer', (col) => col.notNull().check(sql`"index" >= 0`))
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
  // One value per field per repeat: the builder's form data cannot express two.
  await createIndex(db, 'cv_field_entries_cell_key', 'cv_field_entries', ['generated_cv_id', 'section_field_id', 'index'], { unique: true });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cv_field_entries').execute();
  await db.schema.dropTable('generated_cvs').execute();
}
