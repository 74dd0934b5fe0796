// What the API answers when an account's email, password or existence changes, said once for both
// halves: the server sends these words and codes, the web app may show or branch on them. No imports: both
// halves load it.

/** The body keys of the account forms; a 400 about one of them names it in `field`. */
export const ACCOUNT_FIELDS = [
  'full_name',
  'email',
  'phone_number',
  'password1',
  'password2',
  'password',
  'current_password',
  'new_password',
  // An authenticator or recovery code (two-step sign-in: rules/two-step.ts).
  'code',
] as const;

export type AccountField = (typeof ACCOUNT_FIELDS)[number];

export function isAccountField(key: string): key is AccountField {
  return (ACCOUNT_FIELDS as readonly string[]).includes(key);
}

/** `code` of a 400 answered to an emailed link (email change, account deletion, password reset). */
export const LINK_ERROR_CODES = {
  invalid: 'link_invalid',
  expired: 'link_expired',
  used: 'link_used',
} as const;

export type LinkErrorCode = (typeof LINK_ERROR_CODES)[keyof typeof LINK_ERROR_CODES];

/** `code` of the 202 that says a confirmation link went to the account's address instead. */
export const CONFIRMATION_SENT_CODE = 'confirmation_sent';

export const ACCOUNT_CHANGE_MESSAGES = {
  emailTaken: 'An account with this email address is already registered.',
  currentPasswordForEmail: 'Please enter your current password to change your email address.',
  passwordForDeletion: 'Please enter your password to delete your account.',
  currentPasswordIncorrect: 'Your current password is incorrect.',
  linkInvalid: 'This link is invalid.',
  linkExpired: 'This link has expired. Please request the change again.',
  linkUsed: 'This link has already been used.',
  emailChangeCancelled: 'The email change was cancelled and your account was signed out everywhere.',
  emailChangeNotUndone:
    'Your account was signed out everywhere, but its email address could not be changed back because another ' +
    'account now uses it. Please contact support.',
  accountDeleted: 'Your account has been deleted.',
  /** A cancel link of a change that a later confirmed change has overtaken: it must not bring an old address back. */
  linkSuperseded: 'This link no longer applies: the email address of the account has changed again since.',
  resetLinkValid: 'This password reset link is valid.',
} as const;

/** 200 of a requested email change on an account with a password: the confirmation link went to the new address. */
export const confirmationSentTo = (newEmail: string) =>
  `We sent a confirmation link to ${newEmail}. Your email address changes when you open it.`;

/** 200 of a requested email change on an account without a password: the current address approves it first. */
export const approvalSentTo = (currentEmail: string, newEmail: string) =>
  `To make sure it is you, we sent a link to ${currentEmail}. Open it to continue the change to ${newEmail}.`;

/** 200 of an approved email change. */
export const approvedConfirmationSentTo = (newEmail: string) =>
  `Thank you. We sent a confirmation link to ${newEmail}.`;

/** 200 of a confirmed email change. */
export const emailChangedTo = (newEmail: string) => `Your email address is now ${newEmail}.`;

/**
 * 400 of an email change asked for while the last one can still be undone: a second change would take the undo
 * link from the address that owns the account (the cancel link answers only for the latest change).
 */
export const emailChangeWaitUntil = (date: string) =>
  `Your email address was changed recently. It can change again from ${date}, when the link that undoes that change expires.`;

/** 202 of an account deletion asked for by an account without a password. */
export const deletionLinkSentTo = (email: string) =>
  `We sent a link to ${email}. Open it to delete your account.`;
