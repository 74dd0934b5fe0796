import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { CvFieldEntryTable, Database, GeneratedCvTable } from '../db/schema.js';
import { now } from '../db/columns.js';
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

/** Deleting a CV keeps the row and its entries, marked archived. */
export async function archiveCv(db: Kysely<Database>, cvId: number, at = new Date()): Promise<void> {
  await db
    .updateTable('generated_cvs')
    .set({ archived_at: now(at) })
    .where('id', '=', cvId)
    .where('archived_at', 'is', null)
    .execute();
}
