import { useEffect, useState } from 'react';
import type { Labels } from 'react-phone-number-input';
import english from 'react-phone-number-input/locale/en';
import type { LanguageCode } from '../../rules/languages';

// The phone field's country names and its own few words ('Phone', 'Country'), in the interface's language: the
// phone library's translations (react-phone-number-input/locale), one file per language, fetched when that language
// is chosen so English pages carry only the English names.
const LOADERS: Record<Exclude<LanguageCode, 'en'>, () => Promise<{ default: Labels }>> = {
  de: () => import('react-phone-number-input/locale/de'),
  fr: () => import('react-phone-number-input/locale/fr'),
  es: () => import('react-phone-number-input/locale/es'),
  ar: () => import('react-phone-number-input/locale/ar'),
  ja: () => import('react-phone-number-input/locale/ja'),
};

const loaded = new Map<string, Labels>([['en', english]]);

/** The labels for `language`: English until its own have come (a moment on first use), English for any other. */
export function usePhoneLabels(language: string): Labels {
  // Only a redraw once a language's names arrive: the names themselves are kept in `loaded`.
  const [, arrived] = useState(0);
  useEffect(() => {
    const load = LOADERS[language as keyof typeof LOADERS];
    if (loaded.has(language) || !load) return;
    let current = true;
    load().then(
      (module) => {
        loaded.set(language, module.default);
        if (current) arrived((count) => count + 1);
      },
      // Names in English are still names: a failed fetch (offline) leaves them so.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [language]);
  return loaded.get(language) ?? english;
}
