import { createContext, useContext } from 'react';

/**
 * The CV's language (its design's BCP 47 tag) for the fields that hold its text: each says `lang` and keeps spell
 * checking on, so the browser checks a German CV in German whatever language the interface speaks. Only the fields:
 * their labels are the interface's words, in its language.
 */
export const CvLanguageContext = createContext<string | undefined>(undefined);

/** The `lang` and `spellCheck` of a field that holds the CV's text. */
export function useCvTextAttributes(): { lang?: string; spellCheck: true } {
  const lang = useContext(CvLanguageContext);
  return { ...(lang ? { lang } : {}), spellCheck: true };
}
