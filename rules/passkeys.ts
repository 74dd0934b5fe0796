// Passkeys: the name a person gives one, and what the API answers (marked for the catalogue with `msg`; a limit
// inside a message is written out, and the type after `satisfies` makes sure it is the limit's value), said once
// for both halves. Both halves load it: its one import is ./languages, which has none.

import { msg } from './languages.js';

/** Longest passkey name, in characters. */
export const MAX_PASSKEY_NAME_LENGTH = 64;

/** Most passkeys one account may hold. */
export const MAX_PASSKEYS_PER_ACCOUNT = 20;

// C0 and C1 control characters (NUL, tab, newline…): a name is one line of visible text.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

export const PASSKEY_MESSAGES = {
  nameTooLong: msg(
    "A passkey's name can be at most 64 characters.",
  ) satisfies `A passkey's name can be at most ${typeof MAX_PASSKEY_NAME_LENGTH} characters.`,
  nameControlCharacters: msg("A passkey's name cannot contain control characters such as line breaks."),
  nameRequired: msg('Please give the passkey a name.'),
  tooMany: msg(
    'You can have at most 20 passkeys. Remove one before adding another.',
  ) satisfies `You can have at most ${typeof MAX_PASSKEYS_PER_ACCOUNT} passkeys. Remove one before adding another.`,
  alreadyRegistered: msg('This passkey is already registered.'),
  requestExpired: msg('This passkey request has expired or was already used. Please try again.'),
  unreadable: msg('The answer from your passkey could not be read. Please try again.'),
  notVerified: msg('Your passkey could not be verified. Please try again.'),
  unknownPasskey: msg(
    'This passkey is not registered with CV Builder (it may have been removed). Sign in with your password, or use another passkey.',
  ),
  added: msg('Passkey added'),
  removed: msg('Passkey removed'),
  renamed: msg('Passkey renamed'),
} as const;

/** What is wrong with a passkey name (already trimmed), or undefined when it may be used. */
export function passkeyNameProblem(name: string): string | undefined {
  if (name === '') return PASSKEY_MESSAGES.nameRequired;
  if (CONTROL_CHARACTERS.test(name)) return PASSKEY_MESSAGES.nameControlCharacters;
  if ([...name].length > MAX_PASSKEY_NAME_LENGTH) return PASSKEY_MESSAGES.nameTooLong;
  return undefined;
}
