/*
 * A printed CV's document properties. Chromium's printToPDF writes the page's <title> as the Title and itself as
 * the Creator ('… HeadlessChrome/… Safari/…'), with no Author; a reader's File › Properties should say whose CV it is
 * and what made it. The properties are changed by an incremental update (PDF 32000-1 §7.5.6): a new Info dictionary,
 * an xref section for it and a trailer pointing back at Chromium's, appended to the file. Nothing Chromium wrote is
 * rewritten, so it costs a scan of the file's last kilobyte and a few hundred bytes, not a parse of the document.
 * No PDF library here can edit a file (pdfkit writes new ones, pdfjs reads); a PDF this does not recognise (no
 * classic xref table, no Info dictionary) is returned unchanged.
 */

export interface PdfProperties {
  /** The person whose CV it is; left out when the CV has no name. */
  author?: string;
  /** The program that made the document. */
  creator: string;
}

/** A PDF text string in UTF-16BE with its byte order mark, written in hex: any script, nothing to escape. */
function textString(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i += 1) hex += text.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0');
  return `<${hex}>`;
}

// A value Chromium wrote that is kept as it is: a literal string (with escaped brackets) or a hex string.
const VALUE = String.raw`(\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>)`;

function keptEntry(dictionary: string, key: string): string {
  const match = new RegExp(String.raw`/${key}\s*${VALUE}`).exec(dictionary);
  return match ? `/${key} ${match[1]}\n` : '';
}

/** The PDF with its Author and Creator set; Title, Producer and dates stay as Chromium wrote them. */
export function withPdfProperties(pdf: Buffer, properties: PdfProperties): Buffer {
  // Chromium writes a classic trailer at the very end: '/Size n /Root r 0 R /Info i 0 R' then startxref.
  const tail = pdf.subarray(Math.max(0, pdf.length - 1024)).toString('latin1');
  const trailerAt = tail.lastIndexOf('trailer');
  const end = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (trailerAt < 0 || !end) return pdf;
  const trailer = tail.slice(trailerAt, end.index);
  const size = /\/Size\s+(\d+)/.exec(trailer);
  const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(trailer);
  const info = /\/Info\s+(\d+)\s+(\d+)\s+R/.exec(trailer);
  if (!size || !root || !info) return pdf;
  const previousXref = Number(end[1]);
  const infoNumber = Number(info[1]);
  const infoGeneration = Number(info[2]);

  // The Info object's offset, from the xref table's single subsection (object 0 to Size - 1).
  const xrefHead = /^xref\s+0\s+(\d+)\s*?\r?\n/.exec(pdf.subarray(previousXref, previousXref + 32).toString('latin1'));
  if (!xrefHead || infoNumber >= Number(xrefHead[1])) return pdf;
  const entryAt = previousXref + xrefHead[0].length + infoNumber * 20;
  const entry = /^(\d{10}) (\d{5}) n/.exec(pdf.subarray(entryAt, entryAt + 20).toString('latin1'));
  if (!entry) return pdf;
  const objectAt = Number(entry[1]);
  const object = pdf.subarray(objectAt, objectAt + 2048).toString('latin1');
  const header = `${infoNumber} ${infoGeneration} obj`;
  const closing = object.indexOf('endobj');
  if (!object.startsWith(header) || closing < 0) return pdf;
  const dictionary = object.slice(header.length, closing);

  const newInfo =
    `${header}\n<<` +
    keptEntry(dictionary, 'Title') +
    (properties.author ? `/Author ${textString(properties.author)}\n` : '') +
    `/Creator ${textString(properties.creator)}\n` +
    keptEntry(dictionary, 'Producer') +
    keptEntry(dictionary, 'CreationDate') +
    keptEntry(dictionary, 'ModDate') +
    '>>\nendobj\n';
  const separator = pdf[pdf.length - 1] === 0x0a ? '' : '\n';
  const infoAt = pdf.length + separator.length;
  const xrefAt = infoAt + Buffer.byteLength(newInfo, 'latin1');
  const update =
    separator +
    newInfo +
    `xref\n${infoNumber} 1\n${String(infoAt).padStart(10, '0')} ${String(infoGeneration).padStart(5, '0')} n \n` +
    `trailer\n<</Size ${size[1]}\n/Root ${root[1]}\n/Info ${infoNumber} ${infoGeneration} R\n/Prev ${previousXref}>>\n` +
    `startxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(update, 'latin1')]);
}
