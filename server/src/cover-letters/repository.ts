import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { CoverLetterTable, Database } from '../db/schema.js';
import { now } from '../db/columns.js';
import type { LetterInput } from './input.js';

/*
 * Every SQL statement on cover letters. A letter is read with its linked CV's id only while that CV is live: a CV in
 * the bin leaves its letters unlinked (`live_cv_id` null) until it is restored; one removed for good unlinks them in
 * the database (ON DELETE SET NULL).
 */

export type CoverLetterRow = Selectable<CoverLetterTable> & {
  /** generated_cv_id when that CV is live (not in the bin), else null: what the API answers as `cv`. */
  live_cv_id: number | null;
};

function lettersOf(db: Kysely<Database>, ownerId: number) {
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

/** The owner's letters, the latest changed first; with `cvId`, only those linked to that (live) CV. */
export function listLetters(db: Kysely<Database>, ownerId: number, cvId?: number): Promise<CoverLetterRow[]> {
  let query = lettersOf(db, ownerId);
  if (cvId !== undefined) query = query.where('generated_cvs.id', '=', cvId);
  return query.orderBy('cover_letters.last_updated', 'desc').orderBy('cover_letters.id', 'desc').execute();
}

/** The owner's letter: anyone else's is simply not found. */
export function findLetter(db: Kysely<Database>, ownerId: number, id: number): Promise<CoverLetterRow | undefined> {
  return lettersOf(db, ownerId).where('cover_letters.id', '=', id).executeTakeFirst();
}

function columns(input: LetterInput) {
  return {
    name: input.name,
    template_id: input.templateId,
    generated_cv_id: input.cvId,
    recipient_name: input.recipient_name,
    company: input.company,
    address: input.address,
    date: input.date,
    subject: input.subject,
    salutation: input.salutation,
    body: input.body,
    closing: input.closing,
    signature_name: input.signature_name,
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
    .values({ uuid: randomUUID(), owner_id: ownerId, ...columns(input), created: timestamp, last_updated: timestamp })
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
    .where('owner_id', '=', ownerId);
  if (options.ifLastUpdated !== undefined) update = update.where('last_updated', '=', options.ifLastUpdated);
  const { numUpdatedRows } = await update.executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Removes the owner's letter for good; false when there was none. */
export async function deleteLetter(db: Kysely<Database>, ownerId: number, id: number): Promise<boolean> {
  const { numDeletedRows } = await db
    .deleteFrom('cover_letters')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return numDeletedRows > 0n;
}
