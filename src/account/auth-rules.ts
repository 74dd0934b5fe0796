import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH, fullNameProblem, isEmail, newPasswordProblem } from '../../rules/account';

// The account screens' rules (docs/behaviour.md#validation-rules), over the product's rules said once in
// rules/account.ts: each rule returns the message to show, or undefined when the value passes. Where a rule has
// no words of its own, the default schema messages apply ('Required', 'Invalid email').

export { isEmail };

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export function validEmail(value: string): string | undefined {
  return isEmail(value) ? undefined : ACCOUNT_MESSAGES.invalidEmail;
}

/** Forgot password: an email is required; a malformed address gets the default schema message. */
export function requiredEmail(value: string): string | undefined {
  if (value.trim() === '') return ACCOUNT_MESSAGES.required;
  return isEmail(value) ? undefined : ACCOUNT_MESSAGES.invalidEmailDefault;
}

/** Sign in checks only the length: whatever an existing password is, it is the server's to judge. */
export function signInPassword(value: string): string | undefined {
  return value.length >= PASSWORD_MIN_LENGTH ? undefined : ACCOUNT_MESSAGES.passwordTooShort;
}

export function fullName(value: string): string | undefined {
  return fullNameProblem(value);
}

/** Sign up password1: the length message comes first, as the form showed only the first failing check. */
export function newAccountPassword(value: string): string | undefined {
  return newPasswordProblem(value);
}

/** Sign up password2: shown on the confirmation field. */
export function passwordsMatch(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : ACCOUNT_MESSAGES.passwordsMustMatch;
}

/** Reset password: the same rule as every new password, in the reset screen's words for the length. */
export function resetPassword(value: string): string | undefined {
  return newPasswordProblem(value, { tooShort: ACCOUNT_MESSAGES.newPasswordTooShort });
}

export function resetPasswordsMatch(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : ACCOUNT_MESSAGES.passwordsDoNotMatch;
}

export function withoutPassing<F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> {
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

/** docs/behaviour.md#validation-rules: uid and token both required. */
export function confirmationLink(link: { uid?: string; token?: string }): string | undefined {
  const present = (value: string | undefined) => value !== undefined && value.trim() !== '';
  return present(link.uid) && present(link.token) ? undefined : ACCOUNT_MESSAGES.invalidConfirmationLink;
}

/** docs/behaviour.md#validation-rules: token required. */
export function hasResetToken(link: { token?: string }): boolean {
  return link.token !== undefined && link.token.trim() !== '';
}
