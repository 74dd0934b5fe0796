import * as t from 'io-ts';
import type { ApiClient, RequestOptions } from './http';
import { IgnoredBody, listOf } from './codecs';
import { reshaped } from './templates';
import { cvEtag, type CvLayoutShape } from '../../rules/cv';
import { RawDesign, toDesign, type CvDesign, type WireDesign } from './design';
import type { PageSize } from '../../rules/design';

// Saved CVs (docs/behaviour.md#data, #api-calls: GeneratedCV, CVFieldEntry, download, send-email).

/** A saved CV is addressed by its numeric id or its uuid (the server takes either). */
export type CvReference = number | string;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object';
const Nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null, t.undefined]);

/** The last path segment of an address that is all digits: `https://host/v1/GeneratedCV/7/` → 7. */
export function idFromUrl(url: string | null | undefined): number | undefined {
  if (typeof url !== 'string') return undefined;
  const path = url.split(/[?#]/)[0] ?? '';
  const numeric = path.split('/').filter((segment) => /^\d+$/.test(segment));
  const last = numeric.at(-1);
  return last === undefined ? undefined : Number(last);
}

/**
 * A reference to another record: a number, a numeric string, or (hyperlinked backends) its address.
 * Decodes to the numeric id.
 */
export const RelatedId = new t.Type<number, number, unknown>(
  'RelatedId',
  (value): value is number => typeof value === 'number' && Number.isInteger(value),
  (value, context) => {
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return t.success(value);
    if (typeof value === 'string') {
      if (/^\d+$/.test(value.trim())) return t.success(Number(value.trim()));
      const fromUrl = /^(https?:)?\//.test(value) ? idFromUrl(value) : undefined;
      if (fromUrl !== undefined) return t.success(fromUrl);
    }
    return t.failure(value, context, 'expected a numeric id');
  },
  (value) => value,
);

const OptionalText = Nullable(t.string);

/** docs/behaviour.md#data: value, index (repeat number from 0), section_field (the input field id). */
export interface CvFieldEntry {
  id?: number;
  value: string;
  index: number;
  section_field: number;
}

const RawEntry = t.intersection([
  t.type({ index: RelatedId, section_field: RelatedId }),
  t.partial({ id: Nullable(RelatedId), value: Nullable(t.union([t.string, t.number, t.boolean])) }),
]);

export const CvFieldEntry = reshaped(
  'CvFieldEntry',
  RawEntry,
  (raw): CvFieldEntry => ({
    ...(typeof raw.id === 'number' ? { id: raw.id } : {}),
    value: raw.value === null || raw.value === undefined ? '' : String(raw.value),
    index: raw.index,
    section_field: raw.section_field,
  }),
  (value): value is CvFieldEntry =>
    isRecord(value) &&
    typeof value.value === 'string' &&
    typeof value.index === 'number' &&
    typeof value.section_field === 'number',
);

/** GET /v1/CVFieldEntry/: a `{ results }` page or a plain array of entries (docs/behaviour.md#data). */
export const CvFieldEntryList = listOf(CvFieldEntry, 'CvFieldEntryList');

/** A generated CV as lists show it (docs/behaviour.md#data, without entries). */
export interface GeneratedCv {
  id: number;
  uuid?: string;
  url?: string;
  name: string;
  /** The template id. */
  template: number;
  created?: string;
  last_updated?: string;
  /** [extension] The paper it prints on, as the list says; absent from a backend without designs. */
  page_size?: PageSize;
}

const RawGeneratedCv = t.intersection([
  t.type({ template: RelatedId }),
  t.partial({
    id: Nullable(RelatedId),
    uuid: OptionalText,
    url: OptionalText,
    name: OptionalText,
    created: OptionalText,
    last_updated: OptionalText,
    page_size: t.union([t.keyof({ A4: null, Letter: null }), t.null, t.undefined]),
  }),
]);
type RawGeneratedCv = t.TypeOf<typeof RawGeneratedCv>;

/** The id as sent, else derived from the url (docs/behaviour.md#data: the last number in the url). */
function idOf(raw: RawGeneratedCv): number | undefined {
  return typeof raw.id === 'number' ? raw.id : idFromUrl(raw.url);
}

function toGeneratedCv(raw: RawGeneratedCv, id: number): GeneratedCv {
  return {
    id,
    ...(raw.uuid ? { uuid: raw.uuid } : {}),
    ...(raw.url ? { url: raw.url } : {}),
    name: raw.name ?? '',
    template: raw.template,
    ...(raw.created ? { created: raw.created } : {}),
    ...(raw.last_updated ? { last_updated: raw.last_updated } : {}),
    ...(raw.page_size ? { page_size: raw.page_size } : {}),
  };
}

const isGeneratedCv = (value: unknown): value is GeneratedCv =>
  isRecord(value) &&
  typeof value.id === 'number' &&
  typeof value.name === 'string' &&
  typeof value.template === 'number';

/**
 * GET /v1/GeneratedCV/: a plain array or `{ results }`; an item without an id takes the one in its url,
 * and an item with neither is dropped (docs/behaviour.md#data), since nothing could download, email or delete it.
 */
export const GeneratedCvList = reshaped(
  'GeneratedCvList',
  listOf(RawGeneratedCv, 'GeneratedCvList'),
  (raws): GeneratedCv[] =>
    raws.flatMap((raw) => {
      const id = idOf(raw);
      return id === undefined ? [] : [toGeneratedCv(raw, id)];
    }),
  (value): value is GeneratedCv[] => Array.isArray(value) && value.every(isGeneratedCv),
);

/** One CV as the list shows it (the bin's restore answers it so); an item without an id is refused. */
export const ListedGeneratedCv = new t.Type<GeneratedCv, GeneratedCv, unknown>(
  'ListedGeneratedCv',
  isGeneratedCv,
  (input, context) => {
    const decoded = RawGeneratedCv.validate(input, context);
    if (decoded._tag === 'Left') return decoded;
    const id = idOf(decoded.right);
    return id === undefined ? t.failure(input, context, 'expected an id or a url') : t.success(toGeneratedCv(decoded.right, id));
  },
  (value) => value,
);

// ── [extension] a CV's own structure: its section order, hidden sections, headings and sections ──

const SectionRef = t.union([t.number, t.string]);
const CustomEntry = t.partial({
  title: OptionalText,
  subtitle: OptionalText,
  location: OptionalText,
  start_date: OptionalText,
  end_date: OptionalText,
  current: Nullable(t.boolean),
  description: OptionalText,
});
const CustomSection = t.type({ key: t.string, title: t.string, entries: t.array(CustomEntry) });

/** The layout as a CV carries it; every list and map present (a server may leave any of them out). */
export type CvLayout = Required<CvLayoutShape>;

const RawLayout = t.partial({
  section_order: Nullable(t.array(SectionRef)),
  hidden_sections: Nullable(t.array(SectionRef)),
  section_titles: Nullable(t.record(t.string, t.string)),
  custom_sections: Nullable(t.array(CustomSection)),
});

function toLayout(raw: t.TypeOf<typeof RawLayout>): CvLayout {
  return {
    section_order: raw.section_order ?? [],
    hidden_sections: raw.hidden_sections ?? [],
    section_titles: raw.section_titles ?? {},
    custom_sections: (raw.custom_sections ?? []).map((section) => ({
      key: section.key,
      title: section.title,
      entries: section.entries.map((entry) => ({
        title: entry.title ?? '',
        subtitle: entry.subtitle ?? '',
        location: entry.location ?? '',
        start_date: entry.start_date ?? '',
        end_date: entry.end_date ?? '',
        current: entry.current ?? false,
        description: entry.description ?? '',
      })),
    })),
  };
}

/** A layout read from elsewhere (a draft in local storage): the same checks as an answer's; undefined if damaged. */
export function decodeLayout(value: unknown): CvLayout | undefined {
  const decoded = RawLayout.decode(value);
  return decoded._tag === 'Right' ? toLayout(decoded.right) : undefined;
}

/** GET /v1/GeneratedCV/{id}/: the CV with its entries. Either id or uuid identifies it. */
export interface GeneratedCvDetail extends Omit<GeneratedCv, 'id'> {
  id?: number;
  entries: CvFieldEntry[];
  /** [extension] The CV's own structure; absent or null: the template's. */
  layout?: CvLayout;
  /** [extension] The CV's design settings; absent or null: the template's look. */
  design?: CvDesign;
}

const RawGeneratedCvDetail = t.intersection([
  RawGeneratedCv,
  t.partial({
    entries: Nullable(t.array(CvFieldEntry)),
    layout: Nullable(RawLayout),
    design: Nullable(RawDesign),
  }),
]);

function toDetail(raw: t.TypeOf<typeof RawGeneratedCvDetail>): GeneratedCvDetail {
  const id = idOf(raw);
  const { id: _ignored, ...rest } = toGeneratedCv(raw, id ?? -1);
  return {
    ...(id !== undefined ? { id } : {}),
    ...rest,
    entries: raw.entries ?? [],
    ...(raw.layout ? { layout: toLayout(raw.layout) } : {}),
    ...(raw.design ? { design: toDesign(raw.design) } : {}),
  };
}

const isDetail = (value: unknown): value is GeneratedCvDetail =>
  isRecord(value) && typeof value.name === 'string' && Array.isArray(value.entries);

const RawIdentifiedDetail = new t.Type<t.TypeOf<typeof RawGeneratedCvDetail>, unknown, unknown>(
  'GeneratedCvDetail',
  RawGeneratedCvDetail.is,
  (input, context) => {
    const decoded = RawGeneratedCvDetail.validate(input, context);
    if (decoded._tag === 'Left') return decoded;
    return idOf(decoded.right) !== undefined || decoded.right.uuid
      ? decoded
      : t.failure(input, context, 'expected a CV with an id, a uuid or a url');
  },
  (value) => value,
);

export const GeneratedCvDetail = reshaped('GeneratedCvDetail', RawIdentifiedDetail, toDetail, isDetail);

/** The answer to a save: 201 with the CV's id and uuid (docs/behaviour.md#api-calls). */
export interface SavedGeneratedCv extends GeneratedCvDetail {
  id: number;
  uuid: string;
}

const RawSavedCv = new t.Type<t.TypeOf<typeof RawGeneratedCvDetail>, unknown, unknown>(
  'SavedGeneratedCv',
  RawGeneratedCvDetail.is,
  (input, context) => {
    const decoded = RawGeneratedCvDetail.validate(input, context);
    if (decoded._tag === 'Left') return decoded;
    if (idOf(decoded.right) === undefined)
      return t.failure(input, context, 'expected the saved CV to have an id');
    if (!decoded.right.uuid) return t.failure(input, context, 'expected the saved CV to have a uuid');
    return decoded;
  },
  (value) => value,
);

export const SavedGeneratedCv = reshaped(
  'SavedGeneratedCv',
  RawSavedCv,
  (raw) => toDetail(raw) as SavedGeneratedCv,
  (value): value is SavedGeneratedCv =>
    isDetail(value) && typeof value.id === 'number' && typeof value.uuid === 'string',
);

/** One entry as the builder sends it (docs/behaviour.md#data). */
export interface CvFieldEntryInput {
  value: string;
  index: number;
  section_field: number;
}

/** POST/PUT /v1/GeneratedCV/ body: name, template, entries, and (an extension) the CV's own structure. */
export interface GeneratedCvPayload {
  name: string;
  template: number;
  entries: CvFieldEntryInput[];
  /** Sent when the CV has a structure of its own, null when it went back to the template's. */
  layout?: CvLayout | null;
  /** [extension] Sent when the CV has design settings of its own, null when it went back to the template's. */
  design?: WireDesign | null;
  /** [extension] What the version this save keeps is kept as (docs/features/versions.md); left out: the server says. */
  version_reason?: 'create' | 'update' | 'import' | 'template_switch';
}

export type CvFileFormat = 'pdf' | 'word';

type ReadOptions = Pick<RequestOptions, 'signal'>;

export const cvPath = (reference: CvReference) => `/v1/GeneratedCV/${encodeURIComponent(String(reference))}/`;

/** GET /v1/GeneratedCV/: the signed-in user's saved CVs. */
export function listGeneratedCvs(client: ApiClient, options?: ReadOptions): Promise<GeneratedCv[]> {
  return client.get('/v1/GeneratedCV/', GeneratedCvList, options);
}

/** GET /v1/GeneratedCV/{id}/ (id or uuid). */
export function getGeneratedCv(
  client: ApiClient,
  reference: CvReference,
  options?: ReadOptions,
): Promise<GeneratedCvDetail> {
  return client.get(cvPath(reference), GeneratedCvDetail, options);
}

/** GET /v1/CVFieldEntry/?generated_cv={id} */
export function listCvFieldEntries(
  client: ApiClient,
  cvId: CvReference,
  options?: ReadOptions,
): Promise<CvFieldEntry[]> {
  return client.get('/v1/CVFieldEntry/', CvFieldEntryList, {
    ...options,
    params: { generated_cv: String(cvId) },
  });
}

/** POST /v1/GeneratedCV/: 201 is success (docs/behaviour.md#api-calls). */
export function createGeneratedCv(client: ApiClient, payload: GeneratedCvPayload): Promise<SavedGeneratedCv> {
  return client.post('/v1/GeneratedCV/', payload, SavedGeneratedCv, { expectStatus: 201 });
}

/** What a server answers when a conditional save finds a newer copy than the one the edit started from. */
export const CV_CHANGED_STATUS = 412;

/**
 * PUT /v1/GeneratedCV/{id}/: saving a CV that exists replaces its name, template and entries. With
 * `ifLastUpdated` the save only goes through if the server's copy is still that version (else 412): an
 * extension (docs/backend-teams.md, 'What the contract adds') that a backend without it ignores, saving as before.
 */
export function updateGeneratedCv(
  client: ApiClient,
  reference: CvReference,
  payload: GeneratedCvPayload,
  options: { ifLastUpdated?: string } = {},
): Promise<SavedGeneratedCv> {
  return client.put(
    cvPath(reference),
    payload,
    SavedGeneratedCv,
    options.ifLastUpdated ? { headers: { 'If-Match': cvEtag(options.ifLastUpdated) } } : undefined,
  );
}

/** DELETE /v1/GeneratedCV/{id}/: the server archives the CV; it leaves every list. */
export async function deleteGeneratedCv(client: ApiClient, reference: CvReference): Promise<void> {
  await client.delete(cvPath(reference), IgnoredBody);
}

/** GET /v1/download/{pdf|word}/{id}/: the file as the server renders it. */
export function downloadCv(client: ApiClient, reference: CvReference, format: CvFileFormat): Promise<Blob> {
  return client.getBlob(`/v1/download/${format}/${encodeURIComponent(String(reference))}/`);
}

export function downloadPdf(client: ApiClient, reference: CvReference): Promise<Blob> {
  return downloadCv(client, reference, 'pdf');
}

export function downloadWord(client: ApiClient, reference: CvReference): Promise<Blob> {
  return downloadCv(client, reference, 'word');
}

/** POST /cv/send-email/ {cv_id}: the server mails the CV as a PDF to the owner's own address. */
export async function sendCvEmail(client: ApiClient, cvId: CvReference): Promise<void> {
  await client.post('/cv/send-email/', { cv_id: cvId }, IgnoredBody);
}
