// The product's account rules, said once: the web app (src/account/auth-rules.ts) and the server
// (server/src/auth/validation.ts) each check them with their own functions over these messages, limits and
// patterns, and tests/rules/rules-agree.test.ts runs both over the same cases. Both halves load it: its one import is
// ./languages, which has none.
// The messages are the words the screens show, letter for letter (docs/behaviour.md#validation-rules), marked for
// the catalogue with `msg` (a view shows them through its `t`); a limit inside one is written out, and the type
// after `satisfies` makes sure it is the limit's value.

import { msg } from './languages.js';

export const FULL_NAME_MIN_LENGTH = 3;
export const FULL_NAME_MAX_LENGTH = 150;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PHONE_MIN_LENGTH = 10;
export const PHONE_MAX_LENGTH = 32;
export const EMAIL_MAX_LENGTH = 254;

export const ACCOUNT_MESSAGES = {
  fullNameTooShort: msg('Full Name must be at least 3 characters'),
  fullNameTooLong: msg(
    'Full Name must be at most 150 characters',
  ) satisfies `Full Name must be at most ${typeof FULL_NAME_MAX_LENGTH} characters`,
  invalidEmail: msg('Invalid email address'),
  emailRequired: msg('Email is required'),
  /** Where a rule has no words of its own, the form's default schema messages apply (forgot password's email). */
  required: msg('Required'),
  invalidEmailDefault: msg('Invalid email'),
  phoneTooShort: msg('Phone number must be at least 10 digits'),
  phoneTooLong: msg(
    'Phone number must be at most 32 characters',
  ) satisfies `Phone number must be at most ${typeof PHONE_MAX_LENGTH} characters`,
  phoneImpossible: msg('This phone number cannot exist in the selected country. Please check it.'),
  /** Sign up's length message (docs/behaviour.md#validation-rules). */
  passwordTooShort: msg('Password must be at least 8 characters'),
  /** Reset and change password word the same rule so (docs/behaviour.md#validation-rules). */
  newPasswordTooShort: msg('Password must be at least 8 characters long'),
  passwordTooLong: msg(
    'Password must be at most 128 characters',
  ) satisfies `Password must be at most ${typeof PASSWORD_MAX_LENGTH} characters`,
  passwordTooWeak: msg(
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  ),
  passwordSameAsCurrent: msg('Your new password must be different from your current one.'),
  passwordsMustMatch: msg('Passwords must match'),
  passwordsDoNotMatch: msg('Passwords do not match'),
  newPasswordsDoNotMatch: msg('New passwords do not match'),
  passwordFieldsRequired: msg('Please fill in all password fields'),
  /** A confirmation link needs both its uid and its token (docs/behaviour.md#validation-rules). */
  invalidConfirmationLink: msg('Invalid confirmation link'),
} as const;

// The email shape the original form's schema library accepted: a local part without leading, trailing or doubled
// dots, and a domain with at least one dot and a top-level part of two letters or more.
export const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)[A-Z0-9_'+\-.]*[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;

/** Two spellings of one address (case and surrounding spaces aside) are the same account. */
export function sameEmailAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function isEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

// Characters that show nothing (zero-width spaces and joiners, bidi controls, the byte-order mark, soft hyphens):
// a name made of them looks blank.
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;

/** A name as it is kept and measured: Unicode NFC, invisible characters removed, spaces collapsed, trimmed. */
export function normaliseName(value: string): string {
  return value.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/** What is wrong with a full name (sign up and profile alike), or undefined. */
export function fullNameProblem(value: string): string | undefined {
  const name = normaliseName(value);
  if ([...name].length < FULL_NAME_MIN_LENGTH) return ACCOUNT_MESSAGES.fullNameTooShort;
  if ([...name].length > FULL_NAME_MAX_LENGTH) return ACCOUNT_MESSAGES.fullNameTooLong;
  return undefined;
}

/**
 * What is wrong with a new password, or undefined: at least 8 characters, a lower-case letter, an upper-case
 * letter and a digit (which also rules out a password of spaces), and not the current one when it is known.
 * `tooShort` is the screen's own words for the length rule.
 */
export function newPasswordProblem(
  password: string,
  options: { tooShort?: string; current?: string } = {},
): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return options.tooShort ?? ACCOUNT_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return ACCOUNT_MESSAGES.passwordTooLong;
  if (!/\p{Ll}/u.test(password) || !/\p{Lu}/u.test(password) || !/\d/.test(password))
    return ACCOUNT_MESSAGES.passwordTooWeak;
  if (options.current !== undefined && options.current !== '' && password === options.current)
    return ACCOUNT_MESSAGES.passwordSameAsCurrent;
  return undefined;
}
