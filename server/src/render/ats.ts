import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { RenderModel, RenderSection } from './model.js';

// The ATS view: the text an applicant tracking system reads from the PDF the person downloads, and a
// short checklist of what commonly goes wrong — a value that cannot be found, sections read out of order, contact
// details far from the top, characters a parser cannot read. The text comes from the PDF itself (pdf.js, the
// library many parsers and browsers read PDFs with), never from the HTML.

export type AtsCheckId = 'values' | 'order' | 'contact' | 'characters';

export interface AtsCheck {
  id: AtsCheckId;
  passed: boolean;
  /** What failed, as data the client shows: the missing values, the sections out of order, … */
  problems: string[];
}

export interface AtsReport {
  text: string;
  checks: AtsCheck[];
  /** [extension] What the view says beside the checklist: that parsers ignore a photo, when the CV prints one. */
  notes?: string[];
}

/** The ATS view's note when the CV prints a photo. */
export const PHOTO_IGNORED_NOTE =
  'Applicant tracking systems ignore photos: they read only the text above. Some employers (in the US and the UK, for example) prefer CVs without one.';

/** How many lines count as 'the top' of a CV for its name, email and phone. */
export const ATS_TOP_LINES = 12;
/** A value is listed by at most this many characters. */
const MAX_SHOWN_VALUE = 80;
/** At most this many problems are listed per check (a CV can miss hundreds when a template drops a section). */
const MAX_PROBLEMS = 20;

let pdfjs: Promise<typeof PdfJs> | undefined;
/** pdf.js is loaded on the first ATS request, not at start-up (~1 MB the server needs only for this). */
const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/**
 * The PDF's text as pdf.js reads it: in the order the PDF draws it, a line break where a line ends, a blank line
 * between pages.
 */
export async function extractPdfText(pdf: Uint8Array): Promise<string> {
  const { getDocument } = await loadPdfJs();
  // pdf.js takes ownership of the bytes it is given: a copy leaves the caller's buffer alone.
  const task = getDocument({
    data: new Uint8Array(pdf),
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      pages.push(text.replace(/[ \t]+\n/g, '\n').trim());
      page.cleanup();
    }
    return pages.join('\n\n');
  } finally {
    await task.destroy();
  }
}

// Marks that change nothing a reader sees: bidi controls, zero-width characters, the soft hyphen.
const INVISIBLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

/**
 * What two texts are compared by: the same letters in the same order; case, spacing, line breaks and the forms a
 * font stores letters in (ligatures, Arabic display forms, CJK radicals: NFKC) aside. The characters check says
 * when those forms are in the text.
 */
function comparable(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/g, '').toLocaleLowerCase();
}

// Right-to-left letters (Hebrew, Arabic and their display forms), and the runs of a value in one direction.
const RTL_RUNS = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff][\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\s]*|[^\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]+/g;
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/** A word's letters in order of code point: the same for a word however its letters were drawn. */
const letters = (word: string) => [...word].sort().join('');

/**
 * Whether the text holds the value. A PDF stores right-to-left text in the order it is drawn, which parsers read
 * in different orders (pdf.js reads 'حداد' as 'اددح'): a value is found when it is there as typed, or when each
 * of its left-to-right runs is and each word of its right-to-left runs is there with the same letters.
 */
function holds(haystack: string, value: string, words: ReadonlySet<string>): boolean {
  const wanted = comparable(value);
  if (haystack.includes(wanted)) return true;
  if (!RTL.test(value)) return false;
  return (value.match(RTL_RUNS) ?? []).every((run) => {
    if (!RTL.test(run)) return !comparable(run) || haystack.includes(comparable(run));
    return run
      .normalize('NFKC')
      .split(/\s+/)
      .map(comparable)
      .filter(Boolean)
      .every((word) => haystack.includes(word) || words.has(letters(word)));
  });
}

/** The sorted letters of every word of the text, for right-to-left words read in drawn order. */
function wordLetters(text: string): Set<string> {
  return new Set(text.split(/\s+/).map(comparable).filter(Boolean).map(letters));
}

function shown(value: string): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > MAX_SHOWN_VALUE ? `${line.slice(0, MAX_SHOWN_VALUE - 1)}…` : line;
}

