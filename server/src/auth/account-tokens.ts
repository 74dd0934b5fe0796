import type { Selectable } from 'kysely';
import type { EmailChangeTable } from '../db/schema.js';
import {
  ACCOUNT_DELETION_MAX_AGE_MS,
  ACCOUNT_UNLOCK_MAX_AGE_MS,
  checkToken,
  EMAIL_CHANGE_CANCEL_MAX_AGE_MS,
  EMAIL_CHANGE_MAX_AGE_MS,
  EMAIL_CONFIRMATION_MAX_AGE_MS,
  makeToken,
  PASSWORD_RESET_MAX_AGE_MS,
  type TokenCheck,
  type TokenPurpose,
  type TokenSubject,
} from './tokens.js';
import type { User } from '../users/repository.js';

/** What a link's token check tells: 'used' when it was valid until the thing it does was done. */
export type LinkCheck = TokenCheck | 'used';

type TokenUser = Pick<
  User,
  'id' | 'email_normalized' | 'is_active' | 'email_confirmed_at' | 'password_hash' | 'password_changed_at'
>;

// Confirming changes is_active and email_confirmed_at, which voids the link: single use.
function confirmationSubject(
  user: Pick<TokenUser, 'id' | 'email_normalized' | 'is_active' | 'email_confirmed_at'>,
): TokenSubject {
  return { userId: user.id, state: [user.email_normalized, user.is_active, user.email_confirmed_at] };
}

// Any password change (this reset, another reset, a change from the profile) voids the link.
function resetSubject(user: TokenUser): TokenSubject {
  return { userId: user.id, state: [user.email_normalized, user.password_hash, user.password_changed_at] };
}

export function makeConfirmationToken(secretKey: string, user: TokenUser, at: Date): string {
  return makeToken(secretKey, 'email-confirmation', confirmationSubject(user), at);
}

/**
 * A single-use token's verdict: as checked against the state now; a token refused now that was good for the state
 * `before` its use (when there is one) is 'used' rather than invalid, so the page can say so.
 */
function checkSingleUse(
  secretKey: string,
  purpose: TokenPurpose,
  subjects: { now: TokenSubject; before?: TokenSubject },
  token: string,
  at: Date,
  maxAgeMs: number,
): TokenCheck | 'used' {
  const result = checkToken(secretKey, purpose, subjects.now, token, at, maxAgeMs);
  if (result !== 'invalid' || !subjects.before) return result;
  const earlier = checkToken(secretKey, purpose, subjects.before, token, at, Number.POSITIVE_INFINITY);
  return earlier === 'valid' ? 'used' : 'invalid';
}

/** 'used' when the link was valid for this account before it was confirmed. */
export function checkConfirmationToken(
  secretKey: string,
  user: TokenUser,
  token: string,
  at: Date,
): TokenCheck | 'used' {
  const before =
    user.email_confirmed_at === null
      ? undefined
      : confirmationSubject({ ...user, is_active: 0, email_confirmed_at: null });
  return checkSingleUse(
    secretKey,
    'email-confirmation',
    { now: confirmationSubject(user), before },
    token,
    at,
    EMAIL_CONFIRMATION_MAX_AGE_MS,
  );
}

export function makePasswordResetToken(secretKey: string, user: TokenUser, at: Date): string {
  return makeToken(secretKey, 'password-reset', resetSubject(user), at);
}

/**
 * The link that unlocks an account locked by wrong passwords. Bound like a reset link (a password change voids
 * it); using it again within its hour only unlocks again, which its owner may.
 */
export function makeAccountUnlockToken(secretKey: string, user: TokenUser, at: Date): string {
  return makeToken(secretKey, 'account-unlock', resetSubject(user), at);
}

export function checkAccountUnlockToken(secretKey: string, user: TokenUser, token: string, at: Date): TokenCheck {
  return checkToken(secretKey, 'account-unlock', resetSubject(user), token, at, ACCOUNT_UNLOCK_MAX_AGE_MS);
}

export function checkPasswordResetToken(
  secretKey: string,
  user: TokenUser,
  token: string,
  at: Date,
): TokenCheck {
  return checkToken(secretKey, 'password-reset', resetSubject(user), token, at, PASSWORD_RESET_MAX_AGE_MS);
}

// ── account deletion by link (an account without a password proves it is the person through its mailbox) ──

