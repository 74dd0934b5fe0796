import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { CvFieldEntryTable, Database, GeneratedCvTable } from '../db/schema.js';
import { dialectOf, now } from '../db/columns.js';
import { matches } from '../db/search.js';
import type { CvInput, EntryInput } from '../cv-input/cv-body.js';

export type GeneratedCvRow = Selectable<GeneratedCvTable>;
export type CvFieldEntryRow = Selectable<CvFieldEntryTable>;

/** How a route names a CV: its numeric id or its uuid (digits only, or 8-4-4-4-12 hex; docs/behaviour.md#limits-and-timings). */
export type CvReference = { id: number } | { uuid: string };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Ids are 32-bit integers on PostgreSQL; a longer number names no CV rather than failing the query.
const MAX_ID = 2_147_483_647;

export function parseCvReference(raw: string | number): CvReference | undefined {
  const text = String(raw).trim();
  if (/^\d{1,10}$/.test(text)) {
    const id = Number(text);
    return id >= 1 && id <= MAX_ID ? { id } : undefined;
  }
  if (UUID_PATTERN.test(text)) return { uuid: text.toLowerCase() };
  return undefined;
}

/** The owner's CV by id or uuid, unless archived: anyone else's CV is simply not found. */
export async function findLiveCv(
  db: Kysely<Database>,
  ownerId: number,
  reference: CvReference,
): Promise<GeneratedCvRow | undefined> {
  let query = db
    .selectFrom('generated_cvs')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('archived_at', 'is', null);
  query = 'id' in reference ? query.where('id', '=', reference.id) : query.where('uuid', '=', reference.uuid);
  return query.executeTakeFirst();
}

