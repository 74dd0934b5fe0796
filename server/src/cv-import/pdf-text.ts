import { msg } from '../../../rules/languages.js';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { BULLET, cleanLine, ImportFileError, type TextLine } from './lines.js';

// A PDF's text as lines with their size and weight, read with pdf.js in the order the PDF draws it: the order a
// browser or a word processor lays the document out in, so a sidebar's lines stay together rather than being
// interleaved with the main column's by their height on the page.

let pdfjs: Promise<typeof PdfJs> | undefined;
const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/** At most this many pages are read: a CV is a few pages; a 500-page file is not one. */
const MAX_PAGES = 20;

export const SCANNED_PDF = msg(
  'This PDF holds pictures of text, not text: it was scanned or printed as images. Export the CV as a PDF from the program you wrote it in, or import the Word file.',
);
export const PROTECTED_PDF = msg(
  'This PDF is protected by a password. Save a copy without the password and import that.',
);
export const BROKEN_PDF = msg(
  'This file is not a PDF that can be read: it may be damaged or only partly downloaded.',
);

interface Run {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
  bold: boolean;
  eol: boolean;
}

export async function pdfLines(bytes: Uint8Array): Promise<TextLine[]> {
  const { getDocument, PasswordException, InvalidPDFException } = await loadPdfJs();
  const task = getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    let document: PdfJs.PDFDocumentProxy;
    try {
      document = await task.promise;
    } catch (error) {
      if (error instanceof PasswordException || (error as Error)?.name === 'PasswordException')
        throw new ImportFileError(400, PROTECTED_PDF);
      if (error instanceof InvalidPDFException || error instanceof Error)
        throw new ImportFileError(400, BROKEN_PDF);
      throw error;
    }
    const runs: Run[][] = [];
    try {
      await readPages(document, runs);
    } catch {
      // A page that pdf.js cannot read (a damaged content stream, a missing font program) makes the file unreadable.
      throw new ImportFileError(400, BROKEN_PDF);
    }
    const lines = runs.flatMap(joinRuns);
    if (!lines.some((line) => /\p{L}{2}/u.test(line.text))) throw new ImportFileError(400, SCANNED_PDF);
    return markHeadings(lines);
  } finally {
    await task.destroy();
  }
}

async function readPages(document: PdfJs.PDFDocumentProxy, runs: Run[][]): Promise<void> {
  for (let number = 1; number <= Math.min(document.numPages, MAX_PAGES); number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const pageRuns: Run[] = [];
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const [a, b, , , x, y] = item.transform as number[];
      const size = Math.round(Math.hypot(a, b) * 10) / 10;
      const family = content.styles[item.fontName]?.fontFamily ?? '';
      pageRuns.push({
        text: item.str,
        x,
        y,
        width: item.width,
        size,
        bold: /bold|black|heavy|semibold/i.test(`${item.fontName} ${family}`),
        eol: item.hasEOL,
      });
    }
    runs.push(pageRuns);
    page.cleanup();
  }
}

/** Runs on one baseline, one after another, are one line; a jump back, down or far across starts another. */
function joinRuns(runs: Run[]): TextLine[] {
  const lines: TextLine[] = [];
  let text = '';
  let size = 0;
  let bold = true;
  let last: Run | undefined;
  const flush = () => {
    const raw = text.replace(/\s+/g, ' ').trim();
    if (raw)
      lines.push({
        text: cleanLine(raw),
        size,
        bold,
        heading: false,
        bullet: BULLET.test(raw) || /^[•·▪●■▹▸►➤]/.test(raw),
      });
    text = '';
    size = 0;
    bold = true;
    last = undefined;
  };
  for (const run of runs) {
    if (!run.text.trim()) {
      if (run.text && last) text += ' ';
      if (run.eol) flush();
      continue;
    }
    if (last) {
      const sameLine = Math.abs(run.y - last.y) < Math.max(run.size, last.size) * 0.5;
      const gap = run.x - (last.x + last.width);
      if (!sameLine || gap < -last.size || gap > Math.max(run.size, last.size) * 3) flush();
      // Two values set side by side in type of different sizes (a job title, then its employer) are two pieces.
      else if (Math.abs(run.size - last.size) > 0.2 && !/[:,·|/]$/.test(text.trimEnd()))
        text = `${text.trimEnd()} · `;
      else if (gap > run.size * 0.15 && !/\s$/.test(text)) text += ' ';
    }
    text += run.text;
    size = Math.max(size, run.size);
    bold &&= run.bold;
    last = run;
    if (run.eol) flush();
  }
  flush();
  return lines.filter((line) => line.text);
}

/** The body's size is the size most characters are drawn in; a line drawn clearly larger is a heading. */
function markHeadings(lines: TextLine[]): TextLine[] {
  const bySize = new Map<number, number>();
  for (const line of lines) bySize.set(line.size, (bySize.get(line.size) ?? 0) + line.text.length);
  const body = [...bySize.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  return lines.map((line) => ({ ...line, heading: line.size > body * 1.15 && line.text.length < 60 }));
}
