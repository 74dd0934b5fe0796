import { ACCOUNT_MESSAGES, fullNameProblem } from '../../../rules/account.js';
import { isValidEmail, MAX_FULL_NAME_LENGTH, MAX_PHONE_LENGTH, MESSAGES, newPasswordProblem, phoneProblem } from '../auth/validation.js';

/*
 * The profile's rules. Messages the web shows too are the spec's (§5 Profile save, Profile password
 * change), letter for letter, so a refusal reads the same whichever side catches it.
 */

export const PROFILE_MESSAGES = {
  emailRequired: 'Email is required',
  invalidEmail: MESSAGES.invalidEmail,
  fullNameTooLong: `Full Name must be at most ${MAX_FULL_NAME_LENGTH} characters`,
  phoneTooShort: MESSAGES.phoneTooShort,
  phoneTooLong: `Phone number must be at most ${MAX_PHONE_LENGTH} characters`,
  passwordFieldsRequired: ACCOUNT_MESSAGES.passwordFieldsRequired,
  newPasswordTooShort: MESSAGES.newPasswordTooShort,
  currentPasswordIncorrect: 'Your current password is incorrect.',
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
export function profileUpdateProblem(update: ProfileUpdate, current?: { phone_number: string | null }): string | null {
  const email = update.email.trim();
  const phone = update.phone_number.trim();
  const nameIssue = fullNameProblem(update.full_name);
  if (nameIssue) return nameIssue;
  if (email === '') return PROFILE_MESSAGES.emailRequired;
  if (!isValidEmail(email)) return PROFILE_MESSAGES.invalidEmail;
  if (phone === '' || phone === (current?.phone_number ?? '').trim()) return null;
  return phoneProblem(phone);
}

export interface PasswordChange {
  current_password: string;
  new_password: string;
}

/** The rules that need no password check; the current password is verified after these pass. */
export function passwordChangeProblem(change: PasswordChange): string | null {
  if (change.current_password === '' || change.new_password === '')
    return PROFILE_MESSAGES.passwordFieldsRequired;
  return newPasswordProblem(change.new_password, change.current_password);
}
