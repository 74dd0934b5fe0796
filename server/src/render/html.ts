import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import type { TemplateFolder, TemplateStyle } from '../templates/definition.js';
import type { RenderModel } from './model.js';
import { escapeHtml } from './rich-text.js';

/** A template folder with its layout compiled, ready to render. */
export interface CvTemplate extends TemplateFolder {
  layout: Handlebars.TemplateDelegate;
  /** Everything before the body, built once: the document head with the inlined stylesheet. */
  documentHead: string;
}

// An isolated environment: layouts see only the built-in block helpers (if, each, with, unless)
// and the shared partials; `knownHelpersOnly` makes any other helper call a compile error, so a
// template folder cannot smuggle in code. Prototype access stays off (Handlebars ≥ 4.6 default).
const layouts = Handlebars.create();
const COMPILE_OPTIONS: CompileOptions = { knownHelpersOnly: true, strict: false, preventIndent: true };

type CompileOptions = NonNullable<Parameters<typeof Handlebars.compile>[1]>;

let sharedLoadedFrom: string | undefined;
let baseCss = '';

function loadShared(templatesRoot: string): void {
  if (sharedLoadedFrom === templatesRoot) return;
  const partialsDir = path.join(templatesRoot, '_partials');
  if (existsSync(partialsDir)) {
    for (const file of readdirSync(partialsDir)) {
      if (!file.endsWith('.hbs')) continue;
      const source = readFileSync(path.join(partialsDir, file), 'utf8');
      layouts.registerPartial(path.basename(file, '.hbs'), layouts.compile(source, COMPILE_OPTIONS));
    }
  }
  const basePath = path.join(templatesRoot, 'base.css');
  baseCss = existsSync(basePath) ? readFileSync(basePath, 'utf8') : '';
  sharedLoadedFrom = templatesRoot;
}

const SERIF_FALLBACK = '"Noto Serif", "Noto Serif CJK SC", "Noto Naskh Arabic", "Noto Serif Hebrew", "DejaVu Serif", serif';
const SANS_FALLBACK = '"Noto Sans", "Noto Sans CJK SC", "Noto Sans Arabic", "Noto Sans Hebrew", "DejaVu Sans", sans-serif';

/** A local-font stack: the template's face first, then Noto faces that cover non-Latin scripts. */
export function fontStack(family: string): string {
  const fallback = /serif/i.test(family) && !/sans/i.test(family) ? SERIF_FALLBACK : SANS_FALLBACK;
  return `"${family.replace(/["\\]/g, '')}", ${fallback}`;
}

function styleVariables(style: TemplateStyle): string {
  return (
    `:root{--accent:${style.accentColor};` +
    `--font-body:${fontStack(style.fontFamily)};` +
    `--font-heading:${fontStack(style.headingFontFamily)};}`
  );
}

// The preview frame is sandboxed without scripts; this keeps a rendered CV inert even if opened
// on its own: no scripts, no fetches, only the inline stylesheet and data: images.
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";

export function compileTemplate(folder: TemplateFolder, templatesRoot: string): CvTemplate {
  loadShared(templatesRoot);
  const layout = layouts.compile(folder.layoutSource, COMPILE_OPTIONS);
  try {
    // Compile now, not on first use, so a broken layout fails at start-up with its name.
    layout({ person: { contacts: [], details: [] }, sections: [], main: [], side: [] });
  } catch (error) {
    throw new Error(`template "${folder.slug}": layout.hbs: ${(error as Error).message}`, { cause: error });
  }
  const css = `${baseCss}\n${styleVariables(folder.definition.style)}\n${folder.css}`.replace(/<\/style/gi, '<\\/style');
  const documentHead =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">';
  return { ...folder, layout, documentHead: documentHead + `<style>${css}</style>` };
}

/** A complete, self-contained HTML document for the model, styled by the template. */
export function renderHtml(template: CvTemplate, model: RenderModel): string {
  const title = model.person.name ? `${model.person.name} – CV` : `${template.definition.name} – CV`;
  const body = template.layout(model);
  return (
    `${template.documentHead}<title>${escapeHtml(title)}</title></head>` +
    `<body class="cv cv-${template.slug}">${body}</body></html>`
  );
}
