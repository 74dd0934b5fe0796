import * as t from 'io-ts';
import type { ApiClient, RequestOptions } from './http';
import { IgnoredBody } from './codecs';
import { isApiError } from './api-error';
import { cvPath, type CvReference } from './cvs';

// [extension] A saved CV's photo: PUT the image as the body, GET the processed JPEG, DELETE it
// (server/src/photos/). How it prints travels in the CV's design (design.photo).

/** PUT's answer: what the server made of the upload (a JPEG without metadata, at most 600 px). */
export const PhotoInfo = t.type(
  {
    content_type: t.string,
    width: t.number,
    height: t.number,
    size: t.number,
    digest: t.string,
  },
  'PhotoInfo',
);
export type PhotoInfo = t.TypeOf<typeof PhotoInfo>;

const photoPath = (reference: CvReference) => `${cvPath(reference)}photo/`;

/** The bytes of a data URL and its type; undefined for anything else. */
export function dataUrlParts(dataUrl: string): { type: string; bytes: Uint8Array } | undefined {
  const match = /^data:([a-z]+\/[a-z0-9.+-]+);base64,(.*)$/i.exec(dataUrl);
  if (!match) return undefined;
  const binary = atob(match[2]!);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return { type: match[1]!.toLowerCase(), bytes };
}

/** PUT /v1/GeneratedCV/{id}/photo/ with the image (a data URL's bytes) as the body. 415: not an image. */
export function uploadCvPhoto(
  client: ApiClient,
  reference: CvReference,
  image: { type: string; bytes: Uint8Array },
  options?: Pick<RequestOptions, 'signal'>,
): Promise<PhotoInfo> {
  return client.put(photoPath(reference), image.bytes, PhotoInfo, {
    ...options,
    headers: { 'Content-Type': image.type },
  });
}

async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `data:${blob.type || 'image/jpeg'};base64,${btoa(binary)}`;
}

/** GET /v1/GeneratedCV/{id}/photo/ as a data URL; undefined when the CV has none (404). */
export async function fetchCvPhoto(
  client: ApiClient,
  reference: CvReference,
  options?: Pick<RequestOptions, 'signal'>,
): Promise<string | undefined> {
  try {
    return await blobToDataUrl(await client.getBlob(photoPath(reference), options));
  } catch (error) {
    if (isApiError(error) && error.status === 404) return undefined;
    throw error;
  }
}

/** DELETE /v1/GeneratedCV/{id}/photo/ (204, also for a CV without one). */
export async function deleteCvPhoto(client: ApiClient, reference: CvReference): Promise<void> {
  await client.delete(photoPath(reference), IgnoredBody);
}
