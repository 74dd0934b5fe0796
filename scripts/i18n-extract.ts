/**
 * The catalogues' keys, read from the code: every `t('…')` and `msg('…')` with written-out English words in src/
 * and rules/. `npm run i18n` writes the English catalogues from them (a message's key is its English words) and
 * lists, per language, what is missing or no longer used; tests/i18n/catalogues.test.ts fails on either.
 * Which part a message belongs to follows the file that says it (PUBLIC_SOURCES); a message said in both parts
 * is public.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES } from '../rules/languages';
import { messagesIn, reconcile, serialise } from '../server/scripts/catalogue-files.js';

export type Part = 'public' | 'app';

/** The files the pages before sign-in are made of (src/i18n/load.ts: the 'public' part). */
export const PUBLIC_SOURCES = [
  /^rules\/(account|account-changes|languages|phone-format|two-step|passkeys)\.ts$/,
  /^src\/main\.tsx$/,
  /^src\/api\//,
  /^src\/account\//,
  /^src\/machines\/auth\//,
  /^src\/ui\/auth\//,
  /^src\/ui\/(form-problem|password-input|phone-field|toaster|toast-region|global-error-toast|full-page-spinner|color-mode|language-menu)\.tsx?$/,
  /^src\/routes\/(root|router|index|authenticated|signin|signup|forgot-password|forgot-password-page|reset-password|reset-password-page|confirm-email|confirm-email-page|linkedin-callback|linkedin-callback-page|signup-page|social-sign-in-options|passkey-sign-in-option|auth-flow-effects|return-path|search|notify)\.tsx?$/,
];

const SOURCE_ROOTS = ['src', 'rules'];

export interface Found {
  id: string;
  file: string;
  part: Part;
}

function sourceFiles(root: string, directory: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, directory), { withFileTypes: true })) {
    const relative = path.posix.join(directory, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(root, relative));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(relative);
  }
  return out;
}

function partOf(file: string): Part {
  return PUBLIC_SOURCES.some((pattern) => pattern.test(file)) ? 'public' : 'app';
}

export { messagesIn };

interface TemplateDefinition {
  name: string;
  category: { name: string };
  sections: {
    name: string;
    description: string;
    input_fields: { widget_label: string; description: string }[];
  }[];
}

/**
 * The words the templates bring to the interface (server/templates/<name>/template.json, served by the API): the
 * template's name and category, each section's name and hint, each field's label and hint. The builder and the
 * templates screen show them through `t`; a new CV in another language takes its section headings from them.
 */
export function templateMessages(root: string): Found[] {
  const directory = path.join(root, 'server/templates');
  const found: Found[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('_')) continue;
    const file = path.posix.join('server/templates', entry.name, 'template.json');
    const template = JSON.parse(readFileSync(path.join(root, file), 'utf8')) as TemplateDefinition;
    const words = [
      template.name,
      template.category.name,
      ...template.sections.flatMap((section) => [
        section.name,
        section.description,
        ...section.input_fields.flatMap((field) => [field.widget_label, field.description]),
      ]),
    ];
    for (const id of words) if (id.trim() !== '') found.push({ id, file, part: 'app' });
  }
  return found;
}

export function extract(root: string): Found[] {
  const found: Found[] = templateMessages(root);
  for (const directory of SOURCE_ROOTS) {
    for (const file of sourceFiles(root, directory)) {
      if (file.startsWith('src/i18n/')) continue;
      for (const id of messagesIn(file, readFileSync(path.join(root, file), 'utf8'))) {
        found.push({ id, file, part: partOf(file) });
      }
    }
  }
  return found;
}

/** The English catalogues the code asks for: each part's keys, sorted, each message its own key. */
export function englishCatalogues(found: Found[]): Record<Part, Record<string, string>> {
  const publicIds = new Set(found.filter((entry) => entry.part === 'public').map((entry) => entry.id));
  const appIds = new Set(
    found.filter((entry) => entry.part === 'app' && !publicIds.has(entry.id)).map((entry) => entry.id),
  );
  const catalogue = (ids: Set<string>) => Object.fromEntries([...ids].sort().map((id) => [id, id]));
  return { public: catalogue(publicIds), app: catalogue(appIds) };
}

export function cataloguePath(root: string, part: Part, language: string): string {
  return path.join(root, 'src/i18n/catalogues', part, `${language}.json`);
}

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const english = englishCatalogues(extract(root));
  let problems = 0;
  for (const part of ['public', 'app'] as const) {
    writeFileSync(cataloguePath(root, part, 'en'), serialise(english[part]));
    for (const language of LANGUAGE_CODES.filter((code) => code !== 'en')) {
      const file = cataloguePath(root, part, language);
      const { missing, unused } = reconcile(file, english[part], process.argv.includes('--prune'));
      if (missing.length + unused.length > 0) {
        problems += missing.length + unused.length;
        console.log(`${part}/${language}.json: ${missing.length} missing, ${unused.length} unused`);
      }
    }
    console.log(`${part}/en.json: ${Object.keys(english[part]).length} messages`);
  }
  if (problems > 0) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
