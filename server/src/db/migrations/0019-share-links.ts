import type { Kysely } from 'kysely';
import { createIndex, idColumn, timestampColumn } from '../columns.js';

// Links that share a saved CV with one recipient each (server/src/shares/), their views and downloads per day, and
// what counting a visitor once a day needs for that day only: the day's random salt and the salted visitor hashes,
// both deleted once the day is over. A CV removed for good takes its links and their counts with it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('share_links')
    .$call(idColumn(db))
    // base64url of 16 random bytes: the only thing that finds a link, so nobody can guess one.
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('generated_cv_id', 'integer', (col) =>
      col.notNull().references('generated_cvs.id').onDelete('cascade'),
    )
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('label', 'text', (col) => col.notNull())
    // Argon2id, as the accounts' passwords; null: no password.
    .addColumn('password_hash', 'text')
    .$call(timestampColumn('expires_at', { nullable: true }))
    // The version number pinned (the versions API's `number`); null: the latest saved.
    .addColumn('version_number', 'integer')
    .$call(timestampColumn('created'))
    .$call(timestampColumn('last_viewed', { nullable: true }))
    .$call(timestampColumn('revoked_at', { nullable: true }))
    .execute();
  await createIndex(db, 'share_links_slug_key', 'share_links', ['slug'], { unique: true });
  await createIndex(db, 'share_links_cv_idx', 'share_links', ['generated_cv_id']);

  await db.schema
    .createTable('share_link_days')
    .addColumn('share_link_id', 'integer', (col) =>
      col.notNull().references('share_links.id').onDelete('cascade'),
    )
    // YYYY-MM-DD, UTC.
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('downloads', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('share_link_days_pkey', ['share_link_id', 'day'])
    .execute();

  await db.schema
    .createTable('share_day_salts')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('salt', 'text', (col) => col.notNull())
    .execute();

  // sha256(salt + address + user agent + link + view|download): a repeat on the same day is seen, nobody is known.
  await db.schema
    .createTable('share_visitor_hashes')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('hash', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('share_visitor_hashes_pkey', ['day', 'hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('share_visitor_hashes').execute();
  await db.schema.dropTable('share_day_salts').execute();
  await db.schema.dropTable('share_link_days').execute();
  await db.schema.dropTable('share_links').execute();
}
