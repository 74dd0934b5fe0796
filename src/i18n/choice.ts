/**
 * Which language the interface speaks: the person's choice (kept on this device, and in their profile once signed
 * in), else the browser's first language the product speaks, else English. `?lang=pseudo` in development shows the
 * pseudo-language.
 */
import { isLanguageCode, pickLanguage, type LanguageCode } from '../../rules/languages';
import { activateLanguage, loadCataloguePart, partRequested, type InterfaceLanguage } from './load';
import { i18n } from './i18n';

const STORAGE_KEY = 'cv-builder.language';

export function storedLanguage(): LanguageCode | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguageCode(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function initialLanguage(): InterfaceLanguage {
  if (import.meta.env.DEV && new URLSearchParams(location.search).get('lang') === 'pseudo') return 'pseudo';
  return storedLanguage() ?? pickLanguage(navigator.languages ?? [navigator.language]);
}

/** The interface speaks `language` now and on the next visits from this browser. */
export async function chooseLanguage(language: LanguageCode): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // A browser that keeps nothing still switches now.
  }
  await activateLanguage(language, partRequested(i18n.locale, 'app') ? ['public', 'app'] : ['public']);
}

/** The active language's 'app' part, for the pages that need it (every page but the ones before sign-in). */
export function loadAppMessages(): Promise<void> {
  return loadCataloguePart(i18n.locale as InterfaceLanguage, 'app');
}
