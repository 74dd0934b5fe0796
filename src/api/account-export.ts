import type { ApiClient } from './http';

// Your data in one download (an extension): GET /v1/account/export/ answers a zip, streamed, of everything the
// server keeps about the signed-in person: account.json and, in cvs/, each CV as JSON Resume, as CV Builder's own
// JSON and as PDF (docs/features/data-download.md). A backend without it answers 404.

export const ACCOUNT_EXPORT_PATH = '/v1/account/export/';

/** What the download is saved as when the answer names no file: the day it was made. */
export function dataExportFileName(at: Date = new Date()): string {
  return `cv-builder-data-${at.toISOString().slice(0, 10)}.zip`;
}

/** The file name in a Content-Disposition header (`filename="…"`), if it names a plain .zip. */
export function fileNameFromDisposition(header: string | undefined): string | undefined {
  const match = /filename="([^"/\\]+\.zip)"/i.exec(header ?? '');
  return match?.[1];
}

export interface AccountExport {
  blob: Blob;
  fileName: string;
}

/** GET /v1/account/export/: the zip, and the name the server gave it; `onProgress` hears the bytes so far. */
export async function downloadAccountData(
  client: ApiClient,
  options: { onProgress?: (receivedBytes: number) => void; signal?: AbortSignal } = {},
): Promise<AccountExport> {
  const { blob, headers } = await client.getBlobResponse(ACCOUNT_EXPORT_PATH, {
    signal: options.signal,
    onDownloadProgress: options.onProgress,
  });
  return { blob, fileName: fileNameFromDisposition(headers['content-disposition']) ?? dataExportFileName() };
}