type DeletionUser = Pick<User, 'id' | 'created_at' | 'email_confirmed_at' | 'deleted_at'>;

// The deletion sets deleted_at, which voids the link; a confirmed email change (a new email_confirmed_at) does too,
// so a link sent to an address the account has left cannot delete it.
function deletionSubject(user: DeletionUser): TokenSubject {
  return { userId: user.id, state: [user.created_at, user.email_confirmed_at, user.deleted_at] };
}

export function makeAccountDeletionToken(secretKey: string, user: DeletionUser, at: Date): string {
  return makeToken(secretKey, 'account-deletion', deletionSubject(user), at);
}

export function checkAccountDeletionToken(
  secretKey: string,
  user: DeletionUser,
  token: string,
  at: Date,
): LinkCheck {
  const before = user.deleted_at === null ? undefined : deletionSubject({ ...user, deleted_at: null });
  return checkSingleUse(
    secretKey,
    'account-deletion',
    { now: deletionSubject(user), before },
    token,
    at,
    ACCOUNT_DELETION_MAX_AGE_MS,
  );
}

// ── email change links ──
// A token names its change: `<change id, base36>-<token>`. The id is signed too (it is part of the state), so it
// cannot be swapped for another change's; each purpose has its own key, so one link never passes as another.

type EmailChange = Selectable<EmailChangeTable>;

export type EmailChangeLink = 'approval' | 'confirmation' | 'cancel';

const LINK_PURPOSES: Record<EmailChangeLink, TokenPurpose> = {
  approval: 'email-change-approval',
  confirmation: 'email-change-confirmation',
  cancel: 'email-change-cancel',
};

const LINK_MAX_AGE_MS: Record<EmailChangeLink, number> = {
  approval: EMAIL_CHANGE_MAX_AGE_MS,
  confirmation: EMAIL_CHANGE_MAX_AGE_MS,
  cancel: EMAIL_CHANGE_CANCEL_MAX_AGE_MS,
};

// Approval and confirmation are bound to the change's status: approving, confirming, or a later request taking
// its place (status 'replaced') voids them. The cancel link is bound to cancelled_at only, so it keeps working
// after the change is confirmed (to undo it) and after a later request replaced it (to end the sessions).
function linkSubject(link: EmailChangeLink, change: EmailChange): TokenSubject {
  const common = [change.id, change.old_email_normalized, change.new_email_normalized];
  return {
    userId: change.user_id,
    state: link === 'cancel' ? [...common, change.cancelled_at] : [...common, change.status],
  };
}

/** The change as it was when its `link` was still unused, or undefined when the link never got used. */
function beforeUse(link: EmailChangeLink, change: EmailChange): EmailChange | undefined {
  if (link === 'approval' && change.approved_at !== null) return { ...change, status: 'awaiting_approval' };
  if (link === 'confirmation' && change.confirmed_at !== null) return { ...change, status: 'pending' };
  if (link === 'cancel' && change.cancelled_at !== null) return { ...change, cancelled_at: null };
  return undefined;
}

export function makeEmailChangeToken(
  secretKey: string,
  link: EmailChangeLink,
  change: EmailChange,
  at: Date,
): string {
  return `${change.id.toString(36)}-${makeToken(secretKey, LINK_PURPOSES[link], linkSubject(link, change), at)}`;
}

/** The change id an email-change token names, or null when it is not one. */
export function emailChangeIdOf(token: string): number | null {
  const match = /^([0-9a-z]{1,10})-[0-9a-z]{1,12}-[A-Za-z0-9_-]{43}$/.exec(token);
  if (!match) return null;
  const id = parseInt(match[1]!, 36);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function checkEmailChangeToken(
  secretKey: string,
  link: EmailChangeLink,
  change: EmailChange,
  token: string,
  at: Date,
): LinkCheck {
  if (emailChangeIdOf(token) !== change.id) return 'invalid';
  const signed = token.slice(token.indexOf('-') + 1);
  const purpose = LINK_PURPOSES[link];
  const result = checkToken(secretKey, purpose, linkSubject(link, change), signed, at, LINK_MAX_AGE_MS[link]);
  if (result !== 'invalid') return result;
  const earlier = beforeUse(link, change);
  if (!earlier) return 'invalid';
  return checkToken(secretKey, purpose, linkSubject(link, earlier), signed, at, Number.POSITIVE_INFINITY) ===
    'valid'
    ? 'used'
    : 'invalid';
}
