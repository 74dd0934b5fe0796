import { msg } from '../../../rules/languages.js';
import { badRequest } from '../http/errors.js';
import type { LetterContent } from '../render/letter.js';
import { sanitizeRichText } from '../text/rich-text.js';
import { sanitiseCvName, sanitisePlainText } from '../cv-input/values.js';

/*
 * A cover letter as a save or a preview sends it (docs/decisions/0050-cover-letters.md): the body's schema (generous
 * bounds: the exact ones are checked here, with a sentence a person can act on), then every value checked and
 * sanitised as a CV's are: plain text without control characters, the letter's body through the rich-text allowlist.
 */

export const MAX_LETTER_NAME_LENGTH = 100;
export const MAX_LETTER_BODY_LENGTH = 20_000;
export const MAX_LETTER_FIELD_LENGTH = 500;

/** The plain-text fields, with the words a refusal names each by. */
export const LETTER_TEXT_FIELDS = {
  recipient_name: 'The recipient’s name',
  company: 'The company',
  address: 'The address',
  subject: 'The subject',
  salutation: 'The salutation',
  closing: 'The closing',
  signature_name: 'The name to sign with',
} as const;
export type LetterTextField = keyof typeof LETTER_TEXT_FIELDS;

/** A field's value over MAX_LETTER_FIELD_LENGTH, each field named in its own sentence. */
const FIELD_TOO_LONG = {
  recipient_name: msg('The recipient’s name is too long: {max} characters at most.'),
  company: msg('The company is too long: {max} characters at most.'),
  address: msg('The address is too long: {max} characters at most.'),
  subject: msg('The subject is too long: {max} characters at most.'),
  salutation: msg('The salutation is too long: {max} characters at most.'),
  closing: msg('The closing is too long: {max} characters at most.'),
  signature_name: msg('The name to sign with is too long: {max} characters at most.'),
} as const satisfies {
  [F in LetterTextField]: `${(typeof LETTER_TEXT_FIELDS)[F]} is too long: {max} characters at most.`;
};

/** The body of POST and PUT /v1/CoverLetter/ (and of the previews, where `name` may be missing). */
export interface LetterBody {
  name?: string;
  template?: number | null;
  cv?: number | null;
  recipient_name?: string;
  company?: string;
  address?: string;
  date?: string;
  subject?: string;
  salutation?: string;
  body?: string;
  closing?: string;
  signature_name?: string;
}

const text = (description: string, maxLength = 5_000) =>
  ({ type: 'string', maxLength, description }) as const;

const letterProperties = {
  name: text(`What the letter is saved as: not blank, ${MAX_LETTER_NAME_LENGTH} characters at most.`, 1_000),
  template: {
    type: ['integer', 'null'],
    minimum: 1,
    maximum: 2_147_483_647,
    description: 'The letter’s own template; null or absent: the linked CV’s (else the first template).',
  },
  cv: {
    type: ['integer', 'null'],
    minimum: 1,
    maximum: 2_147_483_647,
    description:
      'The id of the person’s CV whose header and design the letter prints with; null: standalone.',
  },
  recipient_name: text(`${MAX_LETTER_FIELD_LENGTH} characters at most.`),
  company: text(`${MAX_LETTER_FIELD_LENGTH} characters at most.`),
  address: text(`${MAX_LETTER_FIELD_LENGTH} characters at most; may hold line breaks.`),
  date: text('Empty, or a date as YYYY-MM-DD.', 100),
  subject: text(`${MAX_LETTER_FIELD_LENGTH} characters at most.`),
  salutation: text(`${MAX_LETTER_FIELD_LENGTH} characters at most.`),
  body: text(
    `The letter, as the builder’s rich-text editor stores it (p, br, strong, em, u, ul, ol, li, a); ` +
      `${MAX_LETTER_BODY_LENGTH} characters at most. Anything else is removed.`,
    100_000,
  ),
  closing: text(`${MAX_LETTER_FIELD_LENGTH} characters at most.`),
  signature_name: text(`${MAX_LETTER_FIELD_LENGTH} characters at most.`),
} as const;

export const letterBodySchema = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: letterProperties,
} as const;

/** The previews take the same body, its name optional. */
export const previewLetterBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: letterProperties,
} as const;

/** A letter's values, checked and sanitised, ready to store or print. */
export interface LetterInput extends LetterContent {
  name: string;
  templateId: number | null;
  cvId: number | null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '' or a real calendar date as YYYY-MM-DD. */
export function isLetterDate(value: string): boolean {
  if (value === '') return true;
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/** One line (names, subject…): line breaks become spaces. The address keeps its lines. */
function plain(field: LetterTextField, value: string | undefined): string {
  const cleaned = sanitisePlainText(value ?? '');
  const single = field === 'address' ? cleaned.replace(/[ \t]+\n/g, '\n') : cleaned.replace(/\s+/g, ' ');
  if (single.length > MAX_LETTER_FIELD_LENGTH)
    throw badRequest({ id: FIELD_TOO_LONG[field], values: { max: MAX_LETTER_FIELD_LENGTH } });
  return single;
}

/**
 * The body's values checked and sanitised. `requireName`: a save must name the letter; a preview need not. Whether
 * the CV is the caller's, and the template one that exists, the routes check.
 */
export function readLetterInput(body: LetterBody, requireName = true): LetterInput {
  const name = sanitiseCvName(body.name ?? '');
  if (requireName && name === '') throw badRequest(msg('Please enter a name for your cover letter.'));
  if (name.length > MAX_LETTER_NAME_LENGTH)
    throw badRequest({
      id: msg('The cover letter’s name is too long: {max} characters at most.'),
      values: { max: MAX_LETTER_NAME_LENGTH },
    });
  const date = (body.date ?? '').trim();
  if (!isLetterDate(date))
    throw badRequest(msg('The date must be a real date written as YYYY-MM-DD, or empty.'));
  if ((body.body ?? '').length > MAX_LETTER_BODY_LENGTH)
    // The number as the language writes it ("20,000" in English).
    throw badRequest({
      id: msg('The letter is too long: {max, number} characters at most.'),
      values: { max: MAX_LETTER_BODY_LENGTH },
    });
  const letterBody = sanitizeRichText(sanitisePlainText(body.body ?? ''));
  const fields = Object.fromEntries(
    (Object.keys(LETTER_TEXT_FIELDS) as LetterTextField[]).map((field) => [field, plain(field, body[field])]),
  ) as Record<LetterTextField, string>;
  return {
    name,
    templateId: body.template ?? null,
    cvId: body.cv ?? null,
    ...fields,
    date,
    body: letterBody,
  };
}

/** A letter id from the path: digits only (as a CV's), else no letter. */
export function parseLetterId(raw: string | number): number | undefined {
  const text = String(raw).trim();
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}
