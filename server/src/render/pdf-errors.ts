export const PDF_UNAVAILABLE_MESSAGE =
  'PDF rendering is unavailable: install Chromium (apt-get install chromium) or set CHROMIUM_PATH.';
export const RENDERER_CLOSING_MESSAGE = 'PDF rendering is unavailable: the renderer is shutting down.';

/** Every PDF failure the caller can only report: the route answers 503 with `message` as detail. */
export class PdfUnavailableError extends Error {
  readonly statusCode = 503;
}
