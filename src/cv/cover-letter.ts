import {
  EMPTY_LETTER_FIELDS,
  TEXT_FIELDS,
  type CoverLetter,
  type CoverLetterFields,
  type CoverLetterPayload,
} from '../api/cover-letters';

// A cover letter as the editor holds it (docs/decisions/0050-cover-letters.md): the fields the person writes, the
// linked CV and the template, and what 'Unsaved changes' is measured against.

/** The limits the server keeps (docs/decisions/0050-cover-letters.md); the editor says them before sending. */
export const MAX_LETTER_NAME_LENGTH = 100;
export const MAX_LETTER_BODY_LENGTH = 20_000;
export const MAX_LETTER_FIELD_LENGTH = 500;

export const LETTER_NAME_REQUIRED = 'Please enter a name for your cover letter before saving.';
export const LETTER_NAME_TOO_LONG = `The name can be at most ${MAX_LETTER_NAME_LENGTH} characters.`;

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
  return JSON.stringify([
    name,
    fields.template,
    fields.cv,
    ...TEXT_FIELDS.map((field) => fields[field]),
  ]);
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
  recipient_name: 'Recipient name',
  company: 'Company',
  address: 'Address',
  date: 'Date',
  subject: 'Subject',
  salutation: 'Salutation',
  body: 'Letter',
  closing: 'Closing',
  signature_name: 'Name to sign',
};

export function letterFieldLabel(field: (typeof TEXT_FIELDS)[number]): string {
  return FIELD_LABELS[field];
}

/** The fields longer than the server keeps, told by label: nothing is sent (and nothing cut) until they fit. */
export function letterFieldProblems(fields: CoverLetterFields): string[] {
  return TEXT_FIELDS.filter((field) =>
    field === 'body'
      ? fields.body.length > MAX_LETTER_BODY_LENGTH
      : fields[field].length > MAX_LETTER_FIELD_LENGTH,
  ).map(
    (field) =>
      `${FIELD_LABELS[field]} is too long: at most ${
        field === 'body' ? MAX_LETTER_BODY_LENGTH.toLocaleString('en') : MAX_LETTER_FIELD_LENGTH
      } characters.`,
  );
}

/** The name a new letter is offered to be saved under. */
export function suggestedLetterName(fields: CoverLetterFields): string {
  const to = fields.company.trim() || fields.recipient_name.trim();
  return to ? `Letter to ${to}`.slice(0, MAX_LETTER_NAME_LENGTH) : 'Cover letter';
}