function capped(problems: string[]): string[] {
  return problems.length > MAX_PROBLEMS
    ? [...problems.slice(0, MAX_PROBLEMS), `and ${problems.length - MAX_PROBLEMS} more`]
    : problems;
}

interface Expected {
  where: string;
  text: string;
}

/** Every value the person entered that the CV prints, by where it is ('Work Experience › Company'). */
function expectedValues(model: RenderModel): Expected[] {
  const values: Expected[] = [];
  const add = (where: string, text: string | undefined) => {
    // Rich text and multi-line values are looked for line by line: a paragraph, a bullet.
    for (const line of (text ?? '').split('\n')) if (comparable(line)) values.push({ where, text: line.trim() });
  };
  add('Name', model.person.name);
  add('Headline', model.person.headline);
  for (const contact of model.person.contacts) add('Contact', contact.text);
  for (const detail of model.person.details) add(detail.label, detail.text);
  add('Personal details', model.person.body);
  for (const section of model.sections) {
    for (const entry of section.entries) {
      for (const field of entry.fields) {
        // A ticked 'current' box prints as 'Present' in the dates; other boxes print no text of their own.
        if (field.widgetType === 'checkbox' && field.role !== 'current') continue;
        add(`${section.name} › ${field.label}`, field.text);
      }
    }
  }
  return values;
}

// A word is a run of letters and digits; a line may end anywhere else (after a link's '/', a bracket, a hyphen)
// and between two Chinese, Japanese, Korean or Thai characters (their text has no spaces). A space or line break
// between two letters or digits of a word splits it.
const WORD_CHARACTER = /[\p{L}\p{N}\p{M}]/u;
const NO_SPACES_SCRIPT = /[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;
const joinsWord = (before: string, after: string) =>
  WORD_CHARACTER.test(before) &&
  WORD_CHARACTER.test(after) &&
  !NO_SPACES_SCRIPT.test(before) &&
  !NO_SPACES_SCRIPT.test(after);
const escapeRegExp = (character: string) => character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The value's words in order, a space (or a line break) allowed between them and, when `loose`, inside them. */
function valuePattern(value: string, loose: boolean): RegExp {
  const words = value.normalize('NFKC').replace(INVISIBLE, '').split(/\s+/).filter(Boolean);
  const word = (text: string) => {
    const characters = [...text];
    return characters
      .map((character, i) => {
        const next = characters[i + 1];
        const gap = next === undefined ? '' : loose || !joinsWord(character, next) ? '\\s{0,3}' : '';
        return escapeRegExp(character) + gap;
      })
      .join('');
  };
  return new RegExp(words.map(word).join('\\s*'), 'iu');
}

/**
 * Whether a value found in the text is there only with a word split: a space or a line break inside a word
 * ('P rofessional', a name broken over two lines), where a parser reads two words. The text as it is read is
 * returned, to be shown.
 */
export function splitReading(text: string, value: string): string | undefined {
  // Right-to-left values are matched word by word already (holds); a value without letters has no word to split.
  if (RTL.test(value) || !/\p{L}{2}/u.test(value)) return undefined;
  const normal = text.normalize('NFKC').replace(INVISIBLE, '');
  if (valuePattern(value, false).test(normal)) return undefined;
  const read = valuePattern(value, true).exec(normal);
  return read ? read[0].replace(/\s+/g, ' ') : undefined;
}

function valuesCheck(model: RenderModel, text: string): AtsCheck {
  const haystack = comparable(text);
  const words = wordLetters(text);
  const problems: string[] = [];
  for (const value of expectedValues(model)) {
    if (!holds(haystack, value.text, words)) {
      problems.push(`${value.where}: ${shown(value.text)}`);
      continue;
    }
    const split = splitReading(text, value.text);
    if (split !== undefined) {
      problems.push(`${value.where}: ${shown(value.text)} is split, read as “${shown(split)}”`);
    }
  }
  // A heading is looked for by the order check; here only whether a parser reads its words whole.
  for (const section of model.sections) {
    const split = splitReading(text, section.name);
    if (split !== undefined) problems.push(`Heading: ${shown(section.name)} is split, read as “${shown(split)}”`);
  }
  return { id: 'values', passed: problems.length === 0, problems: capped([...new Set(problems)]) };
}

/**
 * The line a heading starts: alone, give or take a decoration ('▸ Skills', 'Skills:'), or followed by the section's
 * first line when the template sets headings beside their content (Modern Split).
 */
function headingLine(lines: string[], heading: string, from: number): number {
  const wanted = comparable(heading);
  const starts = (line: string) => {
    const at = comparable(line).indexOf(wanted);
    return at >= 0 && at <= 2;
  };
  // Looked for after the previous heading first: a skills line 'Languages: Go, Rust' above the Languages section
  // is not its heading.
  const after = lines.findIndex((line, index) => index > from && starts(line));
  return after >= 0 ? after : lines.findIndex(starts);
}

/**
 * The sections' headings come in the CV's order. A two-column template's side column is read as a block of its
 * own (before or after the main one, as the template draws it): each column is checked in its own order.
 */
function orderCheck(model: RenderModel, text: string): AtsCheck {
  const lines = text.split('\n');
  const problems: string[] = [];
  const column = (sections: RenderSection[]) => {
    let previous: { name: string; line: number } | undefined;
    for (const section of sections) {
      const line = headingLine(lines, section.name, previous?.line ?? -1);
      if (line < 0) {
        problems.push(`${shown(section.name)}: its heading is not found at the start of a line`);
        continue;
      }
      if (previous && line < previous.line) problems.push(`${shown(section.name)} is read before ${shown(previous.name)}`);
      previous = { name: section.name, line };
    }
  };
  column(model.main);
  column(model.side);
  return { id: 'order', passed: problems.length === 0, problems: capped(problems) };
}

/** The name, the email and the phone are among the first lines, where parsers look for them. */
function contactCheck(model: RenderModel, text: string): AtsCheck {
  const topText = text
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, ATS_TOP_LINES)
    .join('\n');
  const top = comparable(topText);
  const words = wordLetters(topText);
  const wanted: Array<{ label: string; text?: string }> = [
    { label: 'Name', text: model.person.name },
    { label: 'Email', text: model.person.contacts.find((contact) => contact.kind === 'email')?.text },
    { label: 'Phone', text: model.person.contacts.find((contact) => contact.kind === 'phone')?.text },
  ];
  const problems = wanted
    .filter((item) => item.text && comparable(item.text) && !holds(top, item.text, words))
    .map((item) => item.label);
  return { id: 'contact', passed: problems.length === 0, problems };
}

