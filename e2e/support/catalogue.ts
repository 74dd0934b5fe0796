import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

// The words a journey looks for in another language are the catalogues' (what a translator wrote): a journey
// reads them from there by their English key, the web app's and the server's, and says a message with values as
// the app does. English is the key itself.

const root = join(import.meta.dirname, '..', '..');

export type Words = (english: string, values?: Record<string, string | number>) => string;

export function catalogue(language: string): Words {
  const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, string>;
  const words = {
    ...read(`src/i18n/catalogues/app/${language}.json`),
    ...read(`src/i18n/catalogues/public/${language}.json`),
  };
  const server = read(`server/src/i18n/catalogues/${language}.json`);
  const i18n = setupI18n({ locale: language, messages: { [language]: {} } });
  return (english, values) => {
    const said = language === 'en' ? english : (words[english] ?? server[english]);
    if (!said) throw new Error(`${language} has no words for "${english}"`);
    if (!values) return said;
    i18n.load(language, { [english]: compileMessage(said) });
    return i18n._(english, values);
  };
}
