/**
 * The interface's words in the person's language (docs/decisions/0053-languages.md). Lingui's core (3 KB) holds
 * the active language's messages, compiled at build time from src/i18n/catalogues/; a message's key is its
 * English words, so `t('Sign in')` is 'Sign in' in English and 'Anmelden' in German.
 */
import { setupI18n } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import type { Message } from '../../rules/languages';

// English is active before any catalogue arrives. Outside a production build (tests, development) Lingui compiles a
// missing message from its key. A production build has no compiler: a missing message is its key, the English words,
// so the English catalogue holds only the messages that need compiling (placeholders, plurals), and a language
// without some message says it in English rather than nothing.
export const i18n = setupI18n({
  locale: 'en',
  messages: { en: {} },
  ...(import.meta.env?.PROD ? { missing: (_language: string, id: string) => id } : {}),
});

export type MessageValues = Record<string, string | number>;

/** A message in the active language: English words (the key), with the values of their {placeholders}. */
export function t(message: Message, values?: MessageValues): string {
  if (typeof message !== 'string') return i18n._(message.id, message.values);
  // Words the catalogue does not know, given without values (a server's detail shown as it came), are said as they
  // are: braces in them are text, not placeholders.
  if (values === undefined && !(message in i18n.messages) && message.includes('{')) return message;
  return i18n._(message, values);
}

// Every change (a language chosen, a catalogue part loaded) is a new version the views draw again for.
let version = 0;
i18n.on('change', () => {
  version += 1;
});

function subscribe(onChange: () => void): () => void {
  return i18n.on('change', onChange);
}

function currentVersion(): number {
  return version;
}

/**
 * A view's `t`, and the active language: a view that calls it draws again when the language changes (also inside
 * a memoised component).
 */
export function useT(): { t: typeof t; language: string } {
  useSyncExternalStore(subscribe, currentVersion, currentVersion);
  return { t, language: i18n.locale };
}
