import type { Kysely } from 'kysely';
import { createIndex, flagColumn, timestampColumn } from '../columns.js';

// CV templates as data: seeded from server/templates/*/template.json with the ids those
// files fix, so the primary keys are plain integers, never generated.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tags')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .execute();

  await db.schema
    .createTable('templates')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('icon', 'text', (col) => col.notNull())
    .addColumn('category_id', 'integer', (col) => col.notNull().references('tags.id'))
    // A template whose folder is removed stays (saved CVs point at it) but is no longer listed.
    .$call(flagColumn('is_active', true))
    .$call(timestampColumn('created'))
    .$call(timestampColumn('last_updated'))
    .execute();

  await db.schema
    .createTable('sections')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('template_id', 'integer', (col) => col.notNull().references('templates.id'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .$call(flagColumn('is_active', true))
    .$call(flagColumn('is_required'))
    .$call(flagColumn('is_repeatable'))
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .$call(timestampColumn('created'))
    .$call(timestampColumn('last_updated'))
    .execute();
  await createIndex(db, 'sections_template_idx', 'sections', ['template_id', 'sort_order']);

  await db.schema
    .createTable('input_fields')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('section_id', 'integer', (col) => col.notNull().references('sections.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('widget_label', 'text', (col) => col.notNull())
    .addColumn('widget_type', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .$call(flagColumn('is_required'))
    // A field dropped from its template.json stays for the saved entries that hold it, unlisted.
    .$call(flagColumn('is_active', true))
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .execute();
  await createIndex(db, 'input_fields_section_idx', 'input_fields', ['section_id', 'sort_order']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('input_fields').execute();
  await db.schema.dropTable('sections').execute();
  await db.schema.dropTable('templates').execute();
  await db.schema.dropTable('tags').execute();
}
