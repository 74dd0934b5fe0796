import { FULL_NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH, PHONE_MIN_LENGTH } from '../../config/constants';

// spec §5 validation rules of the account screens. Each rule returns the spec's message, or undefined when the
// value passes. Where the spec gives no message the default schema messages apply ('Required', 'Invalid email').

export const REQUIRED_MESSAGE = 'Required';
export const INVALID_EMAIL_DEFAULT_MESSAGE = 'Invalid email';
export const INVALID_EMAIL_MESSAGE = 'Invalid email address';
export const FULL_NAME_TOO_SHORT_MESSAGE = 'Full Name must be at least 3 characters';
export const PHONE_TOO_SHORT_MESSAGE = 'Phone number must be at least 10 digits';
export const PASSWORD_TOO_SHORT_MESSAGE = 'Password must be at least 8 characters';
export const PASSWORD_TOO_WEAK_MESSAGE =
  'Password must contain at least one uppercase letter, one lowercase letter, and one number';
export const PASSWORDS_MUST_MATCH_MESSAGE = 'Passwords must match';
export const NEW_PASSWORD_TOO_SHORT_MESSAGE = 'Password must be at least 8 characters long';
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match';
export const INVALID_CONFIRMATION_LINK_MESSAGE = 'Invalid confirmation link';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

// The email shape the schema library of the original form accepted: a local part without leading, trailing or
// doubled dots, and a domain with at least one dot and a top-level part of two letters or more.
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)[A-Z0-9_'+\-.]*[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function validEmail(value: string): string | undefined {
  return isEmail(value) ? undefined : INVALID_EMAIL_MESSAGE;
}

/** Forgot password: the spec only says "required"; a malformed address gets the default schema message. */
export function requiredEmail(value: string): string | undefined {
  if (value.trim() === '') return REQUIRED_MESSAGE;
  return isEmail(value) ? undefined : INVALID_EMAIL_DEFAULT_MESSAGE;
}

export function signInPassword(value: string): string | undefined {
  return value.length >= PASSWORD_MIN_LENGTH ? undefined : PASSWORD_TOO_SHORT_MESSAGE;
}

export function fullName(value: string): string | undefined {
  return value.trim().length >= FULL_NAME_MIN_LENGTH ? undefined : FULL_NAME_TOO_SHORT_MESSAGE;
}

export function phoneNumber(value: string): string | undefined {
  return value.trim().length >= PHONE_MIN_LENGTH ? undefined : PHONE_TOO_SHORT_MESSAGE;
}

/** Sign up password1: the length message comes first, as the form showed only the first failing check. */
export function newAccountPassword(value: string): string | undefined {
  if (value.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  const strong = /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value);
  return strong ? undefined : PASSWORD_TOO_WEAK_MESSAGE;
}

/** Sign up password2: shown on the confirmation field. */
export function passwordsMatch(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : PASSWORDS_MUST_MATCH_MESSAGE;
}

export function resetPassword(value: string): string | undefined {
  return value.length >= PASSWORD_MIN_LENGTH ? undefined : NEW_PASSWORD_TOO_SHORT_MESSAGE;
}

export function resetPasswordsMatch(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : PASSWORDS_DO_NOT_MATCH_MESSAGE;
}

function withoutPassing<F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> {
  const failing: FieldErrors<F> = {};
  for (const field of Object.keys(errors) as F[]) {
    if (errors[field] !== undefined) failing[field] = errors[field];
  }
  return failing;
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}

export interface SignInValues {
  email: string;
  password: string;
}

export function validateSignIn(values: SignInValues): FieldErrors<keyof SignInValues> {
  return withoutPassing({ email: validEmail(values.email), password: signInPassword(values.password) });
}

export interface SignUpValues {
  fullName: string;
  email: string;
  phoneNumber: string;
  password1: string;
  password2: string;
}

export function validateSignUp(values: SignUpValues): FieldErrors<keyof SignUpValues> {
  return withoutPassing({
    fullName: fullName(values.fullName),
    email: validEmail(values.email),
    phoneNumber: phoneNumber(values.phoneNumber),
    password1: newAccountPassword(values.password1),
    password2: passwordsMatch(values.password1, values.password2),
  });
}

export interface ForgotPasswordValues {
  email: string;
}

export function validateForgotPassword(
  values: ForgotPasswordValues,
): FieldErrors<keyof ForgotPasswordValues> {
  return withoutPassing({ email: requiredEmail(values.email) });
}

export interface ResetPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

export function validateResetPassword(values: ResetPasswordValues): FieldErrors<keyof ResetPasswordValues> {
  return withoutPassing({
    newPassword: resetPassword(values.newPassword),
    confirmPassword: resetPasswordsMatch(values.newPassword, values.confirmPassword),
  });
}

/** spec §5 Confirm email: uid and token both required. */
export function confirmationLink(link: { uid?: string; token?: string }): string | undefined {
  const present = (value: string | undefined) => value !== undefined && value.trim() !== '';
  return present(link.uid) && present(link.token) ? undefined : INVALID_CONFIRMATION_LINK_MESSAGE;
}

/** spec §5 Reset password: token required. */
export function hasResetToken(link: { token?: string }): boolean {
  return link.token !== undefined && link.token.trim() !== '';
}
