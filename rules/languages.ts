// The languages the product speaks, said once for the web app and the server. No imports: both halves load it.
// English is the source: every message's key is its English words, the spec's letter for letter, so a screen,
// a machine or a rule that says something in English says it through the catalogue unchanged
// (docs/decisions/0053-languages.md).

export const LANGUAGE_CODES = ['en', 'de', 'fr', 'es', 'ar', 'ja'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export const SOURCE_LANGUAGE: LanguageCode = 'en';

export interface Language {
  code: LanguageCode;
  /** The language's name in itself, as a language menu shows it. */
  name: string;
  dir: 'ltr' | 'rtl';
  /**
   * Offered: every message of the interface is translated (tests/i18n/catalogues.test.ts holds it to that). A
   * language not ready yet is neither in the menu nor picked from a browser's languages.
   */
  ready: boolean;
}

export const LANGUAGES: readonly Language[] = [
  { code: 'en', name: 'English', dir: 'ltr', ready: true },
  { code: 'de', name: 'Deutsch', dir: 'ltr', ready: true },
  { code: 'fr', name: 'Français', dir: 'ltr', ready: true },
  { code: 'es', name: 'Español', dir: 'ltr', ready: true },
  { code: 'ar', name: 'العربية', dir: 'rtl', ready: true },
  { code: 'ja', name: '日本語', dir: 'ltr', ready: true },
];

/** The languages a person can choose now. */
export const OFFERED_LANGUAGES: readonly Language[] = LANGUAGES.filter((language) => language.ready);

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function languageDirection(code: LanguageCode): 'ltr' | 'rtl' {
  return LANGUAGES.find((language) => language.code === code)?.dir ?? 'ltr';
}

/**
 * The first of a person's languages (most preferred first, BCP 47 tags as browsers send them) that the product
 * speaks: 'de-AT' is German, 'pt-BR' is skipped; English when none is.
 */
export function pickLanguage(preferences: readonly string[]): LanguageCode {
  for (const tag of preferences) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (OFFERED_LANGUAGES.some((language) => language.code === primary)) return primary as LanguageCode;
  }
  return SOURCE_LANGUAGE;
}

/** An Accept-Language header's tags, most preferred first ('q=0' ones left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/** Something to say, in English: its words, or its words with the values their {placeholders} take. */
export type Message = string | { id: string; values: Record<string, string | number> };

/**
 * Marks English words as a message where they are said but not yet shown (a machine's notice, a rule's error), so
 * the catalogue finds them; it returns them unchanged. A view shows them through its `t`.
 */
export function msg<const T extends string>(id: T): T {
  return id;
}
