import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import {
  LANGUAGE_CODES,
  SOURCE_LANGUAGE,
  type LanguageCode,
  type Message,
} from '../../../rules/languages.js';

/*
 * What the server says (a `detail`, a mail), in a person's language (docs/decisions/0053-languages.md). As in the
 * web app, a message's key is its English words: `msg('Not found.')` marks them where they are written, and
 * `translate('de', 'Not found.')` says them in German. The catalogues are ./catalogues/<language>.json (en.json is
 * written from the code by server/scripts/i18n-extract.ts; the others by translators), read once at start and
 * compiled with Lingui. A message a language lacks is said in English.
 */

/** The values of a message's {placeholders}. */
export type MessageValues = Record<string, string | number>;

export const CATALOGUE_DIRECTORY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'catalogues');

export function catalogueFile(language: LanguageCode): string {
  return path.join(CATALOGUE_DIRECTORY, `${language}.json`);
}

/** A language's catalogue as it is written: English words → that language's words. */
export function readCatalogue(language: LanguageCode): Record<string, string> {
  const file = catalogueFile(language);
  const catalogue = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (typeof catalogue !== 'object' || catalogue === null || Array.isArray(catalogue))
    throw new Error(`${file} is not a JSON object of messages`);
  return catalogue as Record<string, string>;
}

interface Compiled {
  i18n: I18n;
  /** The messages this language has words for (a translation left empty is not one). */
  ids: ReadonlySet<string>;
}

function compile(language: LanguageCode, catalogue: Record<string, string>): Compiled {
  const messages: Messages = {};
  for (const [id, text] of Object.entries(catalogue)) {
    if (typeof text === 'string' && text !== '') messages[id] = compileMessage(text);
  }
  const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
  // A message with values that no catalogue has (one added since en.json was last written) is compiled as said.
  i18n.setMessagesCompiler(compileMessage);
  return { i18n, ids: new Set(Object.keys(messages)) };
}

const compiled = new Map<LanguageCode, Compiled>(
  LANGUAGE_CODES.map((code) => [code, compile(code, readCatalogue(code))]),
);

/**
 * Puts `catalogue` in the place of `language`'s for this process (a test's words, a translator's preview); the files
 * stay as they are. `loadCatalogue(language, readCatalogue(language))` puts the file's back.
 */
export function loadCatalogue(language: LanguageCode, catalogue: Record<string, string>): void {
  compiled.set(language, compile(language, catalogue));
}

/**
 * `message` in `language`: its words there, with the values of its {placeholders} (`values` adds to a Message's
 * own), or in English when the language has no words for it. Words that are no message of the catalogues (a
 * provider's reason, a value passed through) come back as they are.
 */
export function translate(language: LanguageCode, message: Message, values?: MessageValues): string {
  const id = typeof message === 'string' ? message : message.id;
  const all = typeof message === 'string' ? (values ?? {}) : { ...message.values, ...values };
  const own = compiled.get(language) ?? compiled.get(SOURCE_LANGUAGE)!;
  if (own.ids.has(id)) return own.i18n._(id, all);
  const english = compiled.get(SOURCE_LANGUAGE)!;
  if (english.ids.has(id) || Object.keys(all).length > 0) return english.i18n._(id, all);
  // Not a message: read as ICU it could lose an apostrophe or a brace.
  return id;
}

/** Whether some language other than English has words for `message` (else it is English whatever the language). */
export function isTranslated(message: Message): boolean {
  const id = typeof message === 'string' ? message : message.id;
  for (const [language, { ids }] of compiled) if (language !== SOURCE_LANGUAGE && ids.has(id)) return true;
  return false;
}

/** `message` in English: what the API answers a request without a language. */
export function english(message: Message, values?: MessageValues): string {
  return translate(SOURCE_LANGUAGE, message, values);
}

/** `translate` bound to a language: `const t = translator(language); t('Not found.')`. */
export function translator(language: LanguageCode): (message: Message, values?: MessageValues) => string {
  return (message, values) => translate(language, message, values);
}

/** Whether `value` is something to say: English words, or a Message's words with their values. */
export function isMessage(value: unknown): value is Message {
  if (typeof value === 'string') return true;
  if (typeof value !== 'object' || value === null) return false;
  const { id, values } = value as { id?: unknown; values?: unknown };
  return typeof id === 'string' && typeof values === 'object' && values !== null;
}
