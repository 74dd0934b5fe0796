/*
 * The server's languages, in one import (docs/decisions/0053-languages.md):
 *
 * - Mark English words where they are written: `msg('Not found.')`; words with values are one message with
 *   {placeholders}: `{ id: msg('This CV has no version {number}.'), values: { number } }` (a Message), never
 *   concatenated pieces. `npx tsx server/scripts/i18n-extract.ts` writes ./catalogues/en.json from them.
 * - A JSON answer's `detail` needs nothing more: the app's hook (./request.ts) says it in the request's language.
 * - Anywhere else (a page, a mail): `translate(language, message, values?)`, with `await requestLanguage(request)`
 *   in a route (the signed-in person's saved language, else Accept-Language, else English) or `mailLanguage(…)`
 *   for a mail; a Handlebars view: `registerTranslateHelper(engine)` then `{{t "Users"}}`.
 */
export {
  isLanguageCode,
  LANGUAGE_CODES,
  msg,
  SOURCE_LANGUAGE,
  type LanguageCode,
  type Message,
} from '../../../rules/languages.js';
export {
  catalogueFile,
  CATALOGUE_DIRECTORY,
  english,
  isMessage,
  isTranslated,
  loadCatalogue,
  readCatalogue,
  translate,
  translator,
  type MessageValues,
} from './translate.js';
export {
  headerLanguage,
  mailLanguage,
  registerI18n,
  rememberSavedLanguage,
  requestLanguage,
} from './request.js';
export { registerTranslateHelper } from './handlebars.js';
