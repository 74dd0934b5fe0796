import { DESIGN_DEFAULTS, LANGUAGE_PATTERN } from '../../rules/design';

// What the browser's locale says about where the person is: the region of their first language tag that names
// one ('en-GB' → 'GB'; 'en' names none). Used for first impressions only (the sign-up phone country, a new CV's
// page size); the person can change either.

/** The region (ISO 3166 alpha-2, upper case) of the first language tag that has one, else undefined. */
export function browserRegion(languages: readonly string[]): string | undefined {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // Not a well-formed language tag: the next one may be.
    }
  }
  return undefined;
}

/** The regions that print on US Letter (CLDR's paperSize 'US-Letter' territories); every other one prints on A4. */
export const LETTER_REGIONS: ReadonlySet<string> = new Set([
  'BZ',
  'CA',
  'CL',
  'CO',
  'CR',
  'GT',
  'MX',
  'NI',
  'PA',
  'PH',
  'PR',
  'SV',
  'US',
  'VE',
]);

export type PageSize = 'A4' | 'Letter';

/** A new CV's page size from the browser's languages: Letter in the Letter regions, A4 elsewhere and without one. */
export function pageSizeForLanguages(languages: readonly string[]): PageSize {
  const region = browserRegion(languages);
  return region !== undefined && LETTER_REGIONS.has(region) ? 'Letter' : 'A4';
}

/** The browser's languages (an empty list where there is no browser). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0
    ? navigator.languages
    : navigator.language
      ? [navigator.language]
      : [];
}

/**
 * A new CV's language: the browser's, with every English one as plain 'en' (English prints the same everywhere, so
 * an English CV keeps the plain design a backend without designs knows).
 */
export function newCvLanguage(languages: readonly string[]): string {
  const language = languageFor(languages);
  return language.split('-')[0]!.toLowerCase() === 'en' ? DESIGN_DEFAULTS.language : language;
}

/**
 * The language a new CV starts in: the browser's first language the product can print (a BCP 47 tag), English
 * when it names none.
 */
export function languageFor(languages: readonly string[]): string {
  for (const language of languages) {
    if (!LANGUAGE_PATTERN.test(language)) continue;
    try {
      const [canonical] = Intl.getCanonicalLocales(language);
      if (canonical) return canonical;
    } catch {
      // Not a tag Intl knows: the next one.
    }
  }
  return DESIGN_DEFAULTS.language;
}
