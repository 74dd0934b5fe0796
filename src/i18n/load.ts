/**
 * Loading a language: its catalogue comes in two parts, each a chunk of its own per language, so a page loads
 * only the chosen language and only what it shows (docs/decisions/0053-languages.md):
 * - 'public': what the pages before sign-in say (sign in, sign up, password recovery, the shell's menus);
 * - 'app': everything else, loaded by the pages behind sign-in and the other public pages.
 */
import type { Messages } from '@lingui/core';
import { languageDirection, type LanguageCode } from '../../rules/languages';
import { i18n } from './i18n';

export type CataloguePart = 'public' | 'app';
/** 'pseudo' exists in development only (see scripts/i18n-pseudo.ts). */
export type InterfaceLanguage = LanguageCode | 'pseudo';

type Loader = () => Promise<{ default: Messages }>;

const PUBLIC: Record<InterfaceLanguage, Loader> = {
  en: () => import('virtual:catalogue/public/en'),
  de: () => import('virtual:catalogue/public/de'),
  fr: () => import('virtual:catalogue/public/fr'),
  es: () => import('virtual:catalogue/public/es'),
  ar: () => import('virtual:catalogue/public/ar'),
  ja: () => import('virtual:catalogue/public/ja'),
  // Development only: a production build has no pseudo-language chunk.
  pseudo: import.meta.env.DEV
    ? () => import('virtual:catalogue/public/pseudo')
    : () => Promise.resolve({ default: {} }),
};

const APP: Record<InterfaceLanguage, Loader> = {
  en: () => import('virtual:catalogue/app/en'),
  de: () => import('virtual:catalogue/app/de'),
  fr: () => import('virtual:catalogue/app/fr'),
  es: () => import('virtual:catalogue/app/es'),
  ar: () => import('virtual:catalogue/app/ar'),
  ja: () => import('virtual:catalogue/app/ja'),
  pseudo: import.meta.env.DEV
    ? () => import('virtual:catalogue/app/pseudo')
    : () => Promise.resolve({ default: {} }),
};

const loaded = new Map<string, Promise<void>>();

/** Loads one part of a language's catalogue (once; a failed load is tried again next time). */
export function loadCataloguePart(language: InterfaceLanguage, part: CataloguePart): Promise<void> {
  const key = `${part}/${language}`;
  // Outside a production build English needs no catalogue: Lingui compiles each message from its key (i18n.ts).
  if (language === 'en' && !import.meta.env.PROD) loaded.set(key, Promise.resolve());
  let loading = loaded.get(key);
  if (!loading) {
    const loader = part === 'public' ? PUBLIC[language] : APP[language];
    loading = loader().then(
      (module) => i18n.load(language, module.default),
      (error: unknown) => {
        loaded.delete(key);
        throw error;
      },
    );
    loaded.set(key, loading);
  }
  return loading;
}

/** Whether a part of a language has been asked for (a language switch brings the same parts). */
export function partRequested(language: string, part: CataloguePart): boolean {
  return loaded.has(`${part}/${language}`);
}

/** The interface speaks `language` from now on: its public part loaded, then active, with <html lang dir>. */
export async function activateLanguage(language: InterfaceLanguage, parts: CataloguePart[] = ['public']) {
  await Promise.all(parts.map((part) => loadCataloguePart(language, part)));
  i18n.activate(language);
  const root = document.documentElement;
  root.lang = language === 'pseudo' ? 'en-XA' : language;
  root.dir = language === 'pseudo' ? 'ltr' : languageDirection(language);
}
