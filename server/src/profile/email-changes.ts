import type { Kysely, Selectable } from 'kysely';
import { now as timestamp } from '../db/columns.js';
import { isUniqueViolation } from '../db/errors.js';
import type { LanguageCode } from '../../../rules/languages.js';
import {
  emailHeldByAnother,
  moveEmail,
  normalizeEmail,
  restoreEmail,
  savedLanguageOf,
  type User,
} from '../users/repository.js';
import { isTwoStepOn } from '../two-step/repository.js';
import type { Database, EmailChangeTable } from '../db/schema.js';

/*
 * Email changes. The address on an account changes only when the new address confirms it, by a link
 * sent there; the old address is told, with a link that cancels the change — and undoes it if it has already
 * happened — and signs the account out everywhere, so a borrowed session cannot take the account over. An
 * account without a password cannot re-enter one: its current address approves the change first, by a link.
 *
 * A change is a row with a status: awaiting_approval → pending → confirmed, or replaced (a later request took its
 * place) or cancelled. At most one is live (awaiting_approval or pending) per account. The rows stay: the cancel
 * link of a confirmed change must still find it.
 */

export type EmailChange = Selectable<EmailChangeTable>;

type Db = Kysely<Database>;

const LIVE = ['awaiting_approval', 'pending'] as const;

