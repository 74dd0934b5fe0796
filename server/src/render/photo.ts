import { PHOTO_SIZE_MM } from '../../../rules/design.js';
import type { TemplateDefinition } from './input.js';
import type { RenderModel } from './model.js';

/*
 * The CV's photo placed in a render model: every output (HTML, PDF, Word) prints model.photo and nothing else, so a
 * photo the design hides, or a template made for parsers (style.photo false: ATS Plain), prints in none of them.
 */

export interface PhotoImage {
  /** The stored JPEG (server/src/photos/). */
  jpeg: Buffer;
  /** Word's copy, shaped (photos/process.ts's styledPhotoPng); without it Word prints the square JPEG. */
  word?: Buffer;
  /** The JPEG is grey already (photos/process.ts's printCopy): no CSS filter, which PDF pays for on every print. */
  grayscaleDrawn?: boolean;
}

export function withPhoto(
  model: RenderModel,
  template: TemplateDefinition,
  image: PhotoImage | undefined,
): RenderModel {
  const design = model.design.photo;
  if (!image || design.hidden || !template.style.photo) return model;
  return {
    ...model,
    photo: {
      src: `data:image/jpeg;base64,${image.jpeg.toString('base64')}`,
      shape: design.shape,
      size: design.size,
      sizeMm: PHOTO_SIZE_MM[design.size],
      border: design.border,
      grayscale: design.grayscale,
      ...(image.grayscaleDrawn ? { grayscaleDrawn: true } : {}),
      ...(image.word ? { word: image.word } : {}),
    },
  };
}

/** Whether a photo would print: a model built for Word needs its shaped copy only then. */
export function printsPhoto(model: RenderModel, template: TemplateDefinition): boolean {
  return !model.design.photo.hidden && template.style.photo;
}
