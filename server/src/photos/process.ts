import { createHash } from 'node:crypto';
import sharp, { type OverlayOptions } from 'sharp';
import { HttpError, badRequest } from '../http/errors.js';
import {
  MAX_PHOTO_PIXELS,
  PHOTO_MESSAGES,
  PHOTO_STORED_PX,
  type PhotoShape,
} from '../../../rules/design.js';

/*
 * A photo as people upload it made safe to keep and print (sharp, libvips): the bytes are decoded — the name and the
 * Content-Type say nothing — and only a JPEG, PNG or WebP is taken; an image of more than 50 megapixels is refused
 * before it is decoded (a decompression bomb never reaches memory); the camera's orientation is applied to the
 * pixels; it is made at most 600 px on the long side (42 mm at 300 dpi, the largest print size) and encoded again as
 * a JPEG, which writes none of the original's metadata (EXIF, GPS, camera, comments, XMP, ICC).
 */

export interface ProcessedPhoto {
  contentType: 'image/jpeg';
  content: Buffer;
  width: number;
  height: number;
  digest: string;
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

export const notAnImage = () => new HttpError(415, PHOTO_MESSAGES.notAnImage);

export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (input.length === 0) throw notAnImage();
  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' as const, sequentialRead: true };
  let format: string | undefined;
  let pixels = 0;
  try {
    // The header alone: no pixel is decoded yet, so the size is known before a bomb could go off.
    const metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch {
    // Not an image libvips knows (an HTML page named .jpg, a PDF, random bytes).
    throw notAnImage();
  }
  // An SVG (a document that may run script and fetch addresses), a GIF, a TIFF, a HEIC: not taken.
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();
  if (pixels > MAX_PHOTO_PIXELS) throw badRequest(PHOTO_MESSAGES.tooManyPixels);
  try {
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize(PHOTO_STORED_PX, PHOTO_STORED_PX, { fit: 'inside', withoutEnlargement: true })
      // A transparent PNG prints on white paper.
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 86, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return {
      contentType: 'image/jpeg',
      content: data,
      width: info.width,
      height: info.height,
      digest: createHash('sha256').update(data).digest('base64url'),
    };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw badRequest(PHOTO_MESSAGES.tooManyPixels);
    throw badRequest(PHOTO_MESSAGES.unreadable);
  }
}

/** A data URL's image bytes (`data:image/…;base64,…`), or undefined for anything else (an address is never fetched). */
export function dataUrlBytes(value: string): Buffer | undefined {
  const match = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]+)$/i.exec(value.trim());
  if (!match) return undefined;
  const bytes = Buffer.from(match[2]!.replace(/\s+/g, ''), 'base64');
  return bytes.length > 0 ? bytes : undefined;
}

export function toDataUrl(photo: { contentType: string; content: Buffer }): string {
  return `data:${photo.contentType};base64,${photo.content.toString('base64')}`;
}

/** The pixels a side of the printed photo needs: 300 dpi at its size (42 mm: 496 px). */
export const printPixels = (sizeMm: number) => Math.round((sizeMm / 25.4) * 300);

/**
 * The copy a document prints: square — cut from the middle, as the page's `object-fit: cover` would — at 300 dpi for
 * the printed size, grey when the design says so. Chromium's PDF writer passes a JPEG it draws whole and unfiltered
 * straight into the file; a crop of a larger image or a CSS `filter` made it decode and re-encode the pixels on every
 * print (a 600×450 photo: +80 ms a PDF, the grey filter +25 ms more; docs/benchmarks.md).
 */
export async function printCopy(
  photo: { content: Buffer },
  style: { sizeMm: number; grayscale: boolean },
): Promise<Buffer> {
  const meta = await sharp(photo.content).metadata();
  const square = Math.min(meta.width ?? PHOTO_STORED_PX, meta.height ?? PHOTO_STORED_PX);
  const side = Math.min(square, printPixels(style.sizeMm));
  let image = sharp(photo.content).resize(side, side, { fit: 'cover', position: 'centre' });
  if (style.grayscale) image = image.grayscale();
  return image.toColourspace('srgb').jpeg({ quality: 88 }).toBuffer();
}

/**
 * The photo as Word prints it: Word has no CSS, so the shape (transparent corners), the grayscale and the border
 * ring are drawn into a square PNG here, at the pixels the stored photo has.
 */
export async function styledPhotoPng(
  photo: { content: Buffer },
  style: { shape: PhotoShape; grayscale: boolean; border: boolean; accent: string },
): Promise<{ content: Buffer; side: number }> {
  const meta = await sharp(photo.content).metadata();
  const side = Math.min(meta.width ?? PHOTO_STORED_PX, meta.height ?? PHOTO_STORED_PX);
  let image = sharp(photo.content).resize(side, side, { fit: 'cover', position: 'attention' });
  if (style.grayscale) image = image.grayscale();
  const square = await image.toColourspace('srgb').png().toBuffer();
  const radius = style.shape === 'circle' ? side / 2 : style.shape === 'rounded' ? side * 0.12 : 0;
  const ring = Math.max(2, Math.round(side * 0.02));
  const layers: OverlayOptions[] = [];
  if (radius > 0) {
    const mask = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><rect width="${side}" height="${side}" rx="${radius}" ry="${radius}" fill="#fff"/></svg>`,
    );
    layers.push({ input: mask, blend: 'dest-in' });
  }
  if (style.border) {
    const inset = ring / 2;
    const border = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><rect x="${inset}" y="${inset}" width="${side - ring}" height="${side - ring}" rx="${Math.max(0, radius - inset)}" ry="${Math.max(0, radius - inset)}" fill="none" stroke="${style.accent}" stroke-width="${ring}"/></svg>`,
    );
    layers.push({ input: border, blend: 'over' });
  }
  const content = layers.length
    ? await sharp(square).ensureAlpha().composite(layers).png().toBuffer()
    : square;
  return { content, side };
}
