import type { Kysely } from 'kysely';
import { createIndex, idColumn, timestampColumn } from '../columns.js';

// Cover letters (server/src/cover-letters/): a person's letters, each optionally linked to one of their CVs, whose
// header, template and design it prints with. Removing the CV for good leaves the letter, unlinked (SET NULL); a CV
// in the bin only hides the link (the routes answer `cv: null` for a CV that is not live). Removing the account
// removes its letters.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cover_letters')
    .$call(idColumn(db))
    .addColumn('uuid', 'text', (col) => col.notNull().unique())
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('generated_cv_id', 'integer', (col) => col.references('generated_cvs.id').onDelete('set null'))
    // The letter's own template; null: the linked CV's (else the first template).
    .addColumn('template_id', 'integer', (col) => col.references('templates.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('recipient_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('company', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('address', 'text', (col) => col.notNull().defaultTo(''))
    // '' or YYYY-MM-DD.
    .addColumn('date', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('subject', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('salutation', 'text', (col) => col.notNull().defaultTo(''))
    // Rich text through the same allowlist as a CV's rich-text fields.
    .addColumn('body', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('closing', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('signature_name', 'text', (col) => col.notNull().defaultTo(''))
    .$call(timestampColumn('created'))
    .$call(timestampColumn('last_updated'))
    .execute();
  // Every list is "this owner's letters, latest change first", some "… of this CV".
  await createIndex(db, 'cover_letters_owner_idx', 'cover_letters', ['owner_id', 'last_updated']);
  await createIndex(db, 'cover_letters_cv_idx', 'cover_letters', ['generated_cv_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cover_letters').execute();
}
