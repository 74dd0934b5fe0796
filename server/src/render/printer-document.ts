/*
 * What the printer's pages are given. Chromium keeps a page between documents (setDocumentContent replaces the
 * document in place), and two things it would otherwise do for every document cost more than the printing:
 *
 * - A `<meta>` Content-Security-Policy joins the policies of the page's frame, which a new document does not clear:
 *   after 1,000 documents the frame holds 1,000 copies, and every print pays for all of them in the browser and the
 *   renderer (the browser's CPU per print more than doubled over 1,000 prints). A printer page is given the policy
 *   once, in its first document (page-pool.ts), and documents lose their copy on the way in.
 * - A document is laid out, painted and rasterised for a screen nobody sees as soon as it is set, then laid out
 *   again to print: hidden on screen, only the print layout is made (about 40% of a PDF's CPU). Print styles do not
 *   see the rule, so the PDF is the same, glyph for glyph.
 *
 * docs/decisions/0054-what-the-printer-is-given.md has the measurements.
 */

/** Every CV and letter document's policy (templates/compile.ts's head): no scripts, no fetches, inline styles only. */
const DOCUMENT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";
export const DOCUMENT_CSP_META = `<meta http-equiv="Content-Security-Policy" content="${DOCUMENT_CSP}">`;

/** A printer page's first document: the policy alone, which the page then holds for every later document. */
export const POLICY_DOCUMENT = `<!doctype html><html><head>${DOCUMENT_CSP_META}<title></title></head><body></body></html>`;

const HIDDEN_ON_SCREEN = '<style>@media screen{html{display:none}}</style>';

/** A document as a printer page is given it: without its policy meta (the page has it) and, to print, hidden on screen. */
export function forThePrinter(html: string, { toPrint }: { toPrint: boolean }): string {
  const document = html.replace(DOCUMENT_CSP_META, '');
  return toPrint ? hiddenOnScreen(document) : document;
}

function hiddenOnScreen(html: string): string {
  const headEnd = html.search(/<\/head\s*>/i);
  if (headEnd >= 0) return html.slice(0, headEnd) + HIDDEN_ON_SCREEN + html.slice(headEnd);
  // No head of its own: right after the doctype (a style before it would put the page in quirks mode).
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  const at = doctype ? doctype[0].length : 0;
  return html.slice(0, at) + HIDDEN_ON_SCREEN + html.slice(at);
}
