import { serviceUnavailable } from '../http/errors.js';
import { PdfUnavailableError, type PdfRenderer, type PdfRenderOptions } from './pdf.js';

/**
 * Prints for a request: no Chromium, a render timeout or a busy pool become a 503 whose detail says which, the
 * only thing a client can act on (try again later).
 */
export async function printForRequest(pdf: PdfRenderer, html: string, options?: PdfRenderOptions): Promise<Buffer> {
  try {
    return await pdf.render(html, options);
  } catch (error) {
    if (error instanceof PdfUnavailableError) throw serviceUnavailable(error.message);
    throw error;
  }
}
