// Passkeys: the name a person gives one, and what the API answers, said once for both halves. No imports: both
// halves load it.

/** Longest passkey name, in characters. */
export const MAX_PASSKEY_NAME_LENGTH = 64;

/** Most passkeys one account may hold. */
export const MAX_PASSKEYS_PER_ACCOUNT = 20;

// C0 and C1 control characters (NUL, tab, newline…): a name is one line of visible text.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

export const PASSKEY_MESSAGES = {
  nameTooLong: `A passkey's name can be at most ${MAX_PASSKEY_NAME_LENGTH} characters.`,
  nameControlCharacters: "A passkey's name cannot contain control characters such as line breaks.",
  nameRequired: 'Please give the passkey a name.',
  tooMany: `You can have at most ${MAX_PASSKEYS_PER_ACCOUNT} passkeys. Remove one before adding another.`,
  alreadyRegistered: 'This passkey is already registered.',
  requestExpired: 'This passkey request has expired or was already used. Please try again.',
  unreadable: 'The answer from your passkey could not be read. Please try again.',
  notVerified: 'Your passkey could not be verified. Please try again.',
  unknownPasskey:
    'This passkey is not registered with CV Builder (it may have been removed). Sign in with your password, or use another passkey.',
  added: 'Passkey added',
  removed: 'Passkey removed',
  renamed: 'Passkey renamed',
} as const;

/** What is wrong with a passkey name (already trimmed), or undefined when it may be used. */
export function passkeyNameProblem(name: string): string | undefined {
  if (name === '') return PASSKEY_MESSAGES.nameRequired;
  if (CONTROL_CHARACTERS.test(name)) return PASSKEY_MESSAGES.nameControlCharacters;
  if ([...name].length > MAX_PASSKEY_NAME_LENGTH) return PASSKEY_MESSAGES.nameTooLong;
  return undefined;
}
