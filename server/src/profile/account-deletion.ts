import type { Kysely } from 'kysely';
import { archiveAllCvsOf } from '../cvs/repository.js';
import type { Database } from '../db/schema.js';
import { deletePasskeysOf } from '../passkeys/repository.js';
import { endUserSessions } from '../sessions/repository.js';
import { disableTwoStep } from '../two-step/repository.js';
import { anonymiseAccount } from '../users/repository.js';
import { withdrawEmailChanges } from './email-changes.js';

type Db = Kysely<Database>;

/**
 * Deletes the account as the person asked: personal data removed, CVs archived, any email change called off, every
 * session ended, two-step sign-in and every passkey removed. Call inside a transaction. False when the account was deleted already (a twin request).
 */
export async function deleteAccount(db: Db, userId: number, at: Date): Promise<boolean> {
  if (!(await anonymiseAccount(db, userId, at))) return false;
  await archiveAllCvsOf(db, userId, at);
  await withdrawEmailChanges(db, userId);
  await endUserSessions(db, userId);
  // The authenticator secret and recovery codes are the person's too.
  await disableTwoStep(db, userId);
  // Nothing may sign in to a deleted account.
  await deletePasskeysOf(db, userId);
  return true;
}
