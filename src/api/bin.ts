import * as t from 'io-ts';
import { IgnoredBody } from './codecs';
import { ListedGeneratedCv, type GeneratedCv } from './cvs';
import type { ApiClient } from './http';

// [extension] The bin: a person's deleted CVs, until the server removes them for good (docs/features/bin.md).
// A backend without it answers 404 to the list; CV management then shows no 'Recently deleted'.

const Nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null, t.undefined]);

export const BinnedCv = t.intersection([
  t.type({
    uuid: t.string,
    name: t.string,
    /** ISO 8601: when the person deleted it. */
    deleted_at: t.string,
    /** ISO 8601: when the server removes it for good. */
    purge_at: t.string,
  }),
  t.partial({ template: Nullable(t.number), template_name: Nullable(t.string) }),
]);
export type BinnedCv = t.TypeOf<typeof BinnedCv>;

export const BinnedCvs = t.array(BinnedCv);

/** GET /v1/bin/: the person's deleted CVs, the latest deleted first. */
export function listBin(client: ApiClient, options?: { signal?: AbortSignal }): Promise<BinnedCv[]> {
  return client.get('/v1/bin/', BinnedCvs, options);
}

/** POST /v1/bin/{uuid}/restore/: brings the CV back as it was; answers it as the CV list shows it. */
export function restoreFromBin(client: ApiClient, uuid: string): Promise<GeneratedCv> {
  return client.post(`/v1/bin/${encodeURIComponent(uuid)}/restore/`, {}, ListedGeneratedCv);
}

/** DELETE /v1/bin/{uuid}/: removes the CV for good (204). */
export async function deleteFromBin(client: ApiClient, uuid: string): Promise<void> {
  await client.delete(`/v1/bin/${encodeURIComponent(uuid)}/`, IgnoredBody);
}

// Cover letters in the bin: the same life as a CV's (deleting a letter puts it here), listed apart.

export const BinnedCoverLetter = t.type({
  uuid: t.string,
  name: t.string,
  /** The linked CV's id while that CV is live. */
  cv: t.union([t.number, t.null]),
  /** ISO 8601: when the person deleted it. */
  deleted_at: t.string,
  /** ISO 8601: when the server removes it for good. */
  purge_at: t.string,
});
export type BinnedCoverLetter = t.TypeOf<typeof BinnedCoverLetter>;

export const BinnedCoverLetters = t.array(BinnedCoverLetter);

/** What a restore answers: the letter as GET /v1/CoverLetter/{id}/ does; the bin needs only who it is. */
export const RestoredCoverLetter = t.type({ id: t.number, uuid: t.string, name: t.string });
export type RestoredCoverLetter = t.TypeOf<typeof RestoredCoverLetter>;

/** GET /v1/bin/cover-letters/: the person's deleted cover letters, the latest deleted first. */
export function listLetterBin(
  client: ApiClient,
  options?: { signal?: AbortSignal },
): Promise<BinnedCoverLetter[]> {
  return client.get('/v1/bin/cover-letters/', BinnedCoverLetters, options);
}

/** POST /v1/bin/cover-letters/{uuid}/restore/: brings the letter back as it was. */
export function restoreLetterFromBin(client: ApiClient, uuid: string): Promise<RestoredCoverLetter> {
  return client.post(`/v1/bin/cover-letters/${encodeURIComponent(uuid)}/restore/`, {}, RestoredCoverLetter);
}

/** DELETE /v1/bin/cover-letters/{uuid}/: removes the letter for good (204). */
export async function deleteLetterFromBin(client: ApiClient, uuid: string): Promise<void> {
  await client.delete(`/v1/bin/cover-letters/${encodeURIComponent(uuid)}/`, IgnoredBody);
}
