import {
  isValidEmail,
  MAX_FULL_NAME_LENGTH,
  MAX_PHONE_LENGTH,
  MESSAGES,
  MIN_PASSWORD_LENGTH,
  MIN_PHONE_LENGTH,
} from '../auth/validation.js';

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
  passwordFieldsRequired: 'Please fill in all password fields',
  newPasswordTooShort: MESSAGES.newPasswordTooShort,
  currentPasswordIncorrect: 'Your current password is incorrect.',
} as const;

export interface ProfileUpdate {
  full_name: string;
  email: string;
  phone_number: string;
}

/** The first broken rule's message in form order, or null. */
export function profileUpdateProblem(update: ProfileUpdate): string | null {
  const fullName = update.full_name.trim();
  const email = update.email.trim();
  const phone = update.phone_number.trim();
  if (fullName.length > MAX_FULL_NAME_LENGTH) return PROFILE_MESSAGES.fullNameTooLong;
  if (email === '') return PROFILE_MESSAGES.emailRequired;
  if (!isValidEmail(email)) return PROFILE_MESSAGES.invalidEmail;
  // Blank is allowed: an account made through a social sign-in has no number to keep.
  if (phone !== '' && phone.length < MIN_PHONE_LENGTH) return PROFILE_MESSAGES.phoneTooShort;
  if (phone.length > MAX_PHONE_LENGTH) return PROFILE_MESSAGES.phoneTooLong;
  return null;
}

export interface PasswordChange {
  current_password: string;
  new_password: string;
}

/** The rules that need no password check; the current password is verified after these pass. */
export function passwordChangeProblem(change: PasswordChange): string | null {
  if (change.current_password === '' || change.new_password === '')
    return PROFILE_MESSAGES.passwordFieldsRequired;
  if (change.new_password.length < MIN_PASSWORD_LENGTH) return PROFILE_MESSAGES.newPasswordTooShort;
  return null;
}
