import {
  DESIGN_DEFAULTS,
  PHOTO_DEFAULTS,
  type PhotoShape,
  type PhotoSize,
  PAGE_DIMENSIONS,
  isMostlyRightToLeft,
  readableAccent,
  type Direction,
  type FontSize,
  type LineSpacing,
  type Margins,
  type PageSize,
} from '../../../rules/design.js';
import { bundledFont } from './fonts.js';
import type { TemplateStyle } from './input.js';

/*
 * A CV's design as the three outputs read it: one resolved value per setting, from the saved design
 * and the template's own style. HTML turns it into CSS variables (html.ts), PDF into Chromium's paper (pdf.ts),
 * Word into section properties and run styles (docx.ts).
 */

/** A checked design, every key present; `accentColor` and `font` null mean the template's own. */
export interface CvDesign {
  pageSize: PageSize;
  margins: Margins;
  accentColor: string | null;
  font: string | null;
  fontSize: FontSize;
  lineSpacing: LineSpacing;
  fitOnePage: boolean;
  direction: Direction;
  /** BCP 47; month names and 'Present' are printed in it. */
  language: string;
  /** How the CV's photo prints, when it has one. */
  photo: PhotoDesign;
}

export interface PhotoDesign {
  shape: PhotoShape;
  size: PhotoSize;
  border: boolean;
  grayscale: boolean;
  hidden: boolean;
}

/** The design a CV without one prints with (the template's accent and fonts). */
export const TEMPLATE_DESIGN: CvDesign = {
  pageSize: DESIGN_DEFAULTS.page_size,
  margins: DESIGN_DEFAULTS.margins,
  accentColor: null,
  font: null,
  fontSize: DESIGN_DEFAULTS.font_size,
  lineSpacing: DESIGN_DEFAULTS.line_spacing,
  fitOnePage: DESIGN_DEFAULTS.fit_one_page,
  direction: DESIGN_DEFAULTS.direction,
  language: DESIGN_DEFAULTS.language,
  photo: { ...PHOTO_DEFAULTS },
};

/** How much each setting scales the template's own sizes. */
export const MARGIN_SCALE: Record<Margins, number> = { narrow: 0.6, normal: 1, wide: 1.4 };
export const FONT_SCALE: Record<FontSize, number> = { small: 0.92, normal: 1, large: 1.1 };
export const LINE_SCALE: Record<LineSpacing, number> = { compact: 0.9, normal: 1, relaxed: 1.15 };

export interface RenderDesign {
  pageSize: PageSize;
  widthMm: number;
  heightMm: number;
  widthPt: number;
  heightPt: number;
  /** The template's page margins (and full-bleed paddings) times this. */
  marginScale: number;
  /** '#rrggbb', readable on white (4.5:1). */
  accent: string;
  bodyFamily: string;
  headingFamily: string;
  /** Every font size of the template times this. */
  fontScale: number;
  /** Every line height of the template times this. */
  lineScale: number;
  /** Spacing between blocks (pt margins and paddings) times this; fit to one page reduces it first. */
  spaceScale: number;
  fitOnePage: boolean;
  direction: 'ltr' | 'rtl';
  /** The CV's language (BCP 47): the documents' `lang`, Word's proofing language. */
  language: string;
  /** How the photo prints, when the model has one (model.photo). */
  photo: PhotoDesign;
}

/** The design for a model whose printed text is `text` (read for an automatic direction). */
export function resolveDesign(
  saved: CvDesign | null,
  style: TemplateStyle,
  text: () => { name: string; all: string },
): RenderDesign {
  const design = saved ?? TEMPLATE_DESIGN;
  const page = PAGE_DIMENSIONS[design.pageSize];
  const font = design.font ? bundledFont(design.font) : undefined;
  let direction: 'ltr' | 'rtl' = design.direction === 'rtl' ? 'rtl' : 'ltr';
  if (design.direction === 'auto') {
    const { name, all } = text();
    // The person's name and most of the text: a CV with an Arabic name and English text stays left to right.
    if ((name === '' || isMostlyRightToLeft(name)) && isMostlyRightToLeft(all)) direction = 'rtl';
  }
  return {
    pageSize: design.pageSize,
    widthMm: page.widthMm,
    heightMm: page.heightMm,
    widthPt: page.widthPt,
    heightPt: page.heightPt,
    marginScale: MARGIN_SCALE[design.margins],
    accent: readableAccent(design.accentColor ?? style.accentColor),
    bodyFamily: font?.body ?? style.fontFamily,
    headingFamily: font?.heading ?? style.headingFontFamily,
    fontScale: FONT_SCALE[design.fontSize],
    lineScale: LINE_SCALE[design.lineSpacing],
    spaceScale: 1,
    fitOnePage: design.fitOnePage,
    direction,
    language: design.language,
    photo: design.photo,
  };
}
