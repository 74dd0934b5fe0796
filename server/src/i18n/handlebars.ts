import type { HelperOptions } from 'handlebars';
import { isLanguageCode, SOURCE_LANGUAGE, type LanguageCode } from '../../../rules/languages.js';
import { translate, type MessageValues } from './translate.js';

/** Something Handlebars-like that helpers can be registered with (`Handlebars.create()`). */
interface HelperHost {
  registerHelper(name: string, fn: (...args: unknown[]) => unknown): void;
}

/** The language a view was rendered with: `template(context, { data: { language } })`, else the context's. */
function languageOf(options: HelperOptions | undefined): LanguageCode {
  const data = options?.data as { language?: unknown; root?: { language?: unknown } } | undefined;
  if (isLanguageCode(data?.language)) return data.language;
  if (isLanguageCode(data?.root?.language)) return data.root.language;
  return SOURCE_LANGUAGE;
}

/**
 * Registers `t` with a Handlebars environment: `{{t "Users"}}`, `{{t "Deleted “{name}”" name=cv.name}}` say the
 * words in the view's language (`template(context, { data: { language } })`, or `language` in the root context),
 * English without one; the result is escaped as any `{{value}}`. server/scripts/i18n-extract.ts finds the words
 * in .hbs files under server/src.
 */
export function registerTranslateHelper(engine: HelperHost): void {
  engine.registerHelper('t', (...args: unknown[]) => {
    const options = args.at(-1) as HelperOptions | undefined;
    const id = args.length > 1 ? args[0] : undefined;
    if (typeof id !== 'string') throw new Error('{{t}} needs the English words: {{t "Sign in"}}');
    return translate(languageOf(options), id, (options?.hash ?? {}) as MessageValues);
  });
}
