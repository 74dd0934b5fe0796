import { fitModel } from './fit.js';
import { renderHtml, type RenderTemplate } from './html.js';
import type { RenderModel } from './model.js';
import { withPdfProperties } from './pdf-info.js';
import { PdfUnavailableError, type PdfPrinter, type PdfRenderOptions } from './pdf.js';

/** What a CV's PDF and Word file say made them (their Creator; Word's application). */
export const PDF_CREATOR = 'CV Builder';

export interface PrintedCv {
  pdf: Buffer;
  /** With fit to one page on: whether it fits (false: it prints normally, on more pages). */
  fitsOnePage?: boolean;
}

/**
 * A CV's render model as a PDF: its design's paper, fitted to one page when it asks. No Chromium, a render timeout
 * or a busy pool is a PdfUnavailableError, too many pages a PdfTooLongError (a route answers them 503 and 413:
 * http/errors.ts's printFailuresAsHttp).
 */
export async function printCv(
  pdf: PdfPrinter,
  template: RenderTemplate,
  model: RenderModel,
  options: Omit<PdfRenderOptions, 'paper'> = {},
): Promise<PrintedCv> {
  const fitted = await fitModel(pdf, template, model);
  const { design } = fitted.model;
  const body = await pdf.render(renderHtml(template, fitted.model), {
    ...options,
    paper: { widthMm: design.widthMm, heightMm: design.heightMm },
  });
  // The document's properties say whose CV it is and what made it (the Title is the page's <title>, html.ts).
  const named = withPdfProperties(body, { author: model.person.name, creator: PDF_CREATOR });
  return { pdf: named, ...(fitted.fitsOnePage === undefined ? {} : { fitsOnePage: fitted.fitsOnePage }) };
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
