import { serviceUnavailable } from '../http/errors.js';
import { fitModel } from './fit.js';
import { renderHtml, type RenderTemplate } from './html.js';
import type { RenderModel } from './model.js';
import { PdfUnavailableError, type PdfPrinter, type PdfRenderOptions } from './pdf.js';

/**
 * Prints for a request: no Chromium, a render timeout or a busy pool become a 503 whose detail says which, the
 * only thing a client can act on (try again later).
 */
export async function printForRequest(
  pdf: PdfPrinter,
  html: string,
  options?: PdfRenderOptions,
): Promise<Buffer> {
  try {
    return await pdf.render(html, options);
  } catch (error) {
    if (error instanceof PdfUnavailableError) throw serviceUnavailable(error.message);
    throw error;
  }
}

export interface PrintedCv {
  pdf: Buffer;
  /** With fit to one page on: whether it fits (false: it prints normally, on more pages). */
  fitsOnePage?: boolean;
}

/** A CV's render model as a PDF: its design's paper, fitted to one page when it asks. */
export async function printCv(
  pdf: PdfPrinter,
  template: RenderTemplate,
  model: RenderModel,
  options: Omit<PdfRenderOptions, 'paper'> = {},
): Promise<PrintedCv> {
  let fitted;
  try {
    fitted = await fitModel(pdf, template, model);
  } catch (error) {
    if (error instanceof PdfUnavailableError) throw serviceUnavailable(error.message);
    throw error;
  }
  const { design } = fitted.model;
  const body = await printForRequest(pdf, renderHtml(template, fitted.model), {
    ...options,
    paper: { widthMm: design.widthMm, heightMm: design.heightMm },
  });
  return { pdf: body, ...(fitted.fitsOnePage === undefined ? {} : { fitsOnePage: fitted.fitsOnePage }) };
}

/** A CV's render model as the HTML preview: fitted to one page when it asks and a Chromium is there to measure. */
export async function previewCvHtml(
  pdf: PdfPrinter,
  template: RenderTemplate,
  model: RenderModel,
): Promise<{ html: string; fitsOnePage?: boolean }> {
  if (!model.design.fitOnePage || !pdf.available) return { html: renderHtml(template, model) };
  try {
    const fitted = await fitModel(pdf, template, model);
    return { html: renderHtml(template, fitted.model), fitsOnePage: fitted.fitsOnePage };
  } catch (error) {
    // Without a renderer the preview still shows the CV, unfitted.
    if (error instanceof PdfUnavailableError) return { html: renderHtml(template, model) };
    throw error;
  }
}
