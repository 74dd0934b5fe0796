/*
 * The sign-up rules (docs/behaviour.md#validation-rules), with their messages letter for letter, so the server refuses exactly
 * what the form refuses and the person sees the same words either way.
 */

import {
  ACCOUNT_MESSAGES,
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
  fullNameProblem,
  isEmail,
  newPasswordProblem as newPasswordRule,
  normaliseName,
} from '../../../rules/account.js';
import type { AccountField } from '../../../rules/account-changes.js';
import { isPossiblePhone } from '../http/phone.js';

// The account rules are the product's, said once in rules/account.ts; the server checks them with these
// functions, the web app with its own (tests/rules/rules-agree.test.ts runs both over the same cases).

export const MESSAGES = {
  fullNameTooShort: ACCOUNT_MESSAGES.fullNameTooShort,
  invalidEmail: ACCOUNT_MESSAGES.invalidEmail,
  phoneTooShort: ACCOUNT_MESSAGES.phoneTooShort,
  phoneImpossible: ACCOUNT_MESSAGES.phoneImpossible,
  passwordTooShort: ACCOUNT_MESSAGES.passwordTooShort,
  passwordTooWeak: ACCOUNT_MESSAGES.passwordTooWeak,
  passwordsDiffer: ACCOUNT_MESSAGES.passwordsMustMatch,
  // Reset password words its length rule differently (docs/behaviour.md#validation-rules).
  newPasswordTooShort: ACCOUNT_MESSAGES.newPasswordTooShort,
} as const;

export const MIN_PHONE_LENGTH = PHONE_MIN_LENGTH;
export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH;

// Schema limits: long enough for any real value, short enough that nobody hashes a megabyte.
export const MAX_FULL_NAME_LENGTH = FULL_NAME_MAX_LENGTH;
export const MAX_EMAIL_LENGTH = EMAIL_MAX_LENGTH;
export const MAX_PHONE_LENGTH = PHONE_MAX_LENGTH;
export const MAX_PASSWORD_LENGTH = PASSWORD_MAX_LENGTH;

export { normaliseName };

export function isValidEmail(email: string): boolean {
  return isEmail(email);
}

/** A phone number of an account: the spec's length rule, then whether the number can exist. */
export function phoneProblem(phone: string): string | null {
  const value = phone.trim();
  if (value.length < PHONE_MIN_LENGTH) return MESSAGES.phoneTooShort;
  if (value.length > PHONE_MAX_LENGTH) return ACCOUNT_MESSAGES.phoneTooLong;
  return isPossiblePhone(value) ? null : MESSAGES.phoneImpossible;
}

export interface Registration {
  full_name: string;
  email: string;
  phone_number: string;
  password1: string;
  password2: string;
}

/** A broken rule: its message and the form field it is about. */
export interface FieldProblem {
  field: AccountField;
  detail: string;
}

/** The first broken rule in form order, with its field, or null when the registration is valid. */
export function registrationIssue(registration: Registration): FieldProblem | null {
  const nameIssue = fullNameProblem(registration.full_name);
  if (nameIssue) return { field: 'full_name', detail: nameIssue };
  if (!isValidEmail(registration.email.trim())) return { field: 'email', detail: MESSAGES.invalidEmail };
  const phoneIssue = phoneProblem(registration.phone_number);
  if (phoneIssue) return { field: 'phone_number', detail: phoneIssue };
  const passwordIssue = signUpPasswordProblem(registration.password1);
  if (passwordIssue) return { field: 'password1', detail: passwordIssue };
  if (registration.password2 !== registration.password1)
    return { field: 'password2', detail: MESSAGES.passwordsDiffer };
  return null;
}

/** The first broken rule's message in form order, or null when the registration is valid. */
export function registrationProblem(registration: Registration): string | null {
  return registrationIssue(registration)?.detail ?? null;
}

export function signUpPasswordProblem(password: string): string | null {
  return newPasswordRule(password) ?? null;
}

/**
 * Every new password follows one rule (rules/account.ts), in the reset screen's words for its length; `current`,
 * when known, may not be used again.
 */
export function newPasswordProblem(password: string, current?: string): string | null {
  return newPasswordRule(password, { tooShort: MESSAGES.newPasswordTooShort, current }) ?? null;
}
