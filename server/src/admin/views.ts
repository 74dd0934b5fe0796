import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { languageDirection } from '../../../rules/languages.js';
import {
  isLanguageCode,
  msg,
  registerTranslateHelper,
  SOURCE_LANGUAGE,
  translate,
  type LanguageCode,
  type Message,
  type MessageValues,
} from '../i18n/index.js';
import { formatNumber } from './kit.js';

/*
 * The admin pages are Handlebars views (./views/*.hbs), the engine the CV templates use: every `{{value}}` is
 * escaped, so no page is built from strings. Each view renders into ./views/layout.hbs; partials: csrf, pages.
 * A page speaks the staff member's language (their saved one, else their browser's): `{{t "Users"}}` says the
 * view's words, `{{number n}}` a number; the routes say theirs (titles, notices, errors, labels) with `translate`.
 */

const VIEWS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'views');
const engine = Handlebars.create();
const COMPILE_OPTIONS = { strict: false, preventIndent: true };

registerTranslateHelper(engine);
/** `{{number n}}`: a number as the page's language writes it. */
engine.registerHelper('number', (value: unknown, options: Handlebars.HelperOptions) => {
  const language = (options.data as { language?: unknown } | undefined)?.language;
  return formatNumber(isLanguageCode(language) ? language : SOURCE_LANGUAGE, Number(value));
});

const templates = new Map<string, Handlebars.TemplateDelegate>();
for (const file of readdirSync(VIEWS_DIR)) {
  if (!file.endsWith('.hbs')) continue;
  const name = path.basename(file, '.hbs');
  const compiled = engine.compile(readFileSync(path.join(VIEWS_DIR, file), 'utf8'), COMPILE_OPTIONS);
  templates.set(name, compiled);
  engine.registerPartial(name, compiled);
}
const css = readFileSync(path.join(VIEWS_DIR, 'admin.css'), 'utf8');

export const NAV = [
  { href: '/admin/', label: msg('Dashboard'), section: 'dashboard' },
  { href: '/admin/users/', label: msg('Users'), section: 'users' },
  { href: '/admin/templates/', label: msg('Templates'), section: 'templates' },
  { href: '/admin/tags/', label: msg('Tags'), section: 'tags' },
  { href: '/admin/cvs/', label: msg('CVs'), section: 'cvs' },
  { href: '/admin/audit/', label: msg('Audit log'), section: 'audit' },
] as const;

export type Section = (typeof NAV)[number]['section'];

/** What a page says: English words, said in the page's language (a Message), or data shown as it is (an email). */
export type Words = Message | { data: string };

export interface PageFrame {
  /** The language the page speaks (i18n's requestLanguage). */
  language: LanguageCode;
  title: Words;
  /** The signed-in staff member; absent on the pages anyone may see (403, refused form). */
  admin?: { who: string; role: Message };
  section?: Section;
  csrf?: string;
  notice?: Message;
  error?: Message;
}

const PAGE_TITLE = msg('{title} · CV Builder administration');
const SIGNED_IN_AS = msg('Signed in as {who} · {role}');

export function say(language: LanguageCode, words: Words): string {
  return typeof words === 'object' && 'data' in words ? words.data : translate(language, words);
}

/**
 * A message whose values are marked up (`{who}` in <strong>): the words said and escaped, then each value put in,
 * escaped, inside its element. The translation decides where the values go; nothing of it is read as HTML.
 */
export function sayMarkedUp(
  language: LanguageCode,
  message: string,
  values: MessageValues,
  elements: Record<string, string>,
): Handlebars.SafeString {
  const marks = Object.fromEntries(Object.keys(values).map((name) => [name, `\uE000${name}\uE000`]));
  const escaped = Handlebars.escapeExpression(translate(language, message, marks));
  return new Handlebars.SafeString(
    escaped.replace(/\uE000([A-Za-z]+)\uE000/g, (mark, name: string) => {
      if (!(name in values)) return mark;
      const value = Handlebars.escapeExpression(String(values[name]));
      const element = elements[name];
      return element ? `<${element}>${value}</${element}>` : value;
    }),
  );
}

/** A full page: `view` rendered with `context`, inside the layout, in the frame's language. */
export function renderPage(view: string, frame: PageFrame, context: Record<string, unknown> = {}): string {
  const template = templates.get(view);
  if (!template) throw new Error(`admin view "${view}" does not exist`);
  const { language } = frame;
  const options = { data: { language } };
  const data = { ...context, csrf: frame.csrf ?? '' };
  const body = template(data, options);
  const layout = templates.get('layout')!;
  return layout(
    {
      ...frame,
      css,
      csrf: frame.csrf ?? '',
      dir: languageDirection(language),
      title: translate(language, PAGE_TITLE, { title: say(language, frame.title) }),
      signedInAs: frame.admin
        ? sayMarkedUp(
            language,
            SIGNED_IN_AS,
            { who: frame.admin.who, role: translate(language, frame.admin.role) },
            { who: 'strong' },
          )
        : undefined,
      notice: frame.notice === undefined ? undefined : translate(language, frame.notice),
      error: frame.error === undefined ? undefined : translate(language, frame.error),
      nav: NAV.map((item) => ({
        ...item,
        label: translate(language, item.label),
        current: item.section === frame.section,
      })),
      body,
    },
    options,
  );
}