export function findEmailChange(db: Db, id: number): Promise<EmailChange | undefined> {
  return db.selectFrom('email_changes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The change waiting for approval or confirmation, if any. */
export function liveEmailChangeOf(db: Db, userId: number): Promise<EmailChange | undefined> {
  return db
    .selectFrom('email_changes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', LIVE)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Every email change of the account's, oldest first (the data download's history of addresses). */
export function emailChangesOf(db: Db, userId: number): Promise<EmailChange[]> {
  return db.selectFrom('email_changes').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** What GET /auth/profile/ answers (docs/behaviour.md#data). */
export interface Profile {
  full_name: string;
  email: string;
  phone_number: string;
  is_staff: boolean;
  is_superuser: boolean;
  /** The address an email change waits to move to, else null. */
  pending_email: string | null;
  /** False for an account that signs in only through Google or LinkedIn. */
  has_password: boolean;
  /** Whether sign-in asks for a code from an authenticator app (two-step/). */
  two_factor_enabled: boolean;
  /** [extension] The language the person chose (PATCH /auth/profile/), null while they never chose. */
  language: LanguageCode | null;
}

function toProfile(user: User, pendingEmail: string | null = null, twoFactor = false): Profile {
  return {
    full_name: user.full_name,
    email: user.email,
    phone_number: user.phone_number,
    is_staff: user.is_staff === 1,
    is_superuser: user.is_superuser === 1,
    pending_email: pendingEmail,
    has_password: user.password_hash !== null,
    two_factor_enabled: twoFactor,
    language: savedLanguageOf(user),
  };
}

/** The profile the API answers: the account's details, and the address it is changing to, if any. */
export async function profileOf(db: Db, user: User): Promise<Profile> {
  const pending = await liveEmailChangeOf(db, user.id);
  return toProfile(user, pending?.new_email ?? null, await isTwoStepOn(db, user.id));
}

/**
 * Records a change of the user's address to `newEmail`, in place of any live one (whose links stop working).
 * Call inside a transaction, together with queueing its mail.
 */
export async function requestEmailChange(
  db: Db,
  user: Pick<User, 'id' | 'email' | 'email_normalized'>,
  newEmail: string,
  { needsApproval }: { needsApproval: boolean },
  at: Date,
): Promise<EmailChange> {
  await db
    .updateTable('email_changes')
    .set({ status: 'replaced' })
    .where('user_id', '=', user.id)
    .where('status', 'in', LIVE)
    .execute();
  return db
    .insertInto('email_changes')
    .values({
      user_id: user.id,
      old_email: user.email,
      old_email_normalized: user.email_normalized,
      new_email: newEmail.trim(),
      new_email_normalized: normalizeEmail(newEmail),
      status: needsApproval ? 'awaiting_approval' : 'pending',
      created_at: timestamp(at),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Calls off the user's live change, if any (the person withdrew it, or the account is being deleted). */
export async function withdrawEmailChanges(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('email_changes')
    .set({ status: 'cancelled' })
    .where('user_id', '=', userId)
    .where('status', 'in', LIVE)
    .execute();
}

/** Marks an awaiting change approved; false when it no longer awaits approval (used, replaced, cancelled). */
export async function approveEmailChange(db: Db, change: EmailChange, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('email_changes')
    .set({ status: 'pending', approved_at: timestamp(at) })
    .where('id', '=', change.id)
    .where('status', '=', 'awaiting_approval')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export class EmailChangeTakenError extends Error {
  constructor() {
    super('the new address belongs to another account');
    this.name = 'EmailChangeTakenError';
  }
}

/** The account no longer has the address the change was made from (or is gone): the change cannot apply. */
export class EmailChangeVoidError extends Error {
  constructor() {
    super('the account no longer has the address the change was made from');
    this.name = 'EmailChangeVoidError';
  }
}

/**
 * Gives the account its new address (which counts as confirmed: the link came to it). False when the change is no
 * longer pending (confirmed by a twin request a moment ago). Throws, so that the transaction it must run in is
 * rolled back, EmailChangeTakenError when another account took the new address meanwhile and EmailChangeVoidError
 * when the account's address is no longer the one the change was made from.
 */
export async function confirmEmailChange(db: Db, change: EmailChange, at: Date): Promise<boolean> {
  const stamp = timestamp(at);
  const marked = await db
    .updateTable('email_changes')
    .set({ status: 'confirmed', confirmed_at: stamp })
    .where('id', '=', change.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (marked.numUpdatedRows === 0n) return false;
  if (await emailHeldByAnother(db, change.new_email, change.user_id)) throw new EmailChangeTakenError();
  try {
    const to = { email: change.new_email, normalized: change.new_email_normalized };
    if (!(await moveEmail(db, change.user_id, change.old_email_normalized, to, at)))
      throw new EmailChangeVoidError();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailChangeTakenError();
    throw error;
  }
}

export type CancelOutcome = 'cancelled' | 'undone' | 'not-undone' | 'used' | 'superseded';

/**
 * The account's latest confirmed change while its cancel link can still undo it (the link is mailed when the change
 * is asked for, and works for `undoWindowMs`): until then the address may not change again.
 */
export function undoableEmailChangeOf(
  db: Db,
  userId: number,
  at: Date,
  undoWindowMs: number,
): Promise<EmailChange | undefined> {
  return db
    .selectFrom('email_changes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'confirmed')
    .where('undone_at', 'is', null)
    .where('created_at', '>', timestamp(new Date(at.getTime() - undoWindowMs)))
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Whether a change confirmed after this one has overtaken it. */
async function isSuperseded(db: Db, change: EmailChange): Promise<boolean> {
  const later = await db
    .selectFrom('email_changes')
    .select('id')
    .where('user_id', '=', change.user_id)
    .where('id', '>', change.id)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return later !== undefined;
}

/**
 * The cancel link's work, in a transaction with ending the account's sessions: marks the link used, calls off
 * whatever change is live, and if this change had been confirmed gives the account its old address back — unless
 * another account has taken it since (`restore: false` skips that, for the retry after such a race).
 */
export async function cancelEmailChange(
  db: Db,
  change: EmailChange,
  at: Date,
  { restore }: { restore: boolean },
): Promise<CancelOutcome> {
  const stamp = timestamp(at);
  // Only the latest change can be called off: an older link would hand the account to an address it has left.
  if (await isSuperseded(db, change)) return 'superseded';
  const marked = await db
    .updateTable('email_changes')
    .set({ cancelled_at: stamp })
    .where('id', '=', change.id)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  if (marked.numUpdatedRows === 0n) return 'used';
  // Read again under the row's lock: it may have been confirmed since the link was checked.
  const current = (await findEmailChange(db, change.id)) ?? change;
  await withdrawEmailChanges(db, change.user_id);
  if (current.status !== 'confirmed') return 'cancelled';
  if (!restore || (await emailHeldByAnother(db, change.old_email, change.user_id))) return 'not-undone';
  await restoreEmail(
    db,
    change.user_id,
    { email: change.old_email, normalized: change.old_email_normalized },
    at,
  );
  await db.updateTable('email_changes').set({ undone_at: stamp }).where('id', '=', change.id).execute();
  return 'undone';
}
