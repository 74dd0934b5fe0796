import { MAX_PHOTO_BYTES, PHOTO_TYPES } from '../../rules/design';
import { msg } from '../../rules/languages';

// A CV's photo in the builder: a data URL kept in the design (design.photo.image), so undo, drafts and 'Unsaved
// changes' treat it as any other change; a save PUTs it (or DELETEs it) when it differs from the saved one.

/** A short key for a photo: what a save compares to tell whether the photo changed ('' for none). */
export function photoKey(image: string | undefined): string {
  if (!image) return '';
  // FNV-1a over the text: collisions between two photos of the same length are not a concern here.
  let hash = 0x811c9dc5;
  for (let i = 0; i < image.length; i += 1) {
    hash ^= image.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${image.length}:${(hash >>> 0).toString(36)}`;
}

/** What a save does with the photo: upload it, remove it, or nothing. */
export type PhotoSync = { kind: 'upload'; image: string } | { kind: 'remove' } | { kind: 'keep' };

export function photoSync(options: {
  image: string | undefined;
  savedKey: string | undefined;
  /** A new CV or a copy: nothing is on the server yet. */
  fresh: boolean;
}): PhotoSync {
  const { image, savedKey, fresh } = options;
  if (fresh) return image ? { kind: 'upload', image } : { kind: 'keep' };
  if (photoKey(image) === (savedKey ?? '')) return { kind: 'keep' };
  return image ? { kind: 'upload', image } : { kind: 'remove' };
}

export const PHOTO_CHOOSE_MESSAGES = {
  wrongType: msg('Choose a JPEG, PNG or WebP image.'),
  tooLarge: msg('This photo is larger than 10 MB: choose a smaller one.'),
  unreadable: msg('This image could not be read. Try another photo.'),
} as const;

/** Why a chosen file cannot be the photo, or undefined when it can be cropped. */
export function photoFileProblem(file: { type: string; size: number }): string | undefined {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return PHOTO_CHOOSE_MESSAGES.wrongType;
  if (file.size > MAX_PHOTO_BYTES) return PHOTO_CHOOSE_MESSAGES.tooLarge;
  return undefined;
}
