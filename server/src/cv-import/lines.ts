// What both readers hand the parser: the document's lines in reading order, each with the style the parser uses
// to tell a heading or a name from the body.

export interface TextLine {
  text: string;
  /** Font size in points (a Word paragraph's largest run; 0 when unknown). */
  size: number;
  bold: boolean;
  /** A Word heading style, or a PDF line drawn much larger than the body. */
  heading: boolean;
  /** A list item (a bullet in Word, a line starting with a bullet character in a PDF). */
  bullet: boolean;
}

/** Why a file could not be read: the route answers `status` with `message` as its detail. */
export class ImportFileError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

export const BULLET = /^(?:\s*[•·▪◦‣∙●○■□▹▸►➤✓✔–\-*]\s+)+/;

/** One space between words, no invisible marks, no bullet character. */
export function cleanLine(text: string): string {
  return text
    .replace(/[\u00ad\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .replace(BULLET, '')
    .trim();
}
