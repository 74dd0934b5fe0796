/**
 * Vite plugin: `import('virtual:catalogue/<part>/<language>')` is that part of that language's catalogue
 * (src/i18n/catalogues/<part>/<language>.json), its messages compiled by Lingui at build time, so the browser
 * needs no message parser. 'pseudo' (development only) is English accented and 40% longer, to show where a
 * longer language would be cut (docs/decisions/0053-languages.md).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { pseudoMessage } from './i18n-pseudo';

const PREFIX = 'virtual:catalogue/';
const RESOLVED = '\0catalogue:';

export function catalogueDirectory(root: string): string {
  return path.join(root, 'src/i18n/catalogues');
}

export function readCatalogue(root: string, part: string, language: string): Record<string, string> {
  const source = language === 'pseudo' ? 'en' : language;
  const file = path.join(catalogueDirectory(root), part, `${source}.json`);
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  if (language !== 'pseudo') return messages;
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, pseudoMessage(text)]));
}

export function i18nCatalogues(): Plugin {
  let root = process.cwd();
  return {
    name: 'cv-builder:i18n-catalogues',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const [part = '', language = ''] = id.slice(RESOLVED.length).split('/');
      if (!/^[a-z]+$/.test(part) || !/^[a-z]+$/.test(language)) throw new Error(`No catalogue ${id}`);
      const source = language === 'pseudo' ? 'en' : language;
      this.addWatchFile(path.join(catalogueDirectory(root), part, `${source}.json`));
      const messages = readCatalogue(root, part, language);
      const compiled = Object.fromEntries(
        Object.entries(messages)
          .map(([key, text]) => [key, compileMessage(text)] as const)
          // English words that are only words are their own key: the runtime says the key (src/i18n/i18n.ts), so
          // the English catalogue holds only messages with placeholders, plurals or escapes.
          .filter(([key, message]) => !(language === 'en' && message.length === 1 && message[0] === key)),
      );
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
