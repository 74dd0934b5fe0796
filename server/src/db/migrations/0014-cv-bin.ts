import { sql, type Kysely } from 'kysely';
import { createIndex } from '../columns.js';

/*
 * The bin (cvs/bin.ts): a deleted CV stays, archived, until its `purge_at`, then the purge job removes it and all
 * its rows.
 * - generated_cvs.purge_at: when a deleted CV is removed for good, fixed as it is deleted, so the date the person
 *   was shown holds even if the operator later changes BIN_RETENTION_DAYS. Null for a live CV.
 * - CVs deleted before the bin existed were promised nothing about removal: they get a full 30 days from this
 *   migration rather than vanishing at the first purge.
 * - scheduled_jobs: one row per periodic job, claimed with a lease in one UPDATE, so a job that runs on every
 *   instance does its work once per period (cvs/purge-job.ts).
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const GRACE_DAYS = 30;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('generated_cvs').addColumn('purge_at', 'text').execute();
  const purgeAt = new Date(Date.now() + GRACE_DAYS * DAY_MS).toISOString();
  // Not those of deleted accounts: account deletion archives CVs outside any bin, and keeps them as it did.
  await sql`update generated_cvs set purge_at = ${purgeAt}
    where archived_at is not null and owner_id in (select id from users where deleted_at is null)`.execute(
    db,
  );
  // The purge's one query: deleted CVs whose time has come.
  await createIndex(db, 'generated_cvs_purge_at_idx', 'generated_cvs', ['purge_at']);

  await db.schema
    .createTable('scheduled_jobs')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('next_run_at', 'text', (col) => col.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('claim', 'text')
    .addColumn('last_run_at', 'text')
    .addColumn('last_result', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheduled_jobs').execute();
  await db.schema.dropIndex('generated_cvs_purge_at_idx').execute();
  await db.schema.alterTable('generated_cvs').dropColumn('purge_at').execute();
}
