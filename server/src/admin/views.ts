import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';

/*
 * The admin pages are Handlebars views (./views/*.hbs), the engine the CV templates use: every `{{value}}` is
 * escaped, so no page is built from strings. Each view renders into ./views/layout.hbs; partials: csrf, pages.
 */

const VIEWS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'views');
const engine = Handlebars.create();
const COMPILE_OPTIONS = { strict: false, preventIndent: true };

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
  { href: '/admin/', label: 'Dashboard', section: 'dashboard' },
  { href: '/admin/users/', label: 'Users', section: 'users' },
  { href: '/admin/templates/', label: 'Templates', section: 'templates' },
  { href: '/admin/tags/', label: 'Tags', section: 'tags' },
  { href: '/admin/cvs/', label: 'CVs', section: 'cvs' },
  { href: '/admin/audit/', label: 'Audit log', section: 'audit' },
] as const;

export type Section = (typeof NAV)[number]['section'];

export interface PageFrame {
  title: string;
  /** The signed-in staff member; absent on the pages anyone may see (403, refused form). */
  admin?: { who: string; role: string };
  section?: Section;
  csrf?: string;
  notice?: string;
  error?: string;
}

/** A full page: `view` rendered with `context`, inside the layout. */
export function renderPage(view: string, frame: PageFrame, context: Record<string, unknown> = {}): string {
  const template = templates.get(view);
  if (!template) throw new Error(`admin view "${view}" does not exist`);
  const data = { ...context, csrf: frame.csrf ?? '' };
  const body = template(data);
  const layout = templates.get('layout')!;
  return layout({
    ...frame,
    css,
    csrf: frame.csrf ?? '',
    title: `${frame.title} · CV Builder administration`,
    nav: NAV.map((item) => ({ ...item, current: item.section === frame.section })),
    body,
  });
}