const SUSPECT_CHARACTERS: Array<[RegExp, string]> = [
  [/[\ufb00-\ufb06]/gu, 'a ligature'],
  [/\ufffd/gu, 'a character the PDF does not say how to read'],
  [/[\ue000-\uf8ff]/gu, 'a private-use character'],
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  [/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/gu, 'a control character'],
  // The fonts of a CJK text can map a character to the radical that looks like it (⾼ for 高): a search for the
  // character does not find it.
  [/[\u2e80-\u2fdf]/gu, 'a radical in place of a Chinese or Japanese character'],
  [/[\ufb1d-\ufdff\ufe70-\ufefe]/gu, 'a letter in its display form (right-to-left text read in display order)'],
];

/** How many example characters a kind of problem shows. */
const MAX_EXAMPLES = 5;

/** No letters turned into ligature glyphs, radicals or display forms, no unreadable or private characters. */
function charactersCheck(text: string): AtsCheck {
  const problems: string[] = [];
  for (const [pattern, what] of SUSPECT_CHARACTERS) {
    const found = [...new Set(text.match(pattern) ?? [])];
    if (found.length === 0) continue;
    const examples = found
      .slice(0, MAX_EXAMPLES)
      .map((character) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
    problems.push(`${what} (${examples.join(', ')}${found.length > MAX_EXAMPLES ? ', …' : ''})`);
  }
  return { id: 'characters', passed: problems.length === 0, problems };
}

/** The checklist for a CV's PDF text, in the order the ATS view shows it. */
export function atsChecks(model: RenderModel, text: string): AtsCheck[] {
  return [valuesCheck(model, text), orderCheck(model, text), contactCheck(model, text), charactersCheck(text)];
}

export async function atsReport(model: RenderModel, pdf: Uint8Array): Promise<AtsReport> {
  const text = await extractPdfText(pdf);
  return { text, checks: atsChecks(model, text), ...(model.photo ? { notes: [PHOTO_IGNORED_NOTE] } : {}) };
}
