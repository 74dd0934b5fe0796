import { sql, type Kysely } from 'kysely';
import { createIndex, dialectOf, idColumn, timestampColumn } from '../columns.js';

/*
 * The admin panel (server/src/admin/):
 * - users: `deactivated_at` is staff switching an account off (is_active stays the confirmation state the
 *   rest of the code reads, and is set to 0 too while deactivated); `last_login_at` for the lists;
 * - templates: `is_enabled` is staff's switch (is_active stays the seeder's "its folder exists"),
 *   `sort_order` the catalogue's order, `category_locked` keeps a category staff chose over template.json's;
 * - tags: `name_locked` keeps a name staff gave over template.json's;
 * - admin_audit_log: every admin action, append-only (no route edits or deletes it);
 * - an index for every column the admin lists search or sort by, so 100,000 users page fast.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deactivated_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('last_login_at', 'text').execute();
  await createIndex(db, 'users_full_name_idx', 'users', ['full_name', 'id']);
  await createIndex(db, 'users_created_at_idx', 'users', ['created_at', 'id']);
  // "Never signed in" reads as longest ago: first going up, last going down (SQLite's null order; PostgreSQL is told).
  if (dialectOf(db) === 'postgres') {
    await sql`create index users_last_login_at_idx on users (last_login_at asc nulls first, id)`.execute(db);
  } else {
    await createIndex(db, 'users_last_login_at_idx', 'users', ['last_login_at', 'id']);
  }
  await createIndex(db, 'users_email_idx', 'users', ['email', 'id']);
  if (dialectOf(db) === 'postgres') await trigramIndexes(db);

  await db.schema
    .alterTable('templates')
    .addColumn('is_enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('templates')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('templates')
    .addColumn('category_locked', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update templates set sort_order = id`.execute(db);
  await createIndex(db, 'templates_catalogue_idx', 'templates', ['sort_order', 'id']);
  await db.schema
    .alterTable('tags')
    .addColumn('name_locked', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await createIndex(db, 'generated_cvs_last_updated_idx', 'generated_cvs', ['last_updated', 'id']);
  await createIndex(db, 'generated_cvs_template_idx', 'generated_cvs', ['template_id']);

  await db.schema
    .createTable('admin_audit_log')
    .$call(idColumn(db))
    .$call(timestampColumn('at'))
    // The actor's id and address as they were: the entry stays readable after the account changes.
    .addColumn('actor_id', 'integer')
    .addColumn('actor_email', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text')
    .addColumn('target_label', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('detail', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('ip', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await createIndex(db, 'admin_audit_log_at_idx', 'admin_audit_log', ['at', 'id']);
  await createIndex(db, 'admin_audit_log_actor_idx', 'admin_audit_log', ['actor_id', 'at']);
  await createIndex(db, 'admin_audit_log_action_idx', 'admin_audit_log', ['action', 'at']);
  await createIndex(db, 'admin_audit_log_target_idx', 'admin_audit_log', ['target_type', 'target_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_audit_log').execute();
  for (const index of ['users_email_trgm_idx', 'users_full_name_trgm_idx', 'generated_cvs_name_trgm_idx']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const index of ['generated_cvs_last_updated_idx', 'generated_cvs_template_idx', 'templates_catalogue_idx']) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable('tags').dropColumn('name_locked').execute();
  for (const column of ['category_locked', 'sort_order', 'is_enabled']) {
    await db.schema.alterTable('templates').dropColumn(column).execute();
  }
  for (const index of ['users_full_name_idx', 'users_created_at_idx', 'users_last_login_at_idx', 'users_email_idx']) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable('users').dropColumn('last_login_at').execute();
  await db.schema.alterTable('users').dropColumn('deactivated_at').execute();
}

/**
 * PostgreSQL: the admin's "contains" searches (ILIKE '%…%') use trigram indexes when pg_trgm can be had (a trusted
 * extension since PostgreSQL 13: a database owner may create it). Without it the searches still work, by reading
 * every row; the savepoint keeps a refusal from failing the migration.
 */
async function trigramIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`savepoint admin_trigram`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    const { rows } = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'`.execute(db);
    const ops = sql`${sql.id(rows[0]!.schema)}.gin_trgm_ops`;
    await sql`create index users_email_trgm_idx on users using gin (email_normalized ${ops})`.execute(db);
    await sql`create index users_full_name_trgm_idx on users using gin (full_name ${ops})`.execute(db);
    await sql`create index generated_cvs_name_trgm_idx on generated_cvs using gin (name ${ops})`.execute(db);
    await sql`release savepoint admin_trigram`.execute(db);
  } catch {
    await sql`rollback to savepoint admin_trigram`.execute(db);
  }
}
