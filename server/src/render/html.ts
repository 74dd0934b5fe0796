import { escapeHtml } from '../text/rich-text.js';
import { PHOTO_SIZE_MM } from '../../../rules/design.js';
import type { RenderDesign } from './design.js';
import type { TemplateDefinition } from './input.js';
import type { RenderModel } from './model.js';

/** A template as the engine prints it, its layout compiled and its stylesheet read (templates/compile.ts). */
export interface RenderTemplate {
  slug: string;
  definition: TemplateDefinition;
  /** The compiled layout: the document's body for a model. */
  layout: (model: RenderModel) => string;
  /** Everything before the body, built once: the document head with the inlined stylesheet. */
  documentHead: string;
  /** The template's page margins in millimetres (top, right, bottom, left), which the design's margins scale. */
  pageMarginsMm: [number, number, number, number];
  /** The template's `@page :first` rules, repeated after the design's `@page` (designStyle). */
  firstPageCss: string;
  /** The template's body text size in points (fit to one page never scales it below 8.5 pt). */
  bodyFontPt: number;
}

// "CV CJK" is the TrueType CJK face of base.css; Noto CJK stays behind it for a machine without it.
const SERIF_FALLBACK =
  '"Noto Serif", "CV CJK", "Noto Serif CJK SC", "Noto Naskh Arabic", "Noto Serif Hebrew", "DejaVu Serif", serif';
const SANS_FALLBACK =
  '"Noto Sans", "CV CJK", "Noto Sans CJK SC", "Noto Sans Arabic", "Noto Sans Hebrew", "DejaVu Sans", sans-serif';

/** A local-font stack: the template's face first, then Noto faces that cover non-Latin scripts. */
export function fontStack(family: string): string {
  const fallback = /serif/i.test(family) && !/sans/i.test(family) ? SERIF_FALLBACK : SANS_FALLBACK;
  return `"${family.replace(/["\\]/g, '')}", ${fallback}`;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** The design's page, fonts, colour and scales as the stylesheet's variables, and the page's size and margins. */
export function designStyle(template: RenderTemplate, design: RenderDesign): string {
  const margins = template.pageMarginsMm.map((mm) => `${round(mm * design.marginScale)}mm`).join(' ');
  return (
    `<style>:root{--accent:${design.accent};` +
    `--font-body:${fontStack(design.bodyFamily)};--font-heading:${fontStack(design.headingFamily)};` +
    `--font-scale:${round(design.fontScale)};--line-scale:${round(design.lineScale)};` +
    `--space-scale:${round(design.spaceScale)};--margin-scale:${round(design.marginScale)};` +
    `--page-width:${design.widthMm}mm;--page-height:${design.heightMm}mm;` +
    `--page-margins:${margins};--photo-size:${PHOTO_SIZE_MM[design.photo.size]}mm;}` +
    `@page{size:${design.widthMm}mm ${design.heightMm}mm;margin:${margins};}${template.firstPageCss}</style>`
  );
}

/**
 * How wide the CV's longest words are (the name's, and the widest section heading's), as variables a template with a
 * narrow column sizes its name and headings by — in the document's one style element, because the page's content
 * security policy refuses style attributes in the preview.
 */
export function fitStyle(model: RenderModel): string {
  const titleEms = Math.max(1, ...model.sections.map((section) => section.nameEms));
  return `<style>:root{--name-ems:${round(model.person.nameEms)};--title-ems:${round(titleEms)};}</style>`;
}

/** A complete, self-contained HTML document for the model, styled by the template. */
export function renderHtml(template: RenderTemplate, model: RenderModel): string {
  const title = model.person.name ? `${model.person.name} – CV` : `${template.definition.name} – CV`;
  const body = template.layout(model);
  // The CV's language and direction mark the document: hyphenation, quotes and screen readers follow.
  const lang = escapeHtml(model.design.language);
  const head = template.documentHead.replace(
    '<html lang="en">',
    model.design.direction === 'rtl' ? `<html lang="${lang}" dir="rtl">` : `<html lang="${lang}">`,
  );
  return (
    `${head}${designStyle(template, model.design)}${fitStyle(model)}<title>${escapeHtml(title)}</title></head>` +
    `<body class="cv cv-${template.slug}">${body}</body></html>`
  );
}
