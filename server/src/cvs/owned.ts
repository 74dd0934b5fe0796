import { msg, type Message } from '../../../rules/languages.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { findLiveCv, parseCvReference, type GeneratedCvRow } from './repository.js';

export const CV_NOT_FOUND = msg('CV not found.');

/** 404 of a version a CV does not have (`number` as asked). */
export const noVersion = (number: string | number): Message => ({
  id: msg('This CV has no version {number}.'),
  values: { number },
});

/**
 * The person's own live CV named by `raw` (an id or a uuid, as a path or a body gives it). Anything else — another
 * person's CV, a deleted one, an unknown or malformed reference — is the same 404, so no answer tells whose a CV is.
 */
export async function ownedLiveCv(
  db: Kysely<Database>,
  ownerId: number,
  raw: string | number,
): Promise<GeneratedCvRow> {
  const reference = parseCvReference(raw);
  const cv = reference && (await findLiveCv(db, ownerId, reference));
  if (!cv) throw notFound(CV_NOT_FOUND);
  return cv;
}
