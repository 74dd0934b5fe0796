import { DOWNLOAD_LINK_CLEANUP_MS } from '../config/constants';
import type { CvFileFormat } from './cvs';

const FALLBACK_NAME = 'cv';
/** What the data exports are saved as beside PDF and Word: JSON Resume, Markdown, plain text. */
export type CvDataFormat = 'json' | 'markdown' | 'text';
const EXTENSION: Record<CvFileFormat | CvDataFormat, string> = {
  pdf: 'pdf',
  word: 'docx',
  json: 'json',
  markdown: 'md',
  text: 'txt',
};

// Characters file systems reject and ones that would point outside the download folder.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f"*/:<>?\\|]/g;

/** docs/behaviour.md#api-calls: a downloaded CV is saved as its name (or 'cv') with .pdf or .docx (.json, .md, .txt). */
export function cvFileName(name: string | null | undefined, format: CvFileFormat | CvDataFormat): string {
  const cleaned = (name ?? '')
    .replace(FORBIDDEN, ' ')
    .replace(/\s+/g, ' ')
    // Leading dots (hidden files, '..') and trailing dots (Windows drops them) are not part of a name.
    .replace(/^[.\s]+|[.\s]+$/g, '');
  return `${cleaned === '' ? FALLBACK_NAME : cleaned}.${EXTENSION[format]}`;
}

export interface SaveFileEnvironment {
  document: Document;
  url: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;
  setTimeout: (callback: () => void, ms: number) => unknown;
}

function browserEnvironment(): SaveFileEnvironment {
  return { document, url: URL, setTimeout: (callback, ms) => window.setTimeout(callback, ms) };
}

/**
 * Hands a blob to the browser as a download named `fileName`: a temporary link to an object URL is clicked,
 * then the link and the URL are cleaned up DOWNLOAD_LINK_CLEANUP_MS later
 * (docs/behaviour.md#limits-and-timings), late enough for the browser to have started reading it.
 */
export function saveBlob(
  blob: Blob,
  fileName: string,
  environment: SaveFileEnvironment = browserEnvironment(),
): void {
  const { document: doc, url, setTimeout: schedule } = environment;
  const href = url.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.appendChild(link);
  link.click();
  schedule(() => {
    link.remove();
    url.revokeObjectURL(href);
  }, DOWNLOAD_LINK_CLEANUP_MS);
}

/** Saves a downloaded CV under its name: `<name or 'cv'>.pdf|.docx`. */
export function saveCvFile(
  blob: Blob,
  name: string | null | undefined,
  format: CvFileFormat,
  environment?: SaveFileEnvironment,
): string {
  const fileName = cvFileName(name, format);
  saveBlob(blob, fileName, environment);
  return fileName;
}
