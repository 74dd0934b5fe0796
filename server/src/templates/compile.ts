import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import { fontStack, type RenderTemplate } from '../render/html.js';
import type { TemplateStyle } from '../render/input.js';
import { DOCUMENT_CSP_META } from '../render/printer-document.js';
import type { TemplateFolder } from './definition.js';

/*
 * A template folder compiled for the render engine: its Handlebars layout in an isolated environment, its stylesheet
 * rewritten to scale with a CV's design, its page margins and body text size read. The registry (registry.ts)
 * compiles every folder once, at start-up.
 */

/** A template folder with its layout compiled, ready to render (the registry holds one per folder). */
export interface CvTemplate extends TemplateFolder, RenderTemplate {}

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

/*
 * Design settings reach every template's stylesheet through CSS variables. The stylesheets are written in
 * plain points and millimetres; at load time every font size, line height and vertical spacing in points, and every
 * padding in millimetres (the full-bleed templates' page margins), is rewritten to scale with its variable:
 * --font-scale, --line-scale, --space-scale and --margin-scale. With every scale 1 the CV prints as written.
 */
const FONT_SIZE = /font-size:\s*([\d.]+)pt/g;
const LINE_HEIGHT = /line-height:\s*([\d.]+)(?=\s*[;}])/g;
const SPACING =
  /(^|[;{\s])(margin|padding|gap|row-gap|margin-top|margin-bottom|padding-top|padding-bottom):\s*([^;}]+)/g;

const scaled = (value: string, variable: string) => `calc(${value} * var(${variable}, 1))`;

function scaleValue(value: string, unit: 'pt' | 'mm', variable: string): string {
  const pattern = new RegExp(`^(-?[\\d.]+)${unit}$`);
  return pattern.test(value) ? scaled(value, variable) : value;
}

/** A margin or padding with its vertical values in pt scaled by spacing and its mm paddings by the margins. */
function scaleSpacing(property: string, value: string): string {
  const parts = value.trim().split(/\s+/);
  if (parts.some((part) => part.includes('('))) return value;
  const shorthand = property === 'margin' || property === 'padding';
  // One value for every side: the horizontal ones are said apart, unscaled.
  if (shorthand && parts.length === 1 && parts[0]!.endsWith('pt')) parts.push(parts[0]!);
  const vertical = (i: number) => (shorthand ? i % 2 === 0 : property !== 'gap' || i === 0);
  return parts
    .map((part, i) => {
      if (property.startsWith('padding') && part.endsWith('mm'))
        return scaleValue(part, 'mm', '--margin-scale');
      return vertical(i) ? scaleValue(part, 'pt', '--space-scale') : part;
    })
    .join(' ');
}

function scaleRules(css: string): string {
  return css
    .replace(FONT_SIZE, (_, size: string) => `font-size:${scaled(`${size}pt`, '--font-scale')}`)
    .replace(LINE_HEIGHT, (_, height: string) => `line-height:${scaled(height, '--line-scale')}`)
    .replace(
      SPACING,
      (_, lead: string, property: string, value: string) =>
        `${lead}${property}: ${scaleSpacing(property, value)}`,
    );
}

/** Every stylesheet rule but `@page` (whose margins the design sets itself) made to scale with the design. */
export function scaleStylesheet(css: string): string {
  return css
    .split(/(@page[^{]*\{[^}]*\})/)
    .map((part, i) => (i % 2 === 1 ? part : scaleRules(part)))
    .join('');
}

const MM_PER_PT = 25.4 / 72;

function lengthMm(value: string): number {
  const match = /^(-?[\d.]+)(mm|cm|in|pt|px)?$/.exec(value.trim());
  if (!match) return 0;
  const n = Number(match[1]);
  switch (match[2]) {
    case 'cm':
      return n * 10;
    case 'in':
      return n * 25.4;
    case 'pt':
      return n * MM_PER_PT;
    case 'px':
      return (n * 25.4) / 96;
    default:
      return n;
  }
}

/** The page margins the last plain `@page` rule of these stylesheets sets (CSS's 1–4 value shorthand). */
export function pageMarginsOf(...stylesheets: string[]): [number, number, number, number] {
  let margins: [number, number, number, number] = [0, 0, 0, 0];
  for (const css of stylesheets) {
    for (const match of css.matchAll(/@page\s*\{([^}]*)\}/g)) {
      const margin = /margin:\s*([^;}]+)/.exec(match[1]!);
      if (!margin) continue;
      const v = margin[1]!.trim().split(/\s+/).map(lengthMm);
      const [t = 0, r = t, b = t, l = r] = v;
      margins = [t, r, b, l];
    }
  }
  return margins;
}

/**
 * The stylesheets' `@page :first` rules (Bold Header's band starts at the top edge of page 1). The design's own
 * `@page` rule comes after the template's and Chromium lets it win over them: they are repeated after it.
 */
function firstPageRulesOf(...stylesheets: string[]): string {
  return stylesheets
    .flatMap((css) => [...css.matchAll(/@page\s*:first\s*\{[^}]*\}/g)].map((match) => match[0]))
    .join('');
}

function bodyFontPtOf(...stylesheets: string[]): number {
  let size = 10;
  for (const css of stylesheets) {
    for (const match of css.matchAll(/(?:^|\n)body\s*\{([^}]*)\}/g)) {
      const found = /font-size:\s*([\d.]+)pt/.exec(match[1]!);
      if (found) size = Number(found[1]);
    }
  }
  return size;
}

function styleVariables(style: TemplateStyle): string {
  return (
    `:root{--accent:${style.accentColor};` +
    `--font-body:${fontStack(style.fontFamily)};` +
    `--font-heading:${fontStack(style.headingFontFamily)};}`
  );
}

export function compileTemplate(folder: TemplateFolder, templatesRoot: string): CvTemplate {
  loadShared(templatesRoot);
  const layout = layouts.compile(folder.layoutSource, COMPILE_OPTIONS);
  try {
    // Compile now, not on first use, so a broken layout fails at start-up with its name.
    layout({ person: { contacts: [], details: [] }, sections: [], main: [], side: [] });
  } catch (error) {
    throw new Error(`template "${folder.slug}": layout.hbs: ${(error as Error).message}`, { cause: error });
  }
  const css = scaleStylesheet(
    `${baseCss}\n${styleVariables(folder.definition.style)}\n${folder.css}`,
  ).replace(/<\/style/gi, '<\\/style');
  const documentHead =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    // The preview frame is sandboxed without scripts; this keeps a rendered CV inert even if opened on its own.
    DOCUMENT_CSP_META +
    '<meta name="viewport" content="width=device-width, initial-scale=1">';
  return {
    ...folder,
    layout,
    documentHead: documentHead + `<style>${css}</style>`,
    pageMarginsMm: pageMarginsOf(baseCss, folder.css),
    firstPageCss: firstPageRulesOf(baseCss, folder.css),
    bodyFontPt: bodyFontPtOf(baseCss, folder.css),
  };
}
