import { msg, type Message } from '../../../rules/languages.js';
import { english } from '../i18n/translate.js';

export const PDF_UNAVAILABLE_MESSAGE = msg(
  'PDF rendering is unavailable: install Chromium (apt-get install chromium) or set CHROMIUM_PATH.',
);
export const RENDERER_CLOSING_MESSAGE = msg('PDF rendering is unavailable: the renderer is shutting down.');
export const RENDERER_BUSY_MESSAGE = msg('PDF rendering is busy; please try again in a moment.');

/** A render that ran out of time, after `ms` milliseconds. */
export const timedOut = (ms: number): Message => ({
  id: msg('PDF rendering timed out after {ms} ms; please try again.'),
  values: { ms },
});

/** The most pages a PDF may have: a longer document answers 413 instead of tying the renderer up. */
export const MAX_PDF_PAGES = 50;
export const PDF_TOO_LONG_MESSAGE = msg(
  'This CV is too long to print: a PDF has at most 50 pages. Shorten it and try again.',
) satisfies `This CV is too long to print: a PDF has at most ${typeof MAX_PDF_PAGES} pages. Shorten it and try again.`;

// The render engine knows nothing of HTTP: its errors carry the status a route should answer, and the routes turn them
// into answers with http/errors.ts's printFailuresAsHttp.

/**
 * Every PDF failure the caller can only report: the route answers 503 with `detailMessage` as detail (in the
 * request's language; `message` is its English).
 */
export class PdfUnavailableError extends Error {
  readonly statusCode = 503;

  constructor(readonly detailMessage: Message) {
    super(english(detailMessage));
    this.name = 'PdfUnavailableError';
  }
}

/** A document that would print more than MAX_PDF_PAGES pages: the route answers 413 with the sentence as detail. */
export class PdfTooLongError extends Error {
  readonly statusCode = 413;

  readonly detailMessage: Message = PDF_TOO_LONG_MESSAGE;

  constructor() {
    super(PDF_TOO_LONG_MESSAGE);
    this.name = 'PdfTooLongError';
  }
}
