import type { CV_CHANGED_ELSEWHERE, TEMPLATE_NO_LONGER_OFFERED } from '../../../rules/cv.js';
import type { DATE_MESSAGES } from '../../../rules/cv-date.js';
import type { PHOTO_MESSAGES } from '../../../rules/design.js';
import { msg } from '../../../rules/languages.js';

/*
 * Words the server answers that are written in rules/ files which do not mark them with `msg` yet (rules/cv.ts,
 * rules/cv-date.ts, rules/design.ts): marked here for the catalogue (server/scripts/i18n-extract.ts), each checked
 * by its type to be its rule's words letter for letter. The server says the rules' own constants; their words are
 * the keys, so they are translated all the same. Once those files mark their words, this one can go.
 */

export const CV_WORDS = {
  changedElsewhere: msg('This CV was changed elsewhere.') satisfies typeof CV_CHANGED_ELSEWHERE,
  templateNoLongerOffered: msg(
    'This template is no longer offered. Choose another template in the preview, then save your CV.',
  ) satisfies typeof TEMPLATE_NO_LONGER_OFFERED,
} as const;

export const PHOTO_WORDS = {
  notAnImage: msg('This file is not a photo we can use: upload a JPEG, PNG or WebP image.'),
  tooLarge: msg('This photo is larger than 10 MB: choose a smaller one.'),
  tooManyPixels: msg(
    'This image has too many pixels to process (more than 50 megapixels): choose a smaller one.',
  ),
  unreadable: msg('This image could not be read: it may be damaged. Try another photo.'),
  noPhoto: msg('This CV has no photo.'),
} as const satisfies typeof PHOTO_MESSAGES;

/** PHOTO_MESSAGES as a preview answers them: after the body's field, one message each. */
export const PHOTO_FIELD_WORDS = {
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

/** DATE_MESSAGES as the API answers them: after the entry's field, one message each. */
export const DATE_WORDS = {
  endBeforeStart: msg(
    '{field}: The end date is before the start date. Please check it.',
  ) satisfies `{field}: ${typeof DATE_MESSAGES.endBeforeStart}`,
  notADateApi: msg(
    '{field}: must be a month and year like 2020-03 (or a year like 2020, a day like 2020-03-15, or "present" for an end date).',
  ) satisfies `{field}: ${typeof DATE_MESSAGES.notADateApi}`,
} as const;
