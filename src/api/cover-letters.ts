import * as t from 'io-ts';
import { msg } from '../../rules/languages';
import { cvEtag } from '../../rules/cv';
import { IgnoredBody, listOf, optional } from './codecs';
import type { ApiClient, RequestOptions } from './http';

// [extension] Cover letters (docs/decisions/0050-cover-letters.md): a letter is a document of its own, linked to a
// saved CV (whose template and design it takes) or standalone. A backend without them answers 404.

const RawCoverLetter = t.intersection([
  t.type({
    id: t.number,
    uuid: t.string,
    name: t.string,
    created: t.string,
    last_updated: t.string,
  }),
  t.partial({
    template: optional(t.number),
    cv: optional(t.number),
    recipient_name: optional(t.string),
    company: optional(t.string),
    address: optional(t.string),
    date: optional(t.string),
    subject: optional(t.string),
    salutation: optional(t.string),
    body: optional(t.string),
    closing: optional(t.string),
    signature_name: optional(t.string),
  }),
]);

/** What a person writes in a letter: every text field, the template (null: the CV's) and the linked CV. */
export interface CoverLetterFields {
  template: number | null;
  cv: number | null;
  recipient_name: string;
  company: string;
  address: string;
  /** '' or YYYY-MM-DD. */
  date: string;
  subject: string;
  salutation: string;
  /** Rich-text HTML, as the builder's rich-text editor stores it. */
  body: string;
  closing: string;
  signature_name: string;
}

export const TEXT_FIELDS = [
  'recipient_name',
  'company',
  'address',
  'date',
  'subject',
  'salutation',
  'body',
  'closing',
  'signature_name',
] as const satisfies readonly (keyof CoverLetterFields)[];
export type CoverLetterTextField = (typeof TEXT_FIELDS)[number];

export const EMPTY_LETTER_FIELDS: CoverLetterFields = {
  template: null,
  cv: null,
  recipient_name: '',
  company: '',
  address: '',
  date: '',
  subject: '',
  salutation: '',
  body: '',
  closing: '',
  signature_name: '',
};

export interface CoverLetter extends CoverLetterFields {
  id: number;
  uuid: string;
  name: string;
  /** ISO 8601. */
  created: string;
  /** ISO 8601; the version a conditional save sends back as If-Match. */
  last_updated: string;
}

function toCoverLetter(raw: t.TypeOf<typeof RawCoverLetter>): CoverLetter {
  const fields = Object.fromEntries(TEXT_FIELDS.map((field) => [field, raw[field] ?? ''])) as Pick<
    CoverLetterFields,
    CoverLetterTextField
  >;
  return {
    ...fields,
    id: raw.id,
    uuid: raw.uuid,
    name: raw.name,
    template: raw.template ?? null,
    cv: raw.cv ?? null,
    created: raw.created,
    last_updated: raw.last_updated,
  };
}

export const CoverLetter = new t.Type<CoverLetter, unknown, unknown>(
  'CoverLetter',
  (value): value is CoverLetter =>
    typeof value === 'object' && value !== null && 'uuid' in value && 'signature_name' in value,
  (input, context) => {
    const decoded = RawCoverLetter.validate(input, context);
    return decoded._tag === 'Left' ? decoded : t.success(toCoverLetter(decoded.right));
  },
  (value) => value,
);

export const CoverLetterList = listOf(CoverLetter, 'CoverLetterList');

/** The body of a create or a save: the name and every field. */
export interface CoverLetterPayload extends CoverLetterFields {
  name: string;
}

/** The live preview's body: the letter as on screen (a name is not needed). */
export type CoverLetterPreviewRequest = CoverLetterFields & { name?: string };

export const PreviewHtml = t.type({ html: t.string }, 'CoverLetterPreviewHtml');

/** The answer of a letter that changed since the copy an edit started from (If-Match). */
export const LETTER_CHANGED_STATUS = 412;

export const LETTER_EMAILED_MESSAGE = msg('Cover letter has been sent to your email address.');
const EmailAnswer = t.partial({ detail: t.string });

