import { sql, type Kysely, type Selectable } from 'kysely';
import { isLanguageCode, type LanguageCode } from '../../../rules/languages.js';
import { flag, now as timestamp } from '../db/columns.js';
import { isUniqueViolation } from '../db/errors.js';
import type { Database, UserTable } from '../db/schema.js';
import { matches } from '../db/search.js';

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

/** The last sign-in the admin lists show (every sign-in route records it, through startSession in http/session.ts). */
export async function recordSignIn(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ last_login_at: timestamp() }).where('id', '=', userId).execute();
}

/** Confirms the address and drops the password in one write (auth/social/social-accounts.ts says why). */
export function confirmWithoutPassword(db: Db, userId: number, at: Date): Promise<User> {
  const stamp = timestamp(at);
  return db
    .updateTable('users')
    .set({
      is_active: 1,
      email_confirmed_at: stamp,
      password_hash: null,
      password_changed_at: stamp,
      updated_at: stamp,
    })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function isStaffAccount(user: User): boolean {
  return user.is_staff === 1 || user.is_superuser === 1;
}

// ── the person's own details ─────────────────────────────────────────────

export interface ProfileChanges {
  fullName: string;
  email: string;
  phoneNumber: string;
}

/** The address a deleted account is left with: unique, and never deliverable (.invalid is reserved, RFC 2606). */
export function deletedAccountEmail(userId: number): string {
  return `deleted-${userId}@invalid`;
}

/** Whether another account holds the address. */
export async function emailHeldByAnother(db: Db, email: string, userId: number): Promise<boolean> {
  const holder = await db
    .selectFrom('users')
    .select('id')
    .where('email_normalized', '=', normalizeEmail(email))
    .where('id', '!=', userId)
    .executeTakeFirst();
  return holder !== undefined;
}

/**
 * Writes the person's details, the address included: for the same address in another spelling (a new address
 * goes through profile/email-changes.ts). Another account holding the address (now or in a race, by the unique
 * index) is an EmailTakenError.
 */
export async function updateProfile(
  db: Db,
  userId: number,
  changes: ProfileChanges,
  at: Date,
): Promise<User> {
  if (await emailHeldByAnother(db, changes.email, userId)) throw new EmailTakenError(changes.email);
  try {
    await db
      .updateTable('users')
      .set({
        full_name: changes.fullName,
        email: changes.email.trim(),
        email_normalized: normalizeEmail(changes.email),
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

/** Writes the name and phone number only: a new address waits for its confirmation (profile/email-changes.ts). */
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
 * Gives the account the address an email change confirmed (which counts as confirmed: the link came to it), unless
 * its address is no longer `fromNormalized` or it was deleted: false then, nothing written. Another account holding
 * the address fails on the unique index (the caller's transaction rolls back).
 */
export async function moveEmail(
  db: Db,
  userId: number,
  fromNormalized: string,
  to: { email: string; normalized: string },
  at: Date,
): Promise<boolean> {
  const stamp = timestamp(at);
  const moved = await db
    .updateTable('users')
    .set({
      email: to.email,
      email_normalized: to.normalized,
      email_confirmed_at: stamp,
      updated_at: stamp,
    })
    .where('id', '=', userId)
    .where('email_normalized', '=', fromNormalized)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return moved.numUpdatedRows > 0n;
}

/** Gives the account back the address an email change took from it (the change's cancel link). */
export async function restoreEmail(
  db: Db,
  userId: number,
  to: { email: string; normalized: string },
  at: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      email: to.email,
      email_normalized: to.normalized,
      updated_at: timestamp(at),
    })
    .where('id', '=', userId)
    .execute();
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
      language: null,
      deleted_at: stamp,
      updated_at: stamp,
    })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// ── the person's language ────────────────────────────────────────────────

/** The language the person chose, or null: never chosen (or a code the product no longer speaks). */
export function savedLanguageOf(user: Pick<User, 'language'>): LanguageCode | null {
  return isLanguageCode(user.language) ? user.language : null;
}

/** The saved language of the account `userId` (i18n/request.ts: the language its requests are answered in). */
export async function findSavedLanguage(db: Db, userId: number): Promise<LanguageCode | null> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return row ? savedLanguageOf(row) : null;
}

/** Keeps the language the person chose (null: none); answers the account as it now is. */
export async function setLanguage(
  db: Db,
  userId: number,
  language: LanguageCode | null,
  at: Date,
): Promise<User> {
  await db
    .updateTable('users')
    .set({ language, updated_at: timestamp(at) })
    .where('id', '=', userId)
    .execute();
  return reread(db, userId);
}

// ── the admin panel ──────────────────────────────────────────────────────

/** The users list's sort keys (`-` first: descending) and the indexed column each sorts by. */
export const USER_SORTS = {
  email: 'email',
  name: 'full_name',
  joined: 'created_at',
  last_login: 'last_login_at',
} as const;
export type UserSortKey = keyof typeof USER_SORTS;

export interface UserSort {
  key: UserSortKey;
  descending: boolean;
}

export type UserListRow = Pick<
  User,
  | 'id'
  | 'email'
  | 'full_name'
  | 'is_active'
  | 'is_staff'
  | 'is_superuser'
  | 'email_confirmed_at'
  | 'created_at'
  | 'last_login_at'
  | 'deleted_at'
  | 'deactivated_at'
>;

/** One page of users, searched by email or name (contains, any case), sorted by an indexed column. */
export async function listUsers(db: Db, search: string, sort: UserSort, page: number, pageSize: number) {
  let query = db.selectFrom('users');
  if (search) query = query.where(matches(db, search, ['email_normalized', 'full_name']));
  const column = USER_SORTS[sort.key];
  const direction = sort.descending ? 'desc' : 'asc';
  const page$ = query
    .select([
      'id',
      'email',
      'full_name',
      'is_active',
      'is_staff',
      'is_superuser',
      'email_confirmed_at',
      'created_at',
      'last_login_at',
      'deleted_at',
      'deactivated_at',
    ])
    // "Never signed in" reads as longest ago on both databases (the index, migration 0011, is in that order).
    .$if(sort.key === 'last_login', (q) =>
      q.orderBy(sql.raw(`last_login_at ${sort.descending ? 'desc nulls last' : 'asc nulls first'}`)),
    )
    .$if(sort.key !== 'last_login', (q) => q.orderBy(column, direction))
    .orderBy('id', direction)
    .offset((page - 1) * pageSize)
    .limit(pageSize);
  if (!search) {
    // Unfiltered, the count is the table's (fast on both databases) and the page walks an index.
    const [{ total }] = await query.select((eb) => eb.fn.countAll<string | number>().as('total')).execute();
    return { total: Number(total), rows: await page$.execute() };
  }
  // A search reads every row once anyway: the count comes with the page, in the same pass.
  const rows = await page$.select((eb) => eb.fn.countAll<string | number>().over().as('total')).execute();
  if (rows.length > 0 || page === 1) return { total: Number(rows[0]?.total ?? 0), rows };
  const [{ total }] = await query.select((eb) => eb.fn.countAll<string | number>().as('total')).execute();
  return { total: Number(total), rows };
}

/** Superusers who can still sign in: the panel never lets this drop to zero. */
export async function activeSuperusers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('is_superuser', '=', 1)
    .where('is_active', '=', 1)
    .where('deleted_at', 'is', null)
    .where('deactivated_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deactivateUser(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ deactivated_at: timestamp(at), is_active: 0, updated_at: timestamp(at) })
    .where('id', '=', userId)
    .execute();
}

/** Back as before: active again once the address was confirmed, else still waiting for the confirmation. */
export async function reactivateUser(db: Db, user: User, at: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({
      deactivated_at: null,
      is_active: user.email_confirmed_at === null ? 0 : 1,
      updated_at: timestamp(at),
    })
    .where('id', '=', user.id)
    .execute();
}

export async function setRoles(
  db: Db,
  userId: number,
  roles: { staff: boolean; superuser: boolean },
  at: Date,
) {
  await db
    .updateTable('users')
    .set({ is_staff: roles.staff ? 1 : 0, is_superuser: roles.superuser ? 1 : 0, updated_at: timestamp(at) })
    .where('id', '=', userId)
    .execute();
}

/** A CV's owner as the admin's restore checks it: its address, and whether the account was deleted. */
export function ownerOf(db: Db, userId: number): Promise<Pick<User, 'email' | 'deleted_at'>> {
  return db
    .selectFrom('users')
    .select(['email', 'deleted_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The dashboard's people: accounts not deleted, and of them those confirmed and those signed in since `since`. */
/**
 * The admin dashboard's figures: accounts not deleted (staff included), of them confirmed, signed in since `since`
 * and staff; and the deleted accounts whose rows are kept, counted apart.
 */
export async function userFigures(db: Db, since: Date) {
  const all = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
  const users = all.where('deleted_at', 'is', null);
  const counts = await Promise.all([
    users.executeTakeFirstOrThrow(),
    users.where('email_confirmed_at', 'is not', null).executeTakeFirstOrThrow(),
    users.where('last_login_at', '>=', timestamp(since)).executeTakeFirstOrThrow(),
    users
      .where((eb) => eb.or([eb('is_staff', '=', 1), eb('is_superuser', '=', 1)]))
      .executeTakeFirstOrThrow(),
    all.where('deleted_at', 'is not', null).executeTakeFirstOrThrow(),
  ]);
  const [total, confirmed, recent, staff, deleted] = counts.map((row) => Number(row.n));
  return { total, confirmed, recent, staff, deleted };
}
