import { msg } from '../../../rules/languages.js';
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import type { TemplateDefinition } from '../render/input.js';
import type { RenderModel } from '../render/model.js';
import { printsPhoto, withPhoto } from '../render/photo.js';
import { PHOTO_MESSAGES, PHOTO_SIZE_MM } from '../../../rules/design.js';
import { dataUrlBytes, printCopy, processPhoto, styledPhotoPng } from './process.js';
import { findPhoto } from './repository.js';

/** PHOTO_MESSAGES as a preview answers them: after the body's field, one message each. */
const PHOTO_FIELD_WORDS = {
  notAnImage: msg(
    '{field}: This file is not a photo we can use: upload a JPEG, PNG or WebP image.',
  ) satisfies `{field}: ${typeof PHOTO_MESSAGES.notAnImage}`,
  tooManyPixels: msg(
    '{field}: This image has too many pixels to process (more than 50 megapixels): choose a smaller one.',
  ) satisfies `{field}: ${typeof PHOTO_MESSAGES.tooManyPixels}`,
  unreadable: msg(
    '{field}: This image could not be read: it may be damaged. Try another photo.',
  ) satisfies `{field}: ${typeof PHOTO_MESSAGES.unreadable}`,
} as const;

/*
 * A render model given its photo: a saved CV's from the database, a preview's from the data URL the builder sends
 * (a photo not saved yet: the same processing as an upload's). Word's shaped copy is made only for Word.
 */

type Output = 'html' | 'word';

// The print copies of the photos rendered lately, by the stored JPEG's digest, size and grey: made once each.
const printed = new Map<string, Buffer>();
const PRINTED_KEPT = 32;

async function printedCopy(jpeg: Buffer, sizeMm: number, grayscale: boolean): Promise<Buffer> {
  const key = `${createHash('sha256').update(jpeg).digest('base64url')}:${sizeMm}:${grayscale}`;
  let copy = printed.get(key);
  if (!copy) {
    copy = await printCopy({ content: jpeg }, { sizeMm, grayscale });
    printed.set(key, copy);
    if (printed.size > PRINTED_KEPT) printed.delete(printed.keys().next().value!);
  }
  return copy;
}

async function placed(
  model: RenderModel,
  template: TemplateDefinition,
  jpeg: Buffer | undefined,
  output: Output,
): Promise<RenderModel> {
  if (!jpeg || !printsPhoto(model, template)) return model;
  const { photo, accent } = model.design;
  // Every output prints the square print copy, grey already when it should be: nothing is cropped or filtered later.
  const copy = await printedCopy(jpeg, PHOTO_SIZE_MM[photo.size], photo.grayscale);
  const word =
    output === 'word' && (photo.shape !== 'square' || photo.border)
      ? (await styledPhotoPng({ content: copy }, { ...photo, grayscale: false, accent })).content
      : undefined;
  return withPhoto(model, template, {
    jpeg: copy,
    grayscaleDrawn: photo.grayscale,
    ...(word ? { word } : {}),
  });
}

/** A saved CV's model with the photo it has now. */
export async function withSavedPhoto(
  db: Kysely<Database>,
  cvId: number,
  model: RenderModel,
  template: TemplateDefinition,
  output: Output,
): Promise<RenderModel> {
  if (!printsPhoto(model, template)) return model;
  return placed(model, template, (await findPhoto(db, cvId))?.content, output);
}

// The builder sends the same photo with every preview: it is processed once (a few, the latest kept).
const processed = new Map<string, Buffer>();
const KEPT = 16;
/** The problems processPhoto answers, each with its words after the body's field. */
const PHOTO_PROBLEMS = Object.keys(PHOTO_FIELD_WORDS) as (keyof typeof PHOTO_FIELD_WORDS)[];

/** A preview's model with the photo its body carries as a data URL (never an address: nothing is fetched). */
export async function withPreviewPhoto(
  model: RenderModel,
  template: TemplateDefinition,
  dataUrl: string | null | undefined,
  output: Output = 'html',
): Promise<RenderModel> {
  if (!dataUrl || !printsPhoto(model, template)) return model;
  const key = createHash('sha256').update(dataUrl).digest('base64url');
  let jpeg = processed.get(key);
  if (!jpeg) {
    const bytes = dataUrlBytes(dataUrl);
    if (!bytes) throw badRequest({ id: PHOTO_FIELD_WORDS.notAnImage, values: { field: 'photo' } });
    try {
      jpeg = (await processPhoto(bytes)).content;
    } catch (error) {
      const detail = (error as { detail?: string }).detail ?? PHOTO_MESSAGES.unreadable;
      const problem = PHOTO_PROBLEMS.find((key) => PHOTO_MESSAGES[key] === detail);
      throw badRequest(
        problem
          ? { id: PHOTO_FIELD_WORDS[problem], values: { field: 'photo' } }
          : { id: msg('{field}: {problem}'), values: { field: 'photo', problem: detail } },
      );
    }
    processed.set(key, jpeg);
    if (processed.size > KEPT) processed.delete(processed.keys().next().value!);
  }
  return placed(model, template, jpeg, output);
}
