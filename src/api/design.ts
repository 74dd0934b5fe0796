import * as t from 'io-ts';
import type { ApiClient, RequestOptions } from './http';
import { listOf } from './codecs';
import {
  ACCENT_COLOR_PATTERN,
  DESIGN_DEFAULTS,
  LANGUAGE_PATTERN,
  DIRECTIONS,
  FONT_SIZES,
  LINE_SPACINGS,
  MARGINS,
  PAGE_SIZES,
  PHOTO_DEFAULTS,
  PHOTO_SHAPES,
  PHOTO_SIZES,
  type PhotoShape,
  type PhotoSize,
  type Direction,
  type FontSize,
  type LineSpacing,
  type Margins,
  type PageSize,
} from '../../rules/design';

// [extension] A CV's design settings: `design` on GeneratedCV and on both previews, and GET /v1/fonts/.

const Nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null, t.undefined]);
const oneOf = <V extends string>(values: readonly V[], name: string) =>
  t.keyof(Object.fromEntries(values.map((value) => [value, null])) as Record<V, null>, name);

/** A design as a CV carries it: every key present; null colour and font mean the template's own. */
export interface CvDesign {
  page_size: PageSize;
  margins: Margins;
  accent_color: string | null;
  font: string | null;
  font_size: FontSize;
  line_spacing: LineSpacing;
  fit_one_page: boolean;
  direction: Direction;
  /** The CV's language (BCP 47): month names and 'Present' are printed in it. */
  language: string;
  /** [extension] How the photo prints, and (in the builder only) the photo itself. */
  photo: PhotoDesign;
}

export interface PhotoDesign {
  shape: PhotoShape;
  size: PhotoSize;
  border: boolean;
  grayscale: boolean;
  /** Kept with the CV, printed nowhere. */
  hidden: boolean;
  /**
   * The photo as a data URL, in the builder (its undo steps, drafts and previews) only: a save sends the design
   * without it and PUTs it on its own (src/api/photo.ts); a saved CV's is read with GET.
   */
  image?: string;
}

const Language = new t.Type<string, string, unknown>(
  'Language',
  (value): value is string => typeof value === 'string' && LANGUAGE_PATTERN.test(value),
  (value, context) =>
    typeof value === 'string' && LANGUAGE_PATTERN.test(value)
      ? t.success(value)
      : t.failure(value, context, 'expected a language tag such as "en" or "pt-BR"'),
  (value) => value,
);

const AccentColor = new t.Type<string, string, unknown>(
  'AccentColor',
  (value): value is string => typeof value === 'string' && ACCENT_COLOR_PATTERN.test(value),
  (value, context) =>
    typeof value === 'string' && ACCENT_COLOR_PATTERN.test(value)
      ? t.success(value.toLowerCase())
      : t.failure(value, context, 'expected a colour written #rrggbb'),
  (value) => value,
);

const RawDesign = t.partial({
  page_size: Nullable(oneOf(PAGE_SIZES, 'PageSize')),
  margins: Nullable(oneOf(MARGINS, 'Margins')),
  accent_color: Nullable(AccentColor),
  font: Nullable(t.string),
  font_size: Nullable(oneOf(FONT_SIZES, 'FontSize')),
  line_spacing: Nullable(oneOf(LINE_SPACINGS, 'LineSpacing')),
  fit_one_page: Nullable(t.boolean),
  direction: Nullable(oneOf(DIRECTIONS, 'Direction')),
  language: Nullable(Language),
  photo: Nullable(
    t.partial({
      shape: Nullable(oneOf(PHOTO_SHAPES, 'PhotoShape')),
      size: Nullable(oneOf(PHOTO_SIZES, 'PhotoSize')),
      border: Nullable(t.boolean),
      grayscale: Nullable(t.boolean),
      hidden: Nullable(t.boolean),
      image: Nullable(t.string),
    }),
  ),
});
export { RawDesign };

