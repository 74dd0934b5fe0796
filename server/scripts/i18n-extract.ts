/**
 * The server's catalogue keys, read from the code (as scripts/i18n-extract.ts does for the web app): every
 * `msg('…')` and `t('…')` (and `translate(language, '…')`) with written-out English words in server/src and in the
 * rules/ files the server imports, and every `{{t "…"}}` of the Handlebars views under server/src. It writes
 * server/src/i18n/catalogues/en.json from them (a message's key is its English words) and lists, per language,
 * what is missing (said in English until translated) and what is no longer used (an error: `--prune` removes it).
 * server/tests/i18n/catalogues.test.ts fails when en.json is stale or a language has a key English lacks.
 *
 *   npx tsx server/scripts/i18n-extract.ts            write en.json, report
 *   npx tsx server/scripts/i18n-extract.ts --check    write nothing; fail when en.json is stale
 *   npx tsx server/scripts/i18n-extract.ts --prune    also remove unused keys from the other languages
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_CODES, SOURCE_LANGUAGE, type LanguageCode } from '../../rules/languages.js';
import ts from 'typescript';
import { literalText, messagesIn as messagesInCode, reconcile, serialise } from './catalogue-files.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_SOURCES = 'server/src';
const CATALOGUES = 'server/src/i18n/catalogues';

export interface Found {
  id: string;
  /** Where it is said, relative to the repository. */
  file: string;
}

function filesUnder(root: string, directory: string, pattern: RegExp): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, directory), { withFileTypes: true })) {
    const relative = path.posix.join(directory, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(root, relative, pattern));
    else if (pattern.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(relative);
  }
  return out.sort();
}

/** Calls whose second argument is a message (`translate(language, 'Users')`). */
const TRANSLATE_CALLS: ReadonlySet<string> = new Set(['translate']);

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
}

/** Every message a server file says, `translate(language, '…')` included. */
export const messagesIn = (file: string, text: string) => messagesInCode(file, text, TRANSLATE_CALLS);

// `{{t "Users"}}`, `{{t 'Users' name=x}}`, `(t "Users")`: the words a Handlebars view says through its `t` helper.
const HANDLEBARS_T = /(?:\{\{~?|\()\s*t\s+(?:"([^"]*)"|'([^']*)')/g;

/** Every message a Handlebars view says. */
export function messagesInView(text: string): string[] {
  return [...text.matchAll(HANDLEBARS_T)].map((match) => match[1] ?? match[2] ?? '');
}

/** The rules/ files a file imports (relative imports that land in rules/), as repository paths. */
function rulesImportedBy(root: string, file: string, text: string): string[] {
  const found: string[] = [];
  for (const statement of parse(file, text).statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier
        ? literalText(statement.moduleSpecifier)
        : undefined;
    if (!specifier?.startsWith('.')) continue;
    const target = path.posix
      .normalize(path.posix.join(path.posix.dirname(file), specifier))
      .replace(/\.js$/, '.ts');
    if (target.startsWith('rules/') && !target.slice('rules/'.length).includes('/')) {
      if (readdirSync(path.join(root, 'rules')).includes(path.posix.basename(target))) found.push(target);
    }
  }
  return found;
}

/** The files the server's words come from: server/src's code and views, and the rules/ files they import. */
export function serverSources(root: string): { code: string[]; views: string[] } {
  const code = filesUnder(root, SERVER_SOURCES, /\.ts$/);
  const rules = new Set<string>();
  const queue = [...code];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const imported of rulesImportedBy(root, file, readFileSync(path.join(root, file), 'utf8'))) {
      if (rules.has(imported)) continue;
      rules.add(imported);
      queue.push(imported);
    }
  }
  return { code: [...code, ...[...rules].sort()], views: filesUnder(root, SERVER_SOURCES, /\.hbs$/) };
}

/** Every message the server says, with where. */
export function extract(root: string = ROOT): Found[] {
  const { code, views } = serverSources(root);
  const found: Found[] = [];
  for (const file of code) {
    for (const id of messagesIn(file, readFileSync(path.join(root, file), 'utf8'))) found.push({ id, file });
  }
  for (const file of views) {
    for (const id of messagesInView(readFileSync(path.join(root, file), 'utf8'))) found.push({ id, file });
  }
  found.push(...printedLabels(root));
  return found;
}

/**
 * The template words a CV prints beside a value ('Grade: 1.3'): each field's label, in the CV's language
 * (render/model.ts printedWord). The web app's catalogues hold the same words for its forms.
 */
export function printedLabels(root: string = ROOT): Found[] {
  const found: Found[] = [];
  for (const entry of readdirSync(path.join(root, 'server/templates'), { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('_')) continue;
    const file = path.posix.join('server/templates', entry.name, 'template.json');
    const template = JSON.parse(readFileSync(path.join(root, file), 'utf8')) as {
      sections: { input_fields: { widget_label: string }[] }[];
    };
    for (const section of template.sections)
      for (const field of section.input_fields)
        if (field.widget_label.trim() !== '') found.push({ id: field.widget_label, file });
  }
  return found;
}

/** The English catalogue the code asks for: every message its own key, sorted. */
export function englishCatalogue(found: Found[]): Record<string, string> {
  const ids = [...new Set(found.map((entry) => entry.id))].sort();
  return Object.fromEntries(ids.map((id) => [id, id]));
}

export function cataloguePath(root: string, language: LanguageCode): string {
  return path.join(root, CATALOGUES, `${language}.json`);
}

function main() {
  const check = process.argv.includes('--check');
  const prune = process.argv.includes('--prune');
  const english = englishCatalogue(extract(ROOT));
  const englishFile = cataloguePath(ROOT, SOURCE_LANGUAGE);
  let failed = false;
  if (check) {
    if (readFileSync(englishFile, 'utf8') !== serialise(english)) {
      console.log(`${path.relative(ROOT, englishFile)} is stale: run npx tsx server/scripts/i18n-extract.ts`);
      failed = true;
    }
  } else {
    writeFileSync(englishFile, serialise(english));
  }
  console.log(`en.json: ${Object.keys(english).length} messages`);
  for (const language of LANGUAGE_CODES.filter((code) => code !== SOURCE_LANGUAGE)) {
    const file = cataloguePath(ROOT, language);
    const { missing, unused } = reconcile(file, english, prune && !check);
    console.log(`${language}.json: ${missing.length} missing, ${unused.length} unused`);
    for (const id of unused) console.log(`  unused: ${JSON.stringify(id)}`);
    if (unused.length > 0 && !prune) failed = true;
  }
  if (failed) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
