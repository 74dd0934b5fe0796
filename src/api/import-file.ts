import * as t from 'io-ts';
import type { ApiClient, RequestOptions } from './http';

// [extension] A CV's PDF or Word file read by the server (server/src/cv-import/): POST /v1/import/file/ with the
// file as the body answers a JSON Resume and a confidence from 0 to 1 per field ("basics.email",
// "work[0].position"). The file is never kept.

export const PDF_TYPE = 'application/pdf';
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** The server reads at most 10 MB; a larger file is refused before it is sent. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export const ImportedFile = t.type(
  {
    resume: t.intersection([t.UnknownRecord, t.type({ basics: t.UnknownRecord })]),
    confidence: t.record(t.string, t.number),
  },
  'ImportedFile',
);
export type ImportedFile = t.TypeOf<typeof ImportedFile>;

/** The type a file is sent as: by its Content-Type, else by its name; undefined for neither a PDF nor a .docx. */
export function documentTypeOf(file: { name: string; type: string }): string | undefined {
  if (file.type === PDF_TYPE || /\.pdf$/i.test(file.name)) return PDF_TYPE;
  if (file.type === DOCX_TYPE || /\.docx$/i.test(file.name)) return DOCX_TYPE;
  return undefined;
}

/** POST /v1/import/file/. 400: no text, protected or broken; 413: over 10 MB; 415: another type. */
export async function importCvFile(
  client: ApiClient,
  file: { type: string; bytes: Uint8Array },
  options?: Pick<RequestOptions, 'signal'>,
): Promise<ImportedFile> {
  return client.post('/v1/import/file/', file.bytes, ImportedFile, {
    ...options,
    headers: { 'Content-Type': file.type },
  });
}