/** The owner's live CVs, newest first. */
export function listLiveCvs(db: Kysely<Database>, ownerId: number): Promise<GeneratedCvRow[]> {
  return db
    .selectFrom('generated_cvs')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('archived_at', 'is', null)
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Every CV of the owner's for the data download: the live ones and the deleted (archived) ones the server still
 * keeps, oldest first, so the download lists them in the order they were made.
 */
export function listCvsForExport(db: Kysely<Database>, ownerId: number): Promise<GeneratedCvRow[]> {
  return db
    .selectFrom('generated_cvs')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function listEntries(db: Kysely<Database>, cvId: number): Promise<CvFieldEntryRow[]> {
  return db
    .selectFrom('cv_field_entries')
    .selectAll()
    .where('generated_cv_id', '=', cvId)
    .orderBy('id')
    .execute();
}

// Well under SQLite's and PostgreSQL's bound-parameter limits at four columns a row.
const INSERT_BATCH = 500;

async function insertEntries(
  db: Kysely<Database>,
  cvId: number,
  entries: readonly EntryInput[],
): Promise<void> {
  for (let start = 0; start < entries.length; start += INSERT_BATCH) {
    await db
      .insertInto('cv_field_entries')
      .values(
        entries.slice(start, start + INSERT_BATCH).map((entry) => ({
          generated_cv_id: cvId,
          section_field_id: entry.section_field,
          index: entry.index,
          value: entry.value,
        })),
      )
      .execute();
  }
}

/** Inserts a CV and its entries; call inside a transaction so both land or neither does. */
export async function insertCv(
  db: Kysely<Database>,
  ownerId: number,
  input: CvInput,
  at = new Date(),
): Promise<number> {
  const timestamp = now(at);
  const { id } = await db
    .insertInto('generated_cvs')
    .values({
      uuid: randomUUID(),
      name: input.name,
      template_id: input.templateId,
      owner_id: ownerId,
      created: timestamp,
      last_updated: timestamp,
      archived_at: null,
      layout: input.layout ? JSON.stringify(input.layout) : null,
      design: input.design ? JSON.stringify(input.design) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertEntries(db, id, input.entries);
  return id;
}

/**
 * Replaces a live CV's name, template and every entry; call inside a transaction. False, with
 * nothing written, when the CV was archived in the meantime or, with `ifLastUpdated`, when it is no
 * longer that version (someone saved it since).
 */
export async function replaceCv(
  db: Kysely<Database>,
  cvId: number,
  input: CvInput,
  options: { at?: Date; ifLastUpdated?: string } = {},
): Promise<boolean> {
  let update = db
    .updateTable('generated_cvs')
    .set({
      name: input.name,
      template_id: input.templateId,
      last_updated: now(options.at),
      ...(input.layout === undefined ? {} : { layout: input.layout ? JSON.stringify(input.layout) : null }),
      ...(input.design === undefined ? {} : { design: input.design ? JSON.stringify(input.design) : null }),
    })
    .where('id', '=', cvId)
    .where('archived_at', 'is', null);
  if (options.ifLastUpdated !== undefined) update = update.where('last_updated', '=', options.ifLastUpdated);
  const { numUpdatedRows } = await update.executeTakeFirst();
  if (numUpdatedRows === 0n) return false;
  await db.deleteFrom('cv_field_entries').where('generated_cv_id', '=', cvId).execute();
  await insertEntries(db, cvId, input.entries);
  return true;
}

/**
 * Deleting a CV puts it in the bin: the row and its entries stay, marked archived, until `purgeAt`, when the purge
 * job removes them for good (bin.ts).
 */
export async function archiveCv(db: Kysely<Database>, cvId: number, at: Date, purgeAt: Date): Promise<void> {
  await db
    .updateTable('generated_cvs')
    .set({ archived_at: now(at), purge_at: now(purgeAt) })
    .where('id', '=', cvId)
    .where('archived_at', 'is', null)
    .execute();
}

/** Deleting an account archives its CVs (the spec's delete is an archive): they leave every list. */
export async function archiveAllCvsOf(db: Kysely<Database>, ownerId: number, at: Date): Promise<number> {
  const result = await db
    .updateTable('generated_cvs')
    .set({ archived_at: now(at) })
    .where('owner_id', '=', ownerId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// ── the bin: the owner's deleted CVs, until the purge job removes them ──

/** The owner's CVs in the bin (deleted, with a removal date), the latest deleted first. */
export function listBinnedCvs(db: Kysely<Database>, ownerId: number): Promise<GeneratedCvRow[]> {
  return db
    .selectFrom('generated_cvs')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('archived_at', 'is not', null)
    .where('purge_at', 'is not', null)
    .orderBy('archived_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The owner's CV in the bin by uuid: a live CV, or anyone else's, is not found. */
export function findBinnedCv(db: Kysely<Database>, ownerId: number, uuid: string): Promise<GeneratedCvRow | undefined> {
  return db
    .selectFrom('generated_cvs')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('uuid', '=', uuid)
    .where('archived_at', 'is not', null)
    .where('purge_at', 'is not', null)
    .executeTakeFirst();
}

/** Takes a CV out of the bin, as it was; false when it is no longer there (restored or removed meanwhile). */
export async function restoreBinnedCv(db: Kysely<Database>, cvId: number): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('generated_cvs')
    .set({ archived_at: null, purge_at: null })
    .where('id', '=', cvId)
    .where('archived_at', 'is not', null)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/**
 * Removes a CV for good: its entries, then the row (whatever else hangs off a CV goes by ON DELETE CASCADE). Call
 * inside a transaction. Only a CV in the bin: false, with nothing removed, when it was restored meanwhile.
 */
export async function purgeCv(db: Kysely<Database>, cvId: number): Promise<boolean> {
  const binned = await db
    .selectFrom('generated_cvs')
    .select('id')
    .where('id', '=', cvId)
    .where('archived_at', 'is not', null)
    .where('purge_at', 'is not', null)
    .$if(dialectOf(db) === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!binned) return false;
  await db.deleteFrom('cv_field_entries').where('generated_cv_id', '=', cvId).execute();
  await db.deleteFrom('generated_cvs').where('id', '=', cvId).execute();
  return true;
}

/** Up to `limit` CVs whose time in the bin is over at `at`, oldest due first. */
export async function dueForPurge(db: Kysely<Database>, at: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('generated_cvs')
    .select('id')
    .where('archived_at', 'is not', null)
    .where('purge_at', '<=', now(at))
    .orderBy('purge_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

// ── the admin panel: every user's CVs ──────────────────────────────────

/** Which CVs the admin's list shows: live ones only, archived ones only, or both. */
export type ArchivedFilter = 'no' | 'only' | 'all';

export interface AdminCvFilter {
  /** Contained, in any case, in the owner's address or name or in the CV's name; '' for any. */
  q: string;
  archived: ArchivedFilter;
  ownerId: number | null;
  cvId: number | null;
}

/** One page of every user's CVs, with owner and template, the latest change first, and how many match. */
export async function listCvsForAdmin(db: Kysely<Database>, filter: AdminCvFilter, page: number, pageSize: number) {
  let query = db
    .selectFrom('generated_cvs')
    .innerJoin('users', 'users.id', 'generated_cvs.owner_id')
    .innerJoin('templates', 'templates.id', 'generated_cvs.template_id');
  if (filter.archived === 'no') query = query.where('generated_cvs.archived_at', 'is', null);
  if (filter.archived === 'only') query = query.where('generated_cvs.archived_at', 'is not', null);
  if (filter.ownerId !== null) query = query.where('generated_cvs.owner_id', '=', filter.ownerId);
  if (filter.cvId !== null) query = query.where('generated_cvs.id', '=', filter.cvId);
  if (filter.q) query = query.where(matches(db, filter.q, ['users.email_normalized', 'users.full_name', 'generated_cvs.name']));
  const [{ total }] = await query.select((eb) => eb.fn.countAll<string | number>().as('total')).execute();
  const rows = await query
    .select([
      'generated_cvs.id',
      'generated_cvs.name',
      'generated_cvs.last_updated',
      'generated_cvs.archived_at',
      'users.id as owner_id',
      'users.email as owner_email',
      'users.deleted_at as owner_deleted_at',
      'templates.name as template',
    ])
    .orderBy('generated_cvs.last_updated', 'desc')
    .orderBy('generated_cvs.id', 'desc')
    .offset((page - 1) * pageSize)
    .limit(pageSize)
    .execute();
  return { total: Number(total), rows };
}

/** Any CV by id, archived or not, whoever owns it. */
export function findCvById(db: Kysely<Database>, id: number): Promise<GeneratedCvRow | undefined> {
  return db.selectFrom('generated_cvs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Brings an archived CV back into its owner's list (and out of the bin). */
export async function restoreCv(db: Kysely<Database>, cvId: number): Promise<void> {
  await db.updateTable('generated_cvs').set({ archived_at: null, purge_at: null }).where('id', '=', cvId).execute();
}

/** How many CVs a user has, live and archived. */
export async function cvCountsOf(db: Kysely<Database>, userId: number) {
  const rows = await db
    .selectFrom('generated_cvs')
    .select((eb) => [sql<number>`case when archived_at is null then 0 else 1 end`.as('archived'), eb.fn.countAll<string | number>().as('n')])
    .where('owner_id', '=', userId)
    .groupBy(sql`case when archived_at is null then 0 else 1 end`)
    .execute();
  const live = Number(rows.find((row) => Number(row.archived) === 0)?.n ?? 0);
  const archived = Number(rows.find((row) => Number(row.archived) === 1)?.n ?? 0);
  return { live, archived, total: live + archived };
}

/** The dashboard's CVs: how many are saved (live) and how many archived. */
export async function cvFigures(db: Kysely<Database>) {
  const cvs = db.selectFrom('generated_cvs').select((eb) => eb.fn.countAll<number>().as('n'));
  const counts = await Promise.all([
    cvs.where('archived_at', 'is', null).executeTakeFirstOrThrow(),
    cvs.where('archived_at', 'is not', null).executeTakeFirstOrThrow(),
  ]);
  const [saved, archived] = counts.map((row) => Number(row.n));
  return { saved, archived };
}
