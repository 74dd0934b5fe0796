import { ACCOUNT_MESSAGES, fullNameProblem } from '../../../rules/account.js';
import { ACCOUNT_CHANGE_MESSAGES } from '../../../rules/account-changes.js';
import {
  isValidEmail,
  MESSAGES,
  newPasswordProblem,
  phoneProblem,
  type FieldProblem,
} from '../auth/validation.js';

/*
 * The profile's rules. Messages the web shows too (docs/behaviour.md#validation-rules: profile save, password
 * change) are the same letter for letter, so a refusal reads the same whichever side catches it.
 */

export const PROFILE_MESSAGES = {
  emailRequired: ACCOUNT_MESSAGES.emailRequired,
  invalidEmail: MESSAGES.invalidEmail,
  fullNameTooLong: ACCOUNT_MESSAGES.fullNameTooLong,
  phoneTooShort: MESSAGES.phoneTooShort,
  phoneTooLong: ACCOUNT_MESSAGES.phoneTooLong,
  passwordFieldsRequired: ACCOUNT_MESSAGES.passwordFieldsRequired,
  newPasswordTooShort: MESSAGES.newPasswordTooShort,
  currentPasswordIncorrect: ACCOUNT_CHANGE_MESSAGES.currentPasswordIncorrect,
} as const;

export interface ProfileUpdate {
  full_name: string;
  email: string;
  phone_number: string;
}

/**
 * The first broken rule's message in form order, or null. The same rules as at sign up (rules/account.ts); the
 * phone may be blank (an account made through a social sign-in has no number), and a number kept unchanged from
 * before is not judged again (`current`).
 */
export function profileUpdateProblem(
  update: ProfileUpdate,
  current?: { phone_number: string | null },
): string | null {
  return profileUpdateIssue(update, current)?.detail ?? null;
}

/** profileUpdateProblem with the field the message is about. */
export function profileUpdateIssue(
  update: ProfileUpdate,
  current?: { phone_number: string | null },
): FieldProblem | null {
  const email = update.email.trim();
  const phone = update.phone_number.trim();
  const nameIssue = fullNameProblem(update.full_name);
  if (nameIssue) return { field: 'full_name', detail: nameIssue };
  if (email === '') return { field: 'email', detail: PROFILE_MESSAGES.emailRequired };
  if (!isValidEmail(email)) return { field: 'email', detail: PROFILE_MESSAGES.invalidEmail };
  if (phone === '' || phone === (current?.phone_number ?? '').trim()) return null;
  const phoneIssue = phoneProblem(phone);
  return phoneIssue ? { field: 'phone_number', detail: phoneIssue } : null;
}

export interface PasswordChange {
  current_password: string;
  new_password: string;
}

/** The rules that need no password check; the current password is verified after these pass. */
export function passwordChangeProblem(change: PasswordChange): string | null {
  return passwordChangeIssue(change)?.detail ?? null;
}

/** passwordChangeProblem with the field the message is about (the first empty one when fields are missing). */
export function passwordChangeIssue(change: PasswordChange): FieldProblem | null {
  if (change.current_password === '')
    return { field: 'current_password', detail: PROFILE_MESSAGES.passwordFieldsRequired };
  if (change.new_password === '')
    return { field: 'new_password', detail: PROFILE_MESSAGES.passwordFieldsRequired };
  const problem = newPasswordProblem(change.new_password, change.current_password);
  return problem ? { field: 'new_password', detail: problem } : null;
}
