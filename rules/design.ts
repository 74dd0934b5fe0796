// A saved CV's design settings, said once for the web app and the server (see rules/account.ts). Its words are marked
// for the catalogue with `msg` (a view shows them through its `t`).

import { msg } from './languages.js';

export const PAGE_SIZES = ['A4', 'Letter'] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const MARGINS = ['narrow', 'normal', 'wide'] as const;
export type Margins = (typeof MARGINS)[number];
export const FONT_SIZES = ['small', 'normal', 'large'] as const;
export type FontSize = (typeof FONT_SIZES)[number];
export const LINE_SPACINGS = ['compact', 'normal', 'relaxed'] as const;
export type LineSpacing = (typeof LINE_SPACINGS)[number];
export const DIRECTIONS = ['auto', 'ltr', 'rtl'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/**
 * The CV's language as a BCP 47 tag ('en', 'ar', 'ja', 'pt-BR'): month names and 'Present' are printed in
 * it, and the documents are marked with it. The default is the browser's language when the CV is made.
 */
export const LANGUAGE_PATTERN = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,3}$/;

/** The languages the Design panel offers (any other tag is taken too): 'Present' is known in each of them. */
export const CV_LANGUAGES = [
  'en',
  'ar',
  'cs',
  'da',
  'de',
  'el',
  'es',
  'fa',
  'fi',
  'fr',
  'he',
  'hi',
  'id',
  'it',
  'ja',
  'ko',
  'nb',
  'nl',
  'pl',
  'pt',
  'ru',
  'sv',
  'th',
  'tr',
  'uk',
  'ur',
  'vi',
  'zh',
] as const;

/** '#rrggbb', the only colour notation the API takes. */
export const ACCENT_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** A font id as `GET /v1/fonts/` lists them. */
export const FONT_ID_PATTERN = /^[a-z0-9-]{1,64}$/;

/**
 * A saved CV's optional `design`. Every key is optional: a key left out is the template's own (its accent, its
 * font pairing) or the default below; without a design a CV prints exactly as its template says.
 */
export interface CvDesignShape {
  page_size?: PageSize;
  margins?: Margins;
  accent_color?: string;
  font?: string;
  font_size?: FontSize;
  line_spacing?: LineSpacing;
  fit_one_page?: boolean;
  direction?: Direction;
  /** The CV's language (BCP 47); English when left out. */
  language?: string;
  /** How the CV's photo prints (the image itself is PUT /v1/GeneratedCV/{id}/photo/); left out: the defaults below. */
  photo?: PhotoDesignShape;
}

// ── the photo on the CV ──

export const PHOTO_SHAPES = ['square', 'rounded', 'circle'] as const;
export type PhotoShape = (typeof PHOTO_SHAPES)[number];
export const PHOTO_SIZES = ['small', 'medium', 'large'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** The printed photo's side in millimetres: a passport photo is 35 mm wide, the medium size. */
export const PHOTO_SIZE_MM: Record<PhotoSize, number> = { small: 28, medium: 35, large: 42 };

/** A design's `photo`: every key optional. `hidden` keeps the photo with the CV but prints it nowhere. */
export interface PhotoDesignShape {
  shape?: PhotoShape;
  size?: PhotoSize;
  /** A thin ring in the accent colour. */
  border?: boolean;
  grayscale?: boolean;
  hidden?: boolean;
}

export const PHOTO_DEFAULTS = {
  shape: 'circle',
  size: 'medium',
  border: false,
  grayscale: false,
  hidden: false,
} as const satisfies Required<PhotoDesignShape>;

/** What the photo upload takes (the server checks the bytes, not the name or the header). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Longer side of the stored photo in pixels: 42 mm at 300 dpi is 496 px. */
export const PHOTO_STORED_PX = 600;
export const PHOTO_MESSAGES = {
  notAnImage: msg('This file is not a photo we can use: upload a JPEG, PNG or WebP image.'),
  tooLarge: msg('This photo is larger than 10 MB: choose a smaller one.'),
  tooManyPixels: msg(
    'This image has too many pixels to process (more than 50 megapixels): choose a smaller one.',
  ),
  unreadable: msg('This image could not be read: it may be damaged. Try another photo.'),
  noPhoto: msg('This CV has no photo.'),
} as const;
/** Decoding a bigger image is refused: a decompression bomb never reaches memory. */
export const MAX_PHOTO_PIXELS = 50_000_000;

/** What a design without a key means for it (the accent and font come from the template). */
export const DESIGN_DEFAULTS = {
  page_size: 'A4',
  margins: 'normal',
  font_size: 'normal',
  line_spacing: 'normal',
  fit_one_page: false,
  direction: 'auto',
  language: 'en',
} as const satisfies CvDesignShape;

/** Paper sizes in millimetres and PostScript points. */
export const PAGE_DIMENSIONS: Record<
  PageSize,
  { widthMm: number; heightMm: number; widthPt: number; heightPt: number }
> = {
  A4: { widthMm: 210, heightMm: 297, widthPt: 595.28, heightPt: 841.89 },
  Letter: { widthMm: 215.9, heightMm: 279.4, widthPt: 612, heightPt: 792 },
};

/** Fit to one page never prints body text smaller than this. */
export const MIN_FIT_BODY_PT = 8.5;
/** What the Design panel says when fit to one page cannot make the CV fit. */
export const NEEDS_TWO_PAGES_MESSAGE = msg('Needs 2 pages even at the smallest size');
/**
 * The answer header of `POST /v1/preview-pdf/` when fit to one page is on: 'true' (it fits on one page) or 'false'
 * (it needs more even at the smallest size, and prints normally). The HTML preview says the same in `fits_one_page`.
 */
export const FITS_ONE_PAGE_HEADER = 'x-cv-fits-one-page';

/** A heading colour keeps this contrast ratio on white (WCAG AA for normal text). */
export const MIN_ACCENT_CONTRAST = 4.5;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The contrast ratio of a '#rrggbb' colour on white. */
export function contrastOnWhite(hex: string): number {
  const [r, g, b] = rgbOf(hex).map(channel) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05);
}

const hex2 = (value: number) => Math.round(value).toString(16).padStart(2, '0');

/**
 * The chosen colour, darkened as little as needed (same hue, towards black) for a 4.5:1 contrast on white, in
 * lower case. A colour that already reads well is returned as it is.
 */
export function readableAccent(hex: string): string {
  const colour = hex.toLowerCase();
  if (contrastOnWhite(colour) >= MIN_ACCENT_CONTRAST) return colour;
  const [r, g, b] = rgbOf(colour);
  let low = 0;
  let high = 1;
  for (let step = 0; step < 20; step += 1) {
    const mid = (low + high) / 2;
    const candidate = `#${hex2(r * mid)}${hex2(g * mid)}${hex2(b * mid)}`;
    if (contrastOnWhite(candidate) >= MIN_ACCENT_CONTRAST) low = mid;
    else high = mid;
  }
  return `#${hex2(Math.floor(r * low))}${hex2(Math.floor(g * low))}${hex2(Math.floor(b * low))}`;
}

/** Hebrew and Arabic script letters (the right-to-left scripts a CV is likely written in). */
const RTL_LETTER = /[\u0590-\u05FF\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/g;
const ANY_LETTER = /\p{L}/gu;

/** 'auto' read from the text: right to left when most letters are Hebrew or Arabic. */
export function isMostlyRightToLeft(text: string): boolean {
  const rtl = text.match(RTL_LETTER)?.length ?? 0;
  const letters = text.match(ANY_LETTER)?.length ?? 0;
  return rtl > 0 && rtl * 2 > letters;
}
