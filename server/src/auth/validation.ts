/*
 * The sign-up rules of spec §5, with its messages letter for letter, so the server refuses exactly
 * what the form refuses and the person sees the same words either way.
 */

export const MESSAGES = {
  fullNameTooShort: 'Full Name must be at least 3 characters',
  invalidEmail: 'Invalid email address',
  phoneTooShort: 'Phone number must be at least 10 digits',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooWeak:
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  passwordsDiffer: 'Passwords must match',
  // Reset password (spec §5) words its length rule differently.
  newPasswordTooShort: 'Password must be at least 8 characters long',
} as const;

export const MIN_FULL_NAME_LENGTH = 3;
export const MIN_PHONE_LENGTH = 10;
export const MIN_PASSWORD_LENGTH = 8;

// Schema limits: long enough for any real value, short enough that nobody hashes a megabyte.
export const MAX_FULL_NAME_LENGTH = 150;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PHONE_LENGTH = 32;
export const MAX_PASSWORD_LENGTH = 128;

// One @, no spaces, a dotted domain: what mail servers accept in practice, not RFC 5322 in full.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}

/** The uniqueness key of an email address. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface Registration {
  full_name: string;
  email: string;
  phone_number: string;
  password1: string;
  password2: string;
}

/** The first broken rule's message in form order, or null when the registration is valid. */
export function registrationProblem(registration: Registration): string | null {
  if (registration.full_name.trim().length < MIN_FULL_NAME_LENGTH) return MESSAGES.fullNameTooShort;
  if (!isValidEmail(registration.email.trim())) return MESSAGES.invalidEmail;
  if (registration.phone_number.trim().length < MIN_PHONE_LENGTH) return MESSAGES.phoneTooShort;
  const passwordIssue = signUpPasswordProblem(registration.password1);
  if (passwordIssue) return passwordIssue;
  if (registration.password2 !== registration.password1) return MESSAGES.passwordsDiffer;
  return null;
}

export function signUpPasswordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password)) {
    return MESSAGES.passwordTooWeak;
  }
  return null;
}

/** Reset password and operator-created accounts ask for length only (spec §5 Reset password). */
export function newPasswordProblem(password: string): string | null {
  return password.length < MIN_PASSWORD_LENGTH ? MESSAGES.newPasswordTooShort : null;
}
