import { createHash, randomBytes } from 'node:crypto';
import { CompiledQuery, type Kysely, type Selectable } from 'kysely';
import { now } from '../db/columns.js';
import type { Database, ShareLinkTable } from '../db/schema.js';

/*
 * The share_links, share_link_days, share_day_salts and share_visitor_hashes tables: every SQL statement about share
 * links is here. Writes that touch several rows take the transaction the caller opened.
 */

export type ShareLinkRow = Selectable<ShareLinkTable>;
export type CountKind = 'view' | 'download';

/** A link found by its slug, with what the public page needs of its CV and of the version it shows. */
export interface PublicShareRow extends ShareLinkRow {
  cv_name: string;
  cv_archived_at: string | null;
  /** The pinned version, else the newest; null when there is none (a pinned one no longer kept). */
  shown_version_id: number | null;
  shown_version_number: number | null;
  shown_template_id: number | null;
}

export interface DayCount {
  share_link_id: number;
  day: string;
  views: number;
  downloads: number;
}

/** 16 random bytes as base64url (22 characters): 128 bits nobody can guess. */
export function newSlug(): string {
  return randomBytes(16).toString('base64url');
}

export async function insertShare(
  db: Kysely<Database>,
  values: {
    cvId: number;
    ownerId: number;
    label: string;
    passwordHash: string | null;
    expiresAt: Date | null;
    versionNumber: number | null;
    at: Date;
  },
): Promise<ShareLinkRow> {
  return db
    .insertInto('share_links')
    .values({
      slug: newSlug(),
      generated_cv_id: values.cvId,
      owner_id: values.ownerId,
      label: values.label,
      password_hash: values.passwordHash,
      expires_at: values.expiresAt ? now(values.expiresAt) : null,
      version_number: values.versionNumber,
      created: now(values.at),
      last_viewed: null,
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** How many of a CV's links still open: not revoked, not expired at `at`. */
export async function countLiveShares(db: Kysely<Database>, cvId: number, at: Date): Promise<number> {
  const row = await db
    .selectFrom('share_links')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('generated_cv_id', '=', cvId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now(at))]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A CV's links, newest first (revoked ones too). */
export function listShares(db: Kysely<Database>, cvId: number): Promise<ShareLinkRow[]> {
  return db
    .selectFrom('share_links')
    .selectAll()
    .where('generated_cv_id', '=', cvId)
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findShare(
  db: Kysely<Database>,
  cvId: number,
  shareId: number,
): Promise<ShareLinkRow | undefined> {
  return db
    .selectFrom('share_links')
    .selectAll()
    .where('generated_cv_id', '=', cvId)
    .where('id', '=', shareId)
    .executeTakeFirst();
}

/** Revokes a link (once: a second revocation keeps the first time). */
export async function revokeShare(db: Kysely<Database>, shareId: number, at: Date): Promise<void> {
  await db
    .updateTable('share_links')
    .set({ revoked_at: now(at) })
    .where('id', '=', shareId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * A link by its slug, its CV, and the version it shows: every view of a public page reads them. Three lookups by
 * index, each built and compiled once per database (under load, building a query cost more than running it); one
 * join of the three measured ten times slower on SQLite than the three lookups together.
 */
export async function findShareBySlug(
  db: Kysely<Database>,
  slug: string,
): Promise<PublicShareRow | undefined> {
  const queries = compiledFor(db);
  const share = (await db.executeQuery<ShareLinkRow>(CompiledQuery.raw(queries.link.sql, [slug]))).rows[0];
  if (!share) return undefined;
  const cv = (
    await db.executeQuery<{ name: string; archived_at: string | null }>(
      CompiledQuery.raw(queries.cv.sql, [share.generated_cv_id]),
    )
  ).rows[0];
  if (!cv) return undefined;
  const version = (
    await db.executeQuery<{ id: number; number: number; template_id: number }>(
      share.version_number === null
        ? // The limit (1) is a parameter too.
          CompiledQuery.raw(queries.newest.sql, [share.generated_cv_id, 1])
        : CompiledQuery.raw(queries.pinned.sql, [share.generated_cv_id, share.version_number]),
    )
  ).rows[0];
  return {
    ...share,
    cv_name: cv.name,
    cv_archived_at: cv.archived_at,
    shown_version_id: version?.id ?? null,
    shown_version_number: version?.number ?? null,
    shown_template_id: version?.template_id ?? null,
  };
}

interface SlugQueries {
  link: CompiledQuery;
  cv: CompiledQuery;
  newest: CompiledQuery;
  pinned: CompiledQuery;
}

const slugQueries = new WeakMap<Kysely<Database>, SlugQueries>();

function compiledFor(db: Kysely<Database>): SlugQueries {
  let queries = slugQueries.get(db);
  if (queries) return queries;
  const versionColumns = ['id', 'number', 'template_id'] as const;
  queries = {
    link: db.selectFrom('share_links').selectAll().where('slug', '=', '').compile(),
    cv: db.selectFrom('generated_cvs').select(['name', 'archived_at']).where('id', '=', 0).compile(),
    newest: db
      .selectFrom('cv_versions')
      .select(versionColumns)
      .where('generated_cv_id', '=', 0)
      .orderBy('number', 'desc')
      .limit(1)
      .compile(),
    pinned: db
      .selectFrom('cv_versions')
      .select(versionColumns)
      .where('generated_cv_id', '=', 0)
      .where('number', '=', 0)
      .compile(),
  };
  // The parameters are given by position below: a query that grows one must change there too.
  const counts = [queries.link, queries.cv, queries.newest, queries.pinned].map((q) => q.parameters.length);
  if (counts.join() !== '1,1,2,2')
    throw new Error(`the share look-ups' parameters changed: ${counts.join()}`);
  slugQueries.set(db, queries);
  return queries;
}

/** Every day's counts of these links from `fromDay` (YYYY-MM-DD) on, and their totals over all days. */
export async function countsOf(
  db: Kysely<Database>,
  shareIds: number[],
  fromDay: string,
): Promise<{ days: DayCount[]; totals: Map<number, { views: number; downloads: number }> }> {
  if (shareIds.length === 0) return { days: [], totals: new Map() };
  const days = await db
    .selectFrom('share_link_days')
    .select(['share_link_id', 'day', 'views', 'downloads'])
    .where('share_link_id', 'in', shareIds)
    .where('day', '>=', fromDay)
    .execute();
  const sums = await db
    .selectFrom('share_link_days')
    .select((eb) => [
      'share_link_id',
      eb.fn.sum<number>('views').as('views'),
      eb.fn.sum<number>('downloads').as('downloads'),
    ])
    .where('share_link_id', 'in', shareIds)
    .groupBy('share_link_id')
    .execute();
  const totals = new Map(
    sums.map((sum) => [sum.share_link_id, { views: Number(sum.views), downloads: Number(sum.downloads) }]),
  );
  return {
    days: days.map((day) => ({ ...day, views: Number(day.views), downloads: Number(day.downloads) })),
    totals,
  };
}

/**
 * The day's salt: made by whichever instance counts first that day (the others read it), and every older day's
 * salt and visitor hashes deleted with it, so yesterday's visitors can no longer be told apart.
 */
export async function daySalt(db: Kysely<Database>, day: string): Promise<string> {
  const existing = await db
    .selectFrom('share_day_salts')
    .select('salt')
    .where('day', '=', day)
    .executeTakeFirst();
  if (existing) return existing.salt;
  await db
    .insertInto('share_day_salts')
    .values({ day, salt: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  await db.deleteFrom('share_day_salts').where('day', '<', day).execute();
  await db.deleteFrom('share_visitor_hashes').where('day', '<', day).execute();
  const row = await db
    .selectFrom('share_day_salts')
    .select('salt')
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return row.salt;
}

export function visitorHash(salt: string, parts: string[]): string {
  const hash = createHash('sha256').update(salt);
  for (const part of parts) hash.update('\0').update(part);
  return hash.digest('base64url');
}

/** Records that this visitor hash was seen today; false when it already was (the visit is not counted again). */
export async function markSeen(db: Kysely<Database>, day: string, hash: string): Promise<boolean> {
  const inserted = await db
    .insertInto('share_visitor_hashes')
    .values({ day, hash })
    .onConflict((oc) => oc.columns(['day', 'hash']).doNothing())
    .returning('hash')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** One more view or download of a link on `day`; a view also becomes its last view. */
export async function addCount(
  db: Kysely<Database>,
  shareId: number,
  day: string,
  kind: CountKind,
  at: Date,
): Promise<void> {
  const column = kind === 'view' ? 'views' : 'downloads';
  await db
    .insertInto('share_link_days')
    .values({
      share_link_id: shareId,
      day,
      views: kind === 'view' ? 1 : 0,
      downloads: kind === 'view' ? 0 : 1,
    })
    .onConflict((oc) =>
      oc
        .columns(['share_link_id', 'day'])
        .doUpdateSet((eb) => ({ [column]: eb(`share_link_days.${column}`, '+', 1) })),
    )
    .execute();
  if (kind === 'view') {
    await db
      .updateTable('share_links')
      .set({ last_viewed: now(at) })
      .where('id', '=', shareId)
      .execute();
  }
}
