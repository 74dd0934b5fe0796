import {
  EMPTY_LETTER_FIELDS,
  TEXT_FIELDS,
  type CoverLetter,
  type CoverLetterFields,
  type CoverLetterPayload,
} from '../api/cover-letters';
import { msg, type Message } from '../../rules/languages';

// A cover letter as the editor holds it (docs/decisions/0050-cover-letters.md): the fields the person writes, the
// linked CV and the template, and what 'Unsaved changes' is measured against.

/** The limits the server keeps (docs/decisions/0050-cover-letters.md); the editor says them before sending. */
export const MAX_LETTER_NAME_LENGTH = 100;
export const MAX_LETTER_BODY_LENGTH = 20_000;
export const MAX_LETTER_FIELD_LENGTH = 500;

// The editor's words are marked for the catalogue (a view says them through its `t`); a limit inside one is written
// out, and the type after `satisfies` makes sure it is the limit's value.
export const LETTER_NAME_REQUIRED = msg('Please enter a name for your cover letter before saving.');
export const LETTER_NAME_TOO_LONG = msg(
  'The name can be at most 100 characters.',
) satisfies `The name can be at most ${typeof MAX_LETTER_NAME_LENGTH} characters.`;

/** The closing a new letter starts with: the one most letters end with, for the person to change. */
export const DEFAULT_CLOSING = 'Yours sincerely,';

/**
 * A letter to start: linked to `cv` when it is written from one, dated today, with the usual closing, signed with the
 * person's name (from their profile) for them to change.
 */
export function newLetterFields(cv: number | null, today: string, signatureName = ''): CoverLetterFields {
  return { ...EMPTY_LETTER_FIELDS, cv, date: today, closing: DEFAULT_CLOSING, signature_name: signatureName };
}

/** Today where the person is, as a letter's date says it (YYYY-MM-DD). */
export function localDate(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function fieldsOf(letter: CoverLetter): CoverLetterFields {
  return {
    ...(Object.fromEntries(TEXT_FIELDS.map((field) => [field, letter[field]])) as Omit<
      CoverLetterFields,
      'cv' | 'template'
    >),
    cv: letter.cv,
    template: letter.template,
  };
}

/** What a save compares: the name and every field, in one fixed order. */
export function letterFingerprint(name: string, fields: CoverLetterFields): string {
  return JSON.stringify([name, fields.template, fields.cv, ...TEXT_FIELDS.map((field) => fields[field])]);
}

export function letterPayload(name: string, fields: CoverLetterFields): CoverLetterPayload {
  return { name: name.trim(), ...fields };
}

/** What is wrong with the name a letter is saved under, in the person's words; undefined when nothing is. */
export function letterNameProblem(name: string): string | undefined {
  if (name.trim() === '') return LETTER_NAME_REQUIRED;
  if (name.trim().length > MAX_LETTER_NAME_LENGTH) return LETTER_NAME_TOO_LONG;
  return undefined;
}

const FIELD_LABELS: Record<(typeof TEXT_FIELDS)[number], string> = {
  recipient_name: msg('Recipient name'),
  company: msg('Company'),
  address: msg('Address'),
  date: msg('Date'),
  subject: msg('Subject'),
  salutation: msg('Salutation'),
  body: msg('Letter'),
  closing: msg('Closing'),
  signature_name: msg('Name to sign'),
};

/** A field's label, in English: a view says it through its `t`. */
export function letterFieldLabel(field: (typeof TEXT_FIELDS)[number]): string {
  return FIELD_LABELS[field];
}

/** A field too long, one sentence per field (its label in it), the limit its value. */
const TOO_LONG_MESSAGES: Record<(typeof TEXT_FIELDS)[number], string> = {
  recipient_name: msg('Recipient name is too long: at most {max, number} characters.'),
  company: msg('Company is too long: at most {max, number} characters.'),
  address: msg('Address is too long: at most {max, number} characters.'),
  date: msg('Date is too long: at most {max, number} characters.'),
  subject: msg('Subject is too long: at most {max, number} characters.'),
  salutation: msg('Salutation is too long: at most {max, number} characters.'),
  body: msg('Letter is too long: at most {max, number} characters.'),
  closing: msg('Closing is too long: at most {max, number} characters.'),
  signature_name: msg('Name to sign is too long: at most {max, number} characters.'),
};

/**
 * The fields longer than the server keeps, told by label, one message each: nothing is sent (and nothing cut) until
 * they fit.
 */
export function letterFieldProblems(fields: CoverLetterFields): Message[] {
  return TEXT_FIELDS.filter((field) =>
    field === 'body'
      ? fields.body.length > MAX_LETTER_BODY_LENGTH
      : fields[field].length > MAX_LETTER_FIELD_LENGTH,
  ).map((field) => ({
    id: TOO_LONG_MESSAGES[field],
    values: { max: field === 'body' ? MAX_LETTER_BODY_LENGTH : MAX_LETTER_FIELD_LENGTH },
  }));
}

/** The name a new letter is offered to be saved under. */
export function suggestedLetterName(fields: CoverLetterFields): string {
  const to = fields.company.trim() || fields.recipient_name.trim();
  return to ? `Letter to ${to}`.slice(0, MAX_LETTER_NAME_LENGTH) : 'Cover letter';
}
