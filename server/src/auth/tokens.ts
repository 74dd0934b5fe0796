import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Stateless, single-use account tokens in the manner of Django's PasswordResetTokenGenerator:
 * `<issued-at seconds, base36>-<HMAC-SHA256, base64url>` signed over the user's id and the parts of
 * their row that the token's use changes. Once used (the account is activated, the password is
 * changed) the row no longer matches and the token is void, with nothing to store or clean up.
 */

export type TokenPurpose =
  | 'email-confirmation'
  | 'password-reset'
  | 'email-change-approval'
  | 'email-change-confirmation'
  | 'email-change-cancel'
  | 'account-deletion'
  | 'two-step-pending'
  | 'two-step-trusted-device'
  | 'account-unlock';

export type TokenCheck = 'valid' | 'invalid' | 'expired';

export const EMAIL_CONFIRMATION_MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_MAX_AGE_MS = 60 * 60 * 1000;
export const EMAIL_CHANGE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** The old address may cancel (and undo) a change for a week, before or after it is confirmed. */
export const EMAIL_CHANGE_CANCEL_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const ACCOUNT_DELETION_MAX_AGE_MS = 60 * 60 * 1000;
export const ACCOUNT_UNLOCK_MAX_AGE_MS = 60 * 60 * 1000;

/** Issued-at may run ahead of a verifying instance by this much (clock skew between instances). */
const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

const TOKEN_PATTERN = /^([0-9a-z]{1,12})-([A-Za-z0-9_-]{43})$/;

export interface TokenSubject {
  userId: number;
  /** Row values the token is bound to, in a fixed order. */
  state: ReadonlyArray<string | number | null>;
}

function signature(
  secretKey: string,
  purpose: TokenPurpose,
  subject: TokenSubject,
  issuedAtS: number,
): string {
  // A key per purpose: a confirmation token can never pass as a reset token.
  const key = createHmac('sha256', secretKey).update(`cv-builder.accounts.${purpose}`).digest();
  const payload = JSON.stringify([subject.userId, ...subject.state, issuedAtS]);
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export function makeToken(secretKey: string, purpose: TokenPurpose, subject: TokenSubject, at: Date): string {
  const issuedAtS = Math.floor(at.getTime() / 1000);
  return `${issuedAtS.toString(36)}-${signature(secretKey, purpose, subject, issuedAtS)}`;
}

export function checkToken(
  secretKey: string,
  purpose: TokenPurpose,
  subject: TokenSubject,
  token: string,
  at: Date,
  maxAgeMs: number,
): TokenCheck {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return 'invalid';
  const issuedAtS = parseInt(match[1]!, 36);
  const expected = Buffer.from(signature(secretKey, purpose, subject, issuedAtS));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  const ageMs = at.getTime() - issuedAtS * 1000;
  if (ageMs < -FUTURE_TOLERANCE_MS) return 'invalid';
  return ageMs > maxAgeMs ? 'expired' : 'valid';
}

/** The `uid` of mailed links: base64url of the decimal id, as Django's urlsafe_base64_encode. */
export function encodeUid(userId: number): string {
  return Buffer.from(String(userId)).toString('base64url');
}

/** Accepts the encoded form and, for hand-made links, the plain decimal id. */
export function decodeUid(uid: string): number | null {
  const decimal = /^\d{1,15}$/.test(uid)
    ? uid
    : /^[A-Za-z0-9_-]{1,24}$/.test(uid)
      ? Buffer.from(uid, 'base64url').toString('latin1')
      : '';
  if (!/^\d{1,15}$/.test(decimal)) return null;
  const id = Number(decimal);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
