import {
  checkToken,
  EMAIL_CONFIRMATION_MAX_AGE_MS,
  makeToken,
  PASSWORD_RESET_MAX_AGE_MS,
  type TokenCheck,
  type TokenSubject,
} from './tokens.js';
import type { User } from './users-repository.js';

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

/** 'used' when the link was valid for this account before it was confirmed. */
export function checkConfirmationToken(
  secretKey: string,
  user: TokenUser,
  token: string,
  at: Date,
): TokenCheck | 'used' {
  const result = checkToken(
    secretKey,
    'email-confirmation',
    confirmationSubject(user),
    token,
    at,
    EMAIL_CONFIRMATION_MAX_AGE_MS,
  );
  if (result !== 'invalid' || user.email_confirmed_at === null) return result;
  const beforeConfirming = confirmationSubject({ ...user, is_active: 0, email_confirmed_at: null });
  const earlier = checkToken(
    secretKey,
    'email-confirmation',
    beforeConfirming,
    token,
    at,
    Number.POSITIVE_INFINITY,
  );
  return earlier === 'valid' ? 'used' : 'invalid';
}

export function makePasswordResetToken(secretKey: string, user: TokenUser, at: Date): string {
  return makeToken(secretKey, 'password-reset', resetSubject(user), at);
}

export function checkPasswordResetToken(
  secretKey: string,
  user: TokenUser,
  token: string,
  at: Date,
): TokenCheck {
  return checkToken(secretKey, 'password-reset', resetSubject(user), token, at, PASSWORD_RESET_MAX_AGE_MS);
}