/** The photo settings of a CV that chose none: a circle, medium, no border, in colour, shown. */
export const PLAIN_PHOTO: PhotoDesign = { ...PHOTO_DEFAULTS };

/** A design as it travels: without the photo's image, and without `photo` at all when nothing of it was chosen. */
export type WireDesign = Omit<CvDesign, 'photo'> & { photo?: Omit<PhotoDesign, 'image'> };

/**
 * The design as a save or a preview sends it. A CV whose photo settings are the defaults sends no `photo`, as
 * before photos, so a backend that does not know them sees the same body.
 */
export function designToWire(design: CvDesign): WireDesign {
  const { photo, ...rest } = design;
  const { image: _image, ...settings } = photo;
  const plain = (Object.keys(PLAIN_PHOTO) as (keyof typeof settings)[]).every(
    (key) => settings[key] === PLAIN_PHOTO[key],
  );
  return plain ? rest : { ...rest, photo: settings };
}

/** A design with nothing chosen: the template's look on the given page. */
export function templateDesign(
  pageSize: PageSize = DESIGN_DEFAULTS.page_size,
  language: string = DESIGN_DEFAULTS.language,
): CvDesign {
  return {
    page_size: pageSize,
    margins: DESIGN_DEFAULTS.margins,
    accent_color: null,
    font: null,
    font_size: DESIGN_DEFAULTS.font_size,
    line_spacing: DESIGN_DEFAULTS.line_spacing,
    fit_one_page: DESIGN_DEFAULTS.fit_one_page,
    direction: DESIGN_DEFAULTS.direction,
    language,
    photo: PLAIN_PHOTO,
  };
}

export function toDesign(raw: t.TypeOf<typeof RawDesign>): CvDesign {
  const base = templateDesign();
  return {
    page_size: raw.page_size ?? base.page_size,
    margins: raw.margins ?? base.margins,
    accent_color: raw.accent_color ?? null,
    font: raw.font ?? null,
    font_size: raw.font_size ?? base.font_size,
    line_spacing: raw.line_spacing ?? base.line_spacing,
    fit_one_page: raw.fit_one_page ?? base.fit_one_page,
    direction: raw.direction ?? base.direction,
    // A design saved before designs had a language (or by a backend without it) printed in English.
    language: raw.language ?? base.language,
    photo: {
      shape: raw.photo?.shape ?? PLAIN_PHOTO.shape,
      size: raw.photo?.size ?? PLAIN_PHOTO.size,
      border: raw.photo?.border ?? PLAIN_PHOTO.border,
      grayscale: raw.photo?.grayscale ?? PLAIN_PHOTO.grayscale,
      hidden: raw.photo?.hidden ?? PLAIN_PHOTO.hidden,
      // Only a data URL is a photo (a draft's); an address is never fetched.
      ...(raw.photo?.image && raw.photo.image.startsWith('data:image/') ? { image: raw.photo.image } : {}),
    },
  };
}

/** A design read from elsewhere (a draft in local storage): the same checks as an answer's; undefined if damaged. */
export function decodeDesign(value: unknown): CvDesign | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const decoded = RawDesign.decode(value);
  return decoded._tag === 'Right' ? toDesign(decoded.right) : undefined;
}

/** One bundled font (GET /v1/fonts/). */
export const BundledFont = t.type(
  {
    id: t.string,
    name: t.string,
    category: t.string,
    body_family: t.string,
    heading_family: t.string,
  },
  'BundledFont',
);
export type BundledFont = t.TypeOf<typeof BundledFont>;

const BundledFontList = listOf(BundledFont);

/** GET /v1/fonts/: the fonts a design may choose, installed on the server and embedded in its files. */
export function listFonts(
  client: ApiClient,
  options?: Pick<RequestOptions, 'signal'>,
): Promise<BundledFont[]> {
  return client.get('/v1/fonts/', BundledFontList, options);
}
