import { msg } from '../../../rules/languages.js';
import { badRequest } from '../http/errors.js';
import { TEMPLATE_DESIGN, type CvDesign } from '../render/design.js';
import { bundledFont } from '../render/fonts.js';
import {
  ACCENT_COLOR_PATTERN,
  LANGUAGE_PATTERN,
  DIRECTIONS,
  FONT_ID_PATTERN,
  FONT_SIZES,
  LINE_SPACINGS,
  MARGINS,
  PAGE_SIZES,
  PHOTO_DEFAULTS,
  PHOTO_SHAPES,
  PHOTO_SIZES,
  type CvDesignShape,
  type PhotoDesignShape,
} from '../../../rules/design.js';
import type { PhotoDesign } from '../render/design.js';

/*
 * A saved CV's design: page size, margins, accent colour, font, font size, line spacing, fit to one page
 * and direction. Optional everywhere: without it (or without a key) a CV prints as its template says.
 */

export const designSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    page_size: { enum: PAGE_SIZES },
    margins: { enum: MARGINS },
    accent_color: { type: ['string', 'null'], maxLength: 7 },
    font: { type: ['string', 'null'], maxLength: 64 },
    font_size: { enum: FONT_SIZES },
    line_spacing: { enum: LINE_SPACINGS },
    fit_one_page: { type: 'boolean' },
    direction: { enum: DIRECTIONS },
    language: { type: 'string', maxLength: 35 },
    // [extension] How the CV's photo prints (the image: PUT /v1/GeneratedCV/{id}/photo/).
    photo: {
      type: 'object',
      additionalProperties: false,
      properties: {
        shape: { enum: PHOTO_SHAPES },
        size: { enum: PHOTO_SIZES },
        border: { type: 'boolean' },
        grayscale: { type: 'boolean' },
        hidden: { type: 'boolean' },
      },
    },
  },
} as const;

/** A photo design with every key, the defaults for those left out (or, stored, no longer valid). */
function photoDesign(raw: PhotoDesignShape | Record<string, unknown> | undefined | null): PhotoDesign {
  const value = (raw ?? {}) as Record<string, unknown>;
  const pick = <T extends string>(values: readonly T[], given: unknown, fallback: T): T =>
    values.includes(given as T) ? (given as T) : fallback;
  return {
    shape: pick(PHOTO_SHAPES, value.shape, PHOTO_DEFAULTS.shape),
    size: pick(PHOTO_SIZES, value.size, PHOTO_DEFAULTS.size),
    border: value.border === true,
    grayscale: value.grayscale === true,
    hidden: value.hidden === true,
  };
}

/**
 * A schema-valid design checked for what the schema cannot say (a colour's notation, a font that is bundled), each
 * problem a 400 naming the field. Null and undefined stay as they are (null removes a saved CV's design, undefined
 * keeps it).
 */
export function readDesign(raw: CvDesignShape | null | undefined): CvDesign | null | undefined {
  if (raw === undefined || raw === null) return raw;
  const accent = raw.accent_color ?? null;
  if (accent !== null && !ACCENT_COLOR_PATTERN.test(accent)) {
    throw badRequest({
      id: msg('design.accent_color: must be a colour written #rrggbb, not "{accent}".'),
      values: { accent },
    });
  }
  const font = raw.font ?? null;
  if (font !== null && (!FONT_ID_PATTERN.test(font) || !bundledFont(font))) {
    throw badRequest({
      id: msg('design.font: "{font}" is not one of the fonts GET /v1/fonts/ lists.'),
      values: { font },
    });
  }
  const language = raw.language ?? TEMPLATE_DESIGN.language;
  if (!LANGUAGE_PATTERN.test(language) || !isKnownLanguage(language)) {
    throw badRequest({
      id: msg('design.language: must be a language tag such as "en" or "pt-BR", not "{language}".'),
      values: { language },
    });
  }
  return {
    pageSize: raw.page_size ?? TEMPLATE_DESIGN.pageSize,
    margins: raw.margins ?? TEMPLATE_DESIGN.margins,
    accentColor: accent === null ? null : accent.toLowerCase(),
    font,
    fontSize: raw.font_size ?? TEMPLATE_DESIGN.fontSize,
    lineSpacing: raw.line_spacing ?? TEMPLATE_DESIGN.lineSpacing,
    fitOnePage: raw.fit_one_page ?? TEMPLATE_DESIGN.fitOnePage,
    direction: raw.direction ?? TEMPLATE_DESIGN.direction,
    language: canonicalLanguage(language),
    photo: photoDesign(raw.photo),
  };
}

/** Whether Intl knows the tag (a well-formed but invented one, 'xx-Yyyy-ZZZ', is refused by the pattern or here). */
function isKnownLanguage(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

function canonicalLanguage(tag: string): string {
  return Intl.getCanonicalLocales(tag)[0] ?? TEMPLATE_DESIGN.language;
}

/** The design as the API answers it: every key, the template's accent and font as null. */
export function designJson(design: CvDesign): Required<{
  [K in Exclude<keyof CvDesignShape, 'photo'>]: CvDesignShape[K] | null;
}> & {
  photo: Required<PhotoDesignShape>;
} {
  return {
    page_size: design.pageSize,
    margins: design.margins,
    accent_color: design.accentColor,
    font: design.font,
    font_size: design.fontSize,
    line_spacing: design.lineSpacing,
    fit_one_page: design.fitOnePage,
    direction: design.direction,
    language: design.language,
    photo: { ...design.photo },
  };
}

/**
 * A stored design (JSON text) read back. A value no longer valid (a font since removed) falls back to the
 * template's, so an old CV always prints.
 */
export function parseStoredDesign(stored: string | null): CvDesign | null {
  if (!stored) return null;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(stored) as Record<string, unknown>;
  } catch {
    return null;
  }
  const pick = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
    values.includes(value as T) ? (value as T) : fallback;
  const accent =
    typeof raw.accentColor === 'string' && ACCENT_COLOR_PATTERN.test(raw.accentColor)
      ? raw.accentColor
      : null;
  const font = typeof raw.font === 'string' && bundledFont(raw.font) ? raw.font : null;
  return {
    pageSize: pick(PAGE_SIZES, raw.pageSize, TEMPLATE_DESIGN.pageSize),
    margins: pick(MARGINS, raw.margins, TEMPLATE_DESIGN.margins),
    accentColor: accent,
    font,
    fontSize: pick(FONT_SIZES, raw.fontSize, TEMPLATE_DESIGN.fontSize),
    lineSpacing: pick(LINE_SPACINGS, raw.lineSpacing, TEMPLATE_DESIGN.lineSpacing),
    fitOnePage: raw.fitOnePage === true,
    direction: pick(DIRECTIONS, raw.direction, TEMPLATE_DESIGN.direction),
    // Stored before designs had a language: English, as it printed then.
    language:
      typeof raw.language === 'string' && LANGUAGE_PATTERN.test(raw.language) && isKnownLanguage(raw.language)
        ? raw.language
        : TEMPLATE_DESIGN.language,
    // Stored before photos: the defaults (which print nothing without a photo).
    photo: photoDesign(typeof raw.photo === 'object' ? (raw.photo as Record<string, unknown>) : undefined),
  };
}
