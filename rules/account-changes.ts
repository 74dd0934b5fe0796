// What the API answers when an account's email, password or existence changes, said once for both
// halves: the server sends these words and codes, the web app may show or branch on them. Both halves load it: its
// one import is ./languages, which has none. Its words are marked for the catalogue with `msg`; the ones with values
// also come as a Message (the words with {placeholders}, and their values), for a view to show through its `t`.

import { msg, type Message } from './languages.js';

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
  emailTaken: msg('An account with this email address is already registered.'),
  currentPasswordForEmail: msg('Please enter your current password to change your email address.'),
  passwordForDeletion: msg('Please enter your password to delete your account.'),
  currentPasswordIncorrect: msg('Your current password is incorrect.'),
  linkInvalid: msg('This link is invalid.'),
  linkExpired: msg('This link has expired. Please request the change again.'),
  linkUsed: msg('This link has already been used.'),
  emailChangeCancelled: msg('The email change was cancelled and your account was signed out everywhere.'),
  emailChangeNotUndone: msg(
    'Your account was signed out everywhere, but its email address could not be changed back because another account now uses it. Please contact support.',
  ),
  accountDeleted: msg('Your account has been deleted.'),
  /** A cancel link of a change that a later confirmed change has overtaken: it must not bring an old address back. */
  linkSuperseded: msg(
    'This link no longer applies: the email address of the account has changed again since.',
  ),
  resetLinkValid: msg('This password reset link is valid.'),
} as const;

/** A message's words with its values in place, in English as the server says them (none of these has a plural). */
function inEnglish(message: { id: string; values: Record<string, string> }): string {
  return message.id.replace(/\{(\w+)\}/g, (placeholder, name: string) => message.values[name] ?? placeholder);
}

/** 200 of a requested email change on an account with a password: the confirmation link went to the new address. */
export const confirmationSentToMessage = (newEmail: string) =>
  ({
    id: msg('We sent a confirmation link to {email}. Your email address changes when you open it.'),
    values: { email: newEmail },
  }) satisfies Message;
export const confirmationSentTo = (newEmail: string) => inEnglish(confirmationSentToMessage(newEmail));

/** 200 of a requested email change on an account without a password: the current address approves it first. */
export const approvalSentToMessage = (currentEmail: string, newEmail: string) =>
  ({
    id: msg(
      'To make sure it is you, we sent a link to {currentEmail}. Open it to continue the change to {newEmail}.',
    ),
    values: { currentEmail, newEmail },
  }) satisfies Message;
export const approvalSentTo = (currentEmail: string, newEmail: string) =>
  inEnglish(approvalSentToMessage(currentEmail, newEmail));

/** 200 of an approved email change. */
export const approvedConfirmationSentToMessage = (newEmail: string) =>
  ({
    id: msg('Thank you. We sent a confirmation link to {email}.'),
    values: { email: newEmail },
  }) satisfies Message;
export const approvedConfirmationSentTo = (newEmail: string) =>
  inEnglish(approvedConfirmationSentToMessage(newEmail));

/** 200 of a confirmed email change. */
export const emailChangedToMessage = (newEmail: string) =>
  ({ id: msg('Your email address is now {email}.'), values: { email: newEmail } }) satisfies Message;
export const emailChangedTo = (newEmail: string) => inEnglish(emailChangedToMessage(newEmail));

/**
 * 400 of an email change asked for while the last one can still be undone: a second change would take the undo
 * link from the address that owns the account (the cancel link answers only for the latest change).
 */
export const emailChangeWaitUntilMessage = (date: string) =>
  ({
    id: msg(
      'Your email address was changed recently. It can change again from {date}, when the link that undoes that change expires.',
    ),
    values: { date },
  }) satisfies Message;
export const emailChangeWaitUntil = (date: string) => inEnglish(emailChangeWaitUntilMessage(date));

/** 202 of an account deletion asked for by an account without a password. */
export const deletionLinkSentToMessage = (email: string) =>
  ({
    id: msg('We sent a link to {email}. Open it to delete your account.'),
    values: { email },
  }) satisfies Message;
export const deletionLinkSentTo = (email: string) => inEnglish(deletionLinkSentToMessage(email));
