export const PDF_UNAVAILABLE_MESSAGE =
  'PDF rendering is unavailable: install Chromium (apt-get install chromium) or set CHROMIUM_PATH.';
export const RENDERER_CLOSING_MESSAGE = 'PDF rendering is unavailable: the renderer is shutting down.';

/** The most pages a PDF may have: a longer document answers 413 instead of tying the renderer up. */
export const MAX_PDF_PAGES = 50;
export const PDF_TOO_LONG_MESSAGE = `This CV is too long to print: a PDF has at most ${MAX_PDF_PAGES} pages. Shorten it and try again.`;

// The render engine knows nothing of HTTP: its errors carry the status a route should answer, and the routes turn them
// into answers with http/errors.ts's printFailuresAsHttp.

/** Every PDF failure the caller can only report: the route answers 503 with `message` as detail. */
export class PdfUnavailableError extends Error {
  readonly statusCode = 503;
}

/** A document that would print more than MAX_PDF_PAGES pages: the route answers 413 with the sentence as detail. */
export class PdfTooLongError extends Error {
  readonly statusCode = 413;

  constructor() {
    super(PDF_TOO_LONG_MESSAGE);
    this.name = 'PdfTooLongError';
  }
}
