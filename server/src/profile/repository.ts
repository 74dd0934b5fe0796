import type { Kysely } from 'kysely';
import { now as timestamp } from '../db/columns.js';
import type { Database } from '../db/schema.js';
import { anonymiseAccount } from '../users/repository.js';
import { endUserSessions } from '../sessions/repository.js';
import { withdrawEmailChanges } from './email-changes.js';

type Db = Kysely<Database>;

/** Deleting an account archives its CVs (the spec's delete is an archive): they leave every list. */
export async function archiveAllCvsOf(db: Db, ownerId: number, at: Date): Promise<number> {
  const result = await db
    .updateTable('generated_cvs')
    .set({ archived_at: timestamp(at) })
    .where('owner_id', '=', ownerId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes the account as the person asked: personal data removed, CVs archived, any email change called off, every
 * session ended. Call inside a transaction. False when the account was deleted already (a twin request).
 */
export async function deleteAccount(db: Db, userId: number, at: Date): Promise<boolean> {
  if (!(await anonymiseAccount(db, userId, at))) return false;
  await archiveAllCvsOf(db, userId, at);
  await withdrawEmailChanges(db, userId);
  await endUserSessions(db, userId);
  return true;
}
