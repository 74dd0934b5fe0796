import type { Kysely } from 'kysely';
import { now as timestamp } from '../db/columns.js';
import type { Database } from '../db/schema.js';
import { isUniqueViolation } from '../db/errors.js';
import { EmailTakenError, findUserById, normalizeEmail, type User } from '../users/repository.js';
import { endUserSessions } from '../http/session.js';
import { withdrawEmailChanges } from './email-changes.js';

type Db = Kysely<Database>;

export interface ProfileChanges {
  fullName: string;
  email: string;
  phoneNumber: string;
}

/** The address a deleted account is left with: unique, and never deliverable (.invalid is reserved, RFC 2606). */
export function deletedAccountEmail(userId: number): string {
  return `deleted-${userId}@invalid`;
}

/**
 * Writes the person's details, the address included: for the same address in another spelling (a new address
 * goes through ./email-changes.ts). Another account holding the address (now or in a race, by the unique index)
 * is an EmailTakenError.
 */
export async function updateProfile(
  db: Db,
  userId: number,
  changes: ProfileChanges,
  at: Date,
): Promise<User> {
  const emailNormalized = normalizeEmail(changes.email);
  const holder = await db
    .selectFrom('users')
    .select('id')
    .where('email_normalized', '=', emailNormalized)
    .where('id', '!=', userId)
    .executeTakeFirst();
  if (holder) throw new EmailTakenError(changes.email);
  try {
    await db
      .updateTable('users')
      .set({
        full_name: changes.fullName,
        email: changes.email.trim(),
        email_normalized: emailNormalized,
        phone_number: changes.phoneNumber,
        updated_at: timestamp(at),
      })
      .where('id', '=', userId)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError(changes.email);
    throw error;
  }
  return reread(db, userId);
}

/** Writes the name and phone number only: a new address waits for its confirmation (./email-changes.ts). */
export async function updateDetails(
  db: Db,
  userId: number,
  changes: Omit<ProfileChanges, 'email'>,
  at: Date,
): Promise<User> {
  await db
    .updateTable('users')
    .set({ full_name: changes.fullName, phone_number: changes.phoneNumber, updated_at: timestamp(at) })
    .where('id', '=', userId)
    .execute();
  return reread(db, userId);
}

async function reread(db: Db, userId: number): Promise<User> {
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`user ${userId} vanished during a profile update`);
  return user;
}

/**
 * Removes the person's data from the account row and switches it off; the row stays so the archived
 * CVs keep their owner. Call inside a transaction together with archiveAllCvsOf and the session cleanup.
 * False when the account was deleted already.
 */
export async function anonymiseAccount(db: Db, userId: number, at: Date): Promise<boolean> {
  const stamp = timestamp(at);
  const email = deletedAccountEmail(userId);
  const result = await db
    .updateTable('users')
    .set({
      full_name: '',
      email,
      email_normalized: email,
      phone_number: '',
      password_hash: null,
      is_active: 0,
      is_staff: 0,
      is_superuser: 0,
      password_changed_at: stamp,
      deleted_at: stamp,
      updated_at: stamp,
    })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

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
