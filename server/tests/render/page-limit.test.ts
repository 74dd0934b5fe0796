import { afterAll, describe, expect, it } from 'vitest';
import type { CvFormData } from '../../src/cv-input/values.js';
import {
  MAX_PDF_PAGES,
  PDF_TOO_LONG_MESSAGE,
  PdfRenderer,
  PdfTooLongError,
  pdfPageCount,
} from '../../src/render/pdf.js';
import { getTemplateRegistry } from '../../src/templates/registry.js';
import { createAccount } from '../auth/support.js';
import { client, createTestApp } from '../helpers/app.js';
import { CHROMIUM_PATH, HAS_CHROMIUM, pdfPageCount as popplerPageCount } from './support.js';

// A PDF has at most MAX_PDF_PAGES pages: a longer document answers 413 with a sentence, having painted no more than
// one page past the limit, and the page that laid it out is closed. Chromium is recycled past its memory bound.

/** A document of exactly `pages` A4 pages (with `words` words of text on each). */
const pagesDoc = (pages: number, words = 0) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>@page{size:A4;margin:10mm}` +
  `section{break-after:page}section:last-child{break-after:auto}</style></head><body>` +
  Array.from(
    { length: pages },
    (_, i) => `<section><h1>Page ${i + 1}</h1><p>${'word '.repeat(words)}</p></section>`,
  ).join('') +
  '</body></html>';

/** The template's sample with its first job `entries` times (at most 201: the API's limit), each described 3 times over. */
function longCv(sample: CvFormData, entries: number): CvFormData {
  const section = Object.keys(sample).find((name) => /experience/i.test(name))!;
  const first = Object.entries(sample[section]!).filter(([key]) => key.endsWith('-0'));
  const values: Record<string, unknown> = {};
  for (let i = 0; i < entries; i++) {
    for (const [key, value] of first) {
      values[key.replace(/-0$/, `-${i}`)] = key.startsWith('description-') ? String(value).repeat(3) : value;
    }
  }
  return { ...sample, [section]: values } as CvFormData;
}

describe.runIf(HAS_CHROMIUM)('the page limit', () => {
  const renderer = new PdfRenderer({ executablePath: CHROMIUM_PATH, poolSize: 2 });
  afterAll(() => renderer.close());

  it(`prints a document of exactly ${MAX_PDF_PAGES} pages`, async () => {
    const pdf = await renderer.render(pagesDoc(MAX_PDF_PAGES), { tagged: false });
    expect(pdfPageCount(pdf)).toBe(MAX_PDF_PAGES);
    expect(popplerPageCount(pdf)).toBe(MAX_PDF_PAGES);
  });

  it('refuses a longer one with the sentence, tagged or not, and does not retry it', async () => {
    for (const tagged of [false, true]) {
      const error = await renderer.render(pagesDoc(MAX_PDF_PAGES + 1), { tagged }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PdfTooLongError);
      expect((error as PdfTooLongError).statusCode).toBe(413);
      expect((error as Error).message).toBe(PDF_TOO_LONG_MESSAGE);
    }
    const started = performance.now();
    await expect(renderer.render(pagesDoc(261), { tagged: false })).rejects.toThrow(PDF_TOO_LONG_MESSAGE);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(renderer.stats).toMatchObject({ tooLong: 3, retries: 0, timeouts: 0 });
    // The renderer goes on printing.
    expect(pdfPageCount(await renderer.render(pagesDoc(2)))).toBe(2);
  });

  it('measures a large document before printing it: one far over the limit is refused from its layout', async () => {
    // Over 60,000 characters: estimated first. 40 pages print; 261 are refused before any page is painted.
    const under = pagesDoc(40, 400);
    expect(under.length).toBeGreaterThan(60_000);
    expect(pdfPageCount(await renderer.render(under, { tagged: false }))).toBe(40);
    const before = renderer.stats.tooLong;
    await expect(renderer.render(pagesDoc(261, 400), { tagged: false })).rejects.toThrow(PdfTooLongError);
    expect(renderer.stats.tooLong).toBe(before + 1);
  });

  it('counts the pages of tagged and untagged PDFs as poppler does', async () => {
    for (const tagged of [false, true]) {
      const pdf = await renderer.render(pagesDoc(7), { tagged });
      expect(pdfPageCount(pdf)).toBe(7);
      expect(popplerPageCount(pdf)).toBe(7);
    }
  });

  it('answers 413 with { detail } through the PDF preview route for a CV that would print too many pages', async () => {
    const test = await createTestApp({ chromiumPath: CHROMIUM_PATH });
    try {
      const http = await client(test.app);
      await http.signInAs((await createAccount(test.app)).id);
      const template = getTemplateRegistry().bySlug('executive-classic')!;
      const long = await http.post('/v1/preview-pdf/', {
        template_id: template.definition.id,
        cv_data: longCv(template.sample, 200),
      });
      expect(long.json()).toEqual({ detail: PDF_TOO_LONG_MESSAGE });
      expect(long.statusCode).toBe(413);
      const ordinary = await http.post('/v1/preview-pdf/', {
        template_id: template.definition.id,
        cv_data: template.sample,
      });
      expect(ordinary.statusCode).toBe(200);
    } finally {
      await test.close();
    }
  });
});

describe.runIf(HAS_CHROMIUM)('the memory bound', () => {
  it('recycles Chromium past it without failing a render, and closes the old browser', async () => {
    // 1 MB: every check finds Chromium over the bound.
    const renderer = new PdfRenderer({ executablePath: CHROMIUM_PATH, poolSize: 2, maxMemoryMb: 1 });
    try {
      await renderer.warmUp();
      const first = renderer.browserPid!;
      const pdfs = await Promise.all(
        Array.from({ length: 6 }, (_, i) => renderer.render(pagesDoc(1 + (i % 2)), { tagged: false })),
      );
      expect(pdfs.map(pdfPageCount)).toEqual([1, 2, 1, 2, 1, 2]);
      await expect.poll(() => renderer.stats.recycles, { timeout: 10_000 }).toBeGreaterThan(0);
      await expect
        .poll(() => renderer.browserPid !== undefined && renderer.browserPid !== first, { timeout: 10_000 })
        .toBe(true);
      // The old browser exits once its renders are done.
      await expect
        .poll(
          () => {
            try {
              process.kill(first, 0);
              return true;
            } catch {
              return false;
            }
          },
          { timeout: 10_000 },
        )
        .toBe(false);
      expect(pdfPageCount(await renderer.render(pagesDoc(3)))).toBe(3);
      expect(renderer.stats).toMatchObject({ timeouts: 0, retries: 0 });
    } finally {
      await renderer.close();
    }
  });

  it('never recycles with the bound off (0)', async () => {
    const renderer = new PdfRenderer({ executablePath: CHROMIUM_PATH, poolSize: 1, maxMemoryMb: 0 });
    try {
      for (let i = 0; i < 3; i++) await renderer.render(pagesDoc(12 + i), { tagged: false });
      expect(renderer.stats).toMatchObject({ recycles: 0, launches: 1 });
    } finally {
      await renderer.close();
    }
  });
});