type ReadOptions = Pick<RequestOptions, 'signal'>;
export type LetterFileFormat = 'pdf' | 'word';

const LIST_PATH = '/v1/CoverLetter/';
export const letterPath = (id: number) => `${LIST_PATH}${encodeURIComponent(String(id))}/`;

/** GET /v1/CoverLetter/ (optionally `?cv=<id>`): the person's letters, newest first. */
export function listCoverLetters(
  client: ApiClient,
  filter: { cv?: number } = {},
  options?: ReadOptions,
): Promise<CoverLetter[]> {
  return client.get(LIST_PATH, CoverLetterList, {
    ...options,
    ...(filter.cv !== undefined ? { params: { cv: String(filter.cv) } } : {}),
  });
}

/** GET /v1/CoverLetter/{id}/: another person's is 404. */
export function getCoverLetter(client: ApiClient, id: number, options?: ReadOptions): Promise<CoverLetter> {
  return client.get(letterPath(id), CoverLetter, options);
}

/** POST /v1/CoverLetter/: 201 with the new letter. */
export function createCoverLetter(client: ApiClient, payload: CoverLetterPayload): Promise<CoverLetter> {
  return client.post(LIST_PATH, payload, CoverLetter, { expectStatus: 201 });
}

/**
 * PUT /v1/CoverLetter/{id}/. With `ifLastUpdated` the save goes through only if the server's copy is still that
 * version, else 412 (LETTER_CHANGED_STATUS): the same entity tag as a CV's.
 */
export function updateCoverLetter(
  client: ApiClient,
  id: number,
  payload: CoverLetterPayload,
  options: { ifLastUpdated?: string } = {},
): Promise<CoverLetter> {
  return client.put(
    letterPath(id),
    payload,
    CoverLetter,
    options.ifLastUpdated ? { headers: { 'If-Match': cvEtag(options.ifLastUpdated) } } : undefined,
  );
}

/** DELETE /v1/CoverLetter/{id}/: 204. */
export async function deleteCoverLetter(client: ApiClient, id: number): Promise<void> {
  await client.delete(letterPath(id), IgnoredBody);
}

/** POST /v1/preview-cover-letter/: the letter as a whole HTML document. */
export async function previewCoverLetter(
  client: ApiClient,
  request: CoverLetterPreviewRequest,
  options?: ReadOptions,
): Promise<string> {
  return (await client.post('/v1/preview-cover-letter/', request, PreviewHtml, options)).html;
}

/** POST /v1/preview-cover-letter-pdf/: the same body, the letter as a PDF. */
export function previewCoverLetterPdf(
  client: ApiClient,
  request: CoverLetterPreviewRequest,
  options?: ReadOptions,
): Promise<Blob> {
  return client.postBlob('/v1/preview-cover-letter-pdf/', request, options);
}

/** GET /v1/download/cover-letter/{pdf|word}/{id}/: the saved letter's file. */
export function downloadCoverLetter(client: ApiClient, id: number, format: LetterFileFormat): Promise<Blob> {
  return client.getBlob(`/v1/download/cover-letter/${format}/${encodeURIComponent(String(id))}/`);
}

/** GET /v1/download/pdf/{cvId}/?cover_letter={letterId}: one PDF, the letter's pages then the CV's. */
export function downloadLetterWithCv(client: ApiClient, cvId: number, letterId: number): Promise<Blob> {
  return client.getBlob(`/v1/download/pdf/${encodeURIComponent(String(cvId))}/`, {
    params: { cover_letter: letterId },
  });
}

/** POST /v1/CoverLetter/{id}/send-email/: the letter's PDF (and with `withCv` the linked CV's) to the owner. */
export async function sendCoverLetterEmail(
  client: ApiClient,
  id: number,
  options: { withCv: boolean },
): Promise<string> {
  const answer = await client.post(`${letterPath(id)}send-email/`, { with_cv: options.withCv }, EmailAnswer);
  return answer.detail ?? LETTER_EMAILED_MESSAGE;
}
