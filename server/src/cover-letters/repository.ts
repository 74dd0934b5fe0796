import { letterContentOf } from '../render/letter.js';
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { CoverLetterTable, Database } from '../db/schema.js';
import { now } from '../db/columns.js';
import type { LetterInput } from './input.js';

/*
 * Every SQL statement on cover letters. A letter is read with its linked CV's id only while that CV is live: a CV in
 * the bin leaves its letters unlinked (`live_cv_id` null) until it is restored; one removed for good unlinks them in
 * the database (ON DELETE SET NULL). A deleted letter is in the bin (`deleted_at` set): every letter route reads through
 * liveLettersOf and so never sees it; only the bin's functions at the end of this file do.
 */

export type CoverLetterRow = Selectable<CoverLetterTable> & {
  /** generated_cv_id when that CV is live (not in the bin), else null: what the API answers as `cv`. */
  live_cv_id: number | null;
};

function anyLettersOf(db: Kysely<Database>, ownerId: number) {
  return db
    .selectFrom('cover_letters')
    .leftJoin('generated_cvs', (join) =>
      join
        .onRef('generated_cvs.id', '=', 'cover_letters.generated_cv_id')
        .on('generated_cvs.archived_at', 'is', null),
    )
    .selectAll('cover_letters')
    .select('generated_cvs.id as live_cv_id')
    .where('cover_letters.owner_id', '=', ownerId);
}

function lettersOf(db: Kysely<Database>, ownerId: number) {
  return anyLettersOf(db, ownerId).where('cover_letters.deleted_at', 'is', null);
}

/** The owner's letters, the latest changed first; with `cvId`, only those linked to that (live) CV. */
export function listLetters(db: Kysely<Database>, ownerId: number, cvId?: number): Promise<CoverLetterRow[]> {
  let query = lettersOf(db, ownerId);
  if (cvId !== undefined) query = query.where('generated_cvs.id', '=', cvId);
  return query.orderBy('cover_letters.last_updated', 'desc').orderBy('cover_letters.id', 'desc').execute();
}

/** Every letter of the owner's for the data download, those in the bin too (the server still keeps them). */
export function listLettersForExport(db: Kysely<Database>, ownerId: number): Promise<CoverLetterRow[]> {
  return anyLettersOf(db, ownerId)
    .orderBy('cover_letters.created', 'asc')
    .orderBy('cover_letters.id', 'asc')
    .execute();
}

/** The owner's letter: anyone else's is simply not found. */
export function findLetter(
  db: Kysely<Database>,
  ownerId: number,
  id: number,
): Promise<CoverLetterRow | undefined> {
  return lettersOf(db, ownerId).where('cover_letters.id', '=', id).executeTakeFirst();
}

function columns(input: LetterInput) {
  return {
    name: input.name,
    template_id: input.templateId,
    generated_cv_id: input.cvId,
    ...letterContentOf(input),
  };
}

export async function insertLetter(
  db: Kysely<Database>,
  ownerId: number,
  input: LetterInput,
  at = new Date(),
): Promise<number> {
  const timestamp = now(at);
  const { id } = await db
    .insertInto('cover_letters')
    .values({
      uuid: randomUUID(),
      owner_id: ownerId,
      ...columns(input),
      created: timestamp,
      last_updated: timestamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Replaces a letter's values. False, with nothing written, when it is gone or, with `ifLastUpdated`, when it is no
 * longer that version (someone saved it since): the check is in the write itself, so no save in between is lost.
 */
export async function replaceLetter(
  db: Kysely<Database>,
  ownerId: number,
  id: number,
  input: LetterInput,
  options: { at: Date; ifLastUpdated?: string },
): Promise<boolean> {
  let update = db
    .updateTable('cover_letters')
    .set({ ...columns(input), last_updated: now(options.at) })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null);
  if (options.ifLastUpdated !== undefined) update = update.where('last_updated', '=', options.ifLastUpdated);
  const { numUpdatedRows } = await update.executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Moves the owner's live letter to the bin, to be removed for good at `purgeAt`; false when there was none. */
export async function binLetter(
  db: Kysely<Database>,
  ownerId: number,
  id: number,
  at: Date,
  purgeAt: Date,
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('cover_letters')
    .set({ deleted_at: now(at), purge_at: now(purgeAt) })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

// ── the bin ────────────────────────────────────────────────────────────────

function binnedLettersOf(db: Kysely<Database>, ownerId: number) {
  return anyLettersOf(db, ownerId)
    .where('cover_letters.deleted_at', 'is not', null)
    .where('cover_letters.purge_at', 'is not', null);
}

/** The owner's letters in the bin, the latest deleted first. */
export function listBinnedLetters(db: Kysely<Database>, ownerId: number): Promise<CoverLetterRow[]> {
  return binnedLettersOf(db, ownerId)
    .orderBy('cover_letters.deleted_at', 'desc')
    .orderBy('cover_letters.id', 'desc')
    .execute();
}

/** The owner's letter in the bin by its uuid; a live letter, or anyone else's, is not found. */
export function findBinnedLetter(
  db: Kysely<Database>,
  ownerId: number,
  uuid: string,
): Promise<CoverLetterRow | undefined> {
  return binnedLettersOf(db, ownerId).where('cover_letters.uuid', '=', uuid).executeTakeFirst();
}

/** Brings a letter back from the bin as it was; false when it was not there (restored or removed meanwhile). */
export async function restoreBinnedLetter(
  db: Kysely<Database>,
  ownerId: number,
  id: number,
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('cover_letters')
    .set({ deleted_at: null, purge_at: null })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/**
 * Removes a letter in the bin for good (one row: a letter has nothing kept beside it); false when it is not in the
 * bin (restored meanwhile). `ownerId` undefined: the purge job's call, for whoever's letter it is.
 */
export async function purgeLetter(db: Kysely<Database>, id: number, ownerId?: number): Promise<boolean> {
  let query = db
    .deleteFrom('cover_letters')
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .where('purge_at', 'is not', null);
  if (ownerId !== undefined) query = query.where('owner_id', '=', ownerId);
  const { numDeletedRows } = await query.executeTakeFirst();
  return numDeletedRows > 0n;
}

/** Up to `limit` letters in the bin whose removal date has come by `at`, the longest due first. */
export async function lettersDueForPurge(db: Kysely<Database>, at: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('cover_letters')
    .select('id')
    .where('deleted_at', 'is not', null)
    .where('purge_at', '<=', now(at))
    .orderBy('purge_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
