import type { Kysely, Selectable } from 'kysely';
import { flag, now as timestamp } from '../db/columns.js';
import { isUniqueViolation } from '../db/errors.js';
import type { Database, UserTable } from '../db/schema.js';

/*
 * The users table: every read and write of an account row goes through here (sign-up, sign-in, profile, email
 * changes, the admin panel, the CLI). Plain functions taking `db`: a caller that needs a transaction opens it
 * and passes it in.
 */

export type User = Selectable<UserTable>;

export interface NewUser {
  fullName: string;
  email: string;
  phoneNumber: string;
  passwordHash: string | null;
  /** Operator-created and social accounts start confirmed; sign-ups confirm by mail. */
  confirmed: boolean;
  isStaff?: boolean;
  isSuperuser?: boolean;
}

export class EmailTakenError extends Error {
  constructor(readonly email: string) {
    super(`An account with the email ${email} already exists`);
    this.name = 'EmailTakenError';
  }
}

type Db = Kysely<Database>;

/** The uniqueness key of an email address. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserById(db: Db, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email_normalized', '=', normalizeEmail(email))
    .executeTakeFirst();
}

/** Inserts the user; a concurrent or earlier account with the same address is an EmailTakenError. */
export async function createUser(db: Db, user: NewUser, at: Date): Promise<User> {
  const stamp = timestamp(at);
  try {
    return await db
      .insertInto('users')
      .values({
        full_name: user.fullName,
        email: user.email.trim(),
        email_normalized: normalizeEmail(user.email),
        phone_number: user.phoneNumber,
        password_hash: user.passwordHash,
        is_active: flag(user.confirmed),
        is_staff: flag(user.isStaff ?? false),
        is_superuser: flag(user.isSuperuser ?? false),
        email_confirmed_at: user.confirmed ? stamp : null,
        password_changed_at: user.passwordHash === null ? null : stamp,
        created_at: stamp,
        updated_at: stamp,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError(user.email);
    throw error;
  }
}

export async function confirmEmail(db: Db, userId: number, at: Date): Promise<void> {
  const stamp = timestamp(at);
  await db
    .updateTable('users')
    .set({ is_active: 1, email_confirmed_at: stamp, updated_at: stamp })
    .where('id', '=', userId)
    .execute();
}

export async function setPassword(db: Db, userId: number, passwordHash: string, at: Date): Promise<void> {
  const stamp = timestamp(at);
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: stamp, updated_at: stamp })
    .where('id', '=', userId)
    .execute();
}

/** Signs the user out everywhere: used when the password changes. */
export async function endAllSessionsOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export function isStaffAccount(user: User): boolean {
  return user.is_staff === 1 || user.is_superuser === 1;
}
