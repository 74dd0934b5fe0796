import { findPhoneNumbersInText } from 'libphonenumber-js';
import { findDates } from './dates.js';
import { docxLines } from './docx-text.js';
import { headingKey, sectionKindOf, type SectionKind } from './headings.js';
import type { TextLine } from './lines.js';
import { pdfLines } from './pdf-text.js';

// From a document's lines to a JSON Resume: the name and contact details at the top, then each section found by its
// heading and read by the list it fills. Every value carries a confidence: 0.95 for what a pattern recognises (an
// email, a phone number, a link, a date), less for what is placed by where it stands; the dialog marks a value
// under UNCERTAIN for the person to check. Lines under a heading this parser does not know, and lines it could not
// place, become sections of the person's own (meta.cvBuilder.customSections), so nothing read is dropped.

export type ImportKind = 'pdf' | 'docx';
export type Resume = Record<string, unknown> & {
  basics: Record<string, unknown>;
  meta?: { cvBuilder?: { customSections?: CustomSection[] } };
};
/** Field path ("basics.email", "work[1].position") → confidence from 0 to 1. */
export type Confidence = Record<string, number>;

export interface ParsedCv {
  resume: Resume;
  confidence: Confidence;
}

interface CustomSection {
  key: string;
  title: string;
  entries: Array<{ title?: string; description?: string }>;
}

/** Below this a value is shown as one to check. */
export const UNCERTAIN = 0.7;

const PATTERN = 0.95;
const PLACED = 0.8;
const GUESSED = 0.6;
const UNPLACED = 0.3;

const EMAIL = /[\w.+'-]+@[\w-]+(?:\.[\w-]+)+/;
const URL =
  /\b(?:https?:\/\/|www\.)[^\s,;|·]+|\b(?:linkedin\.com|github\.com|gitlab\.com|x\.com|twitter\.com)\/[^\s,;|·]+/i;
/**
 * A web address written without a scheme ("adalovelace.dev/work"), looked for only among contact details: lower case
 * and a top-level domain people's sites use, so "Node.js", "ASP.NET" or "St. Albans" are not taken for one.
 */
const BARE_DOMAIN =
  /(?<![\w@.-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:com|org|net|dev|io|me|app|co|info|tech|site|page|blog|design|studio|pro|name|xyz|ai|eu|uk|de|fr|es|it|nl|ch|at|be|se|no|dk|fi|pl|pt|ie|us|ca|au|nz|jp)(?:\/[^\s,;|·]*)?(?![\w-])/;
const SEPARATOR = /\s+[·|•◦▪/]\s+|\s*[|•]\s*/;

export async function parseCvFile(kind: ImportKind, bytes: Uint8Array): Promise<ParsedCv> {
  return parseLines(kind === 'pdf' ? await pdfLines(bytes) : await docxLines(bytes));
}

interface Section {
  kind: SectionKind | 'custom';
  title: string;
  lines: TextLine[];
}

export function parseLines(input: TextLine[]): ParsedCv {
  const lines = joinWrapped(input);
  const confidence: Confidence = {};
  const resume: Resume = { basics: {} };
  const custom: CustomSection[] = [];

  const { top, sections } = splitSections(lines);
  // A section of links alone ("Portfolio: GitHub …") holds contact details whatever its heading says.
  for (const section of sections)
    if (
      section.lines.length &&
      section.lines.every(
        (line) =>
          URL.test(line.text) ||
          EMAIL.test(line.text) ||
          /^(linkedin|github|gitlab|website|web|x|twitter)$/i.test(line.text),
      )
    )
      section.kind = 'contact';
  const contact = sections
    .filter((section) => section.kind === 'contact')
    .flatMap((section) => section.lines);
  readBasics(top, contact, resume, confidence);

  for (const section of sections) {
    switch (section.kind) {
      case 'contact':
        break;
      case 'summary':
        readSummary(section, resume, confidence);
        break;
      case 'work':
      case 'volunteer':
      case 'education':
      case 'projects':
      case 'certificates':
      case 'awards':
      case 'publications':
        readEntries(section.kind, section, resume, confidence, custom);
        break;
      case 'skills':
        readSkills(section, resume, confidence);
        break;
      case 'languages':
        readLanguages(section, resume, confidence);
        break;
      case 'interests':
        push(
          resume,
          'interests',
          section.lines.map((line) => ({ name: line.text })),
          confidence,
          PLACED,
        );
        break;
      case 'references':
        push(
          resume,
          'references',
          [{ reference: section.lines.map((line) => line.text).join('\n') }],
          confidence,
          PLACED,
        );
        break;
      default:
        custom.push(ownSection(section.title, section.lines, custom.length));
    }
  }
  if (custom.length) {
    resume.meta = { cvBuilder: { customSections: custom } };
    custom.forEach((_section, index) => (confidence[`meta.cvBuilder.customSections[${index}]`] = UNPLACED));
  }
  return { resume, confidence };
}

function ownSection(title: string, lines: TextLine[], index: number): CustomSection {
  return {
    key: `custom-imported-${index + 1}`,
    title: title || 'More from the file',
    entries: [{ description: lines.map((line) => `<p>${escapeHtml(line.text)}</p>`).join('') }],
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function push(
  resume: Resume,
  list: string,
  items: Array<Record<string, unknown>>,
  confidence: Confidence,
  level: number,
) {
  const existing = (resume[list] as Array<Record<string, unknown>> | undefined) ?? [];
  for (const item of items) {
    const index = existing.length;
    existing.push(item);
    for (const key of Object.keys(item)) confidence[`${list}[${index}].${key}`] ??= level;
  }
  if (existing.length) resume[list] = existing;
}

// ── lines ──

/**
 * A narrow column wraps a value over two lines; they are one again when the first ends mid-value (a comma, a
 * hyphen in a link) or the second starts like a continuation (a comma, a dash, a small letter).
 */
function joinWrapped(lines: TextLine[]): TextLine[] {
  const result: TextLine[] = [];
  for (const line of lines) {
    const previous = result[result.length - 1];
    if (
      previous &&
      !line.bullet &&
      !line.heading &&
      !previous.heading &&
      continues(previous.text, line.text)
    ) {
      const glue = /[-/]$/.test(previous.text) && URL.test(previous.text) ? '' : ' ';
      result[result.length - 1] = {
        ...previous,
        text: `${previous.text}${glue}${line.text}`.replace(/\s+([,])/g, '$1'),
      };
    } else result.push(line);
  }
  return result;
}

function continues(first: string, second: string): boolean {
  if (sectionKindOf(second)) return false;
  if (/^[,;]/.test(second) || /^[—–]\s/.test(second)) return true;
  if (/,$/.test(first) && !EMAIL.test(second) && !URL.test(second)) return true;
  // "English:" over "Native": a label and its value.
  if (/:$/.test(first) && first.length < 30 && second.length < 40 && !/:$/.test(second)) return true;
  if (URL.test(first) && /[-/]$/.test(first) && /^[\w-]+(\s|$)/.test(second)) return true;
  return false;
}

/** The lines before the first heading, and each section after its heading. */
function splitSections(lines: TextLine[]): { top: TextLine[]; sections: Section[] } {
  // How a heading this parser knows looks (its size, capitals, style): an unknown line that looks the same heads a
  // section of the person's own.
  const known = lines.filter((line) => sectionKindOf(line.text));
  const looks = new Set(known.map(look));
  const top: TextLine[] = [];
  const sections: Section[] = [];
  lines.forEach((line, index) => {
    const kind = sectionKindOf(line.text);
    const ownHeading =
      !kind &&
      sections.length > 0 &&
      looks.has(look(line)) &&
      line.text.length <= 40 &&
      !/\d|@|https?:/.test(line.text) &&
      (line.text === line.text.toUpperCase() || line.heading) &&
      index < lines.length - 1;
    if (kind || ownHeading) sections.push({ kind: kind ?? 'custom', title: line.text, lines: [] });
    else if (sections.length) sections[sections.length - 1].lines.push(line);
    else top.push(line);
  });
  return { top, sections };
}

function look(line: TextLine): string {
  const capitals = line.text === line.text.toUpperCase() ? 'upper' : 'mixed';
  return `${Math.round(line.size)}/${capitals}/${line.heading}/${line.bold}`;
}

// ── basics ──

function readBasics(top: TextLine[], contact: TextLine[], resume: Resume, confidence: Confidence) {
  const basics = resume.basics;
  const header = [...top];
  // The name: the largest line near the top (a Word file: its first line); two lines of that size are one name.
  const firstLines = header.slice(0, 6);
  const largest = Math.max(...firstLines.map((line) => line.size));
  let nameAt = firstLines.findIndex(
    (line) => line.size === largest && !EMAIL.test(line.text) && !URL.test(line.text),
  );
  if (nameAt < 0) nameAt = 0;
  if (header[nameAt]) {
    let name = header[nameAt].text;
    const next = header[nameAt + 1];
    if (next && largest > 0 && next.size === largest && name.split(' ').length === 1) {
      name = `${name} ${next.text}`;
      header.splice(nameAt + 1, 1);
    }
    basics.name = name;
    confidence['basics.name'] = largest > 0 || nameAt === 0 ? 0.9 : GUESSED;
    header.splice(nameAt, 1);
  }
  const links: string[] = [];
  const leftovers: string[] = [];
  for (const [index, line] of [...header, ...contact].entries()) {
    const rest = takeContacts(line.text, basics, links, confidence);
    if (!rest) continue;
    const pieces = rest
      .split(SEPARATOR)
      .map((piece) => piece.trim())
      .filter(Boolean);
    for (const piece of pieces) {
      if (basics.label === undefined && index < header.length && !/,/.test(piece)) {
        basics.label = piece;
        confidence['basics.label'] = PLACED;
      } else if (
        basics.location === undefined &&
        /\p{L}/u.test(piece) &&
        piece.length < 60 &&
        !/\d{3}/.test(piece)
      ) {
        basics.location = locationOf(piece);
        confidence['basics.location'] = /,/.test(piece) ? PLACED : GUESSED;
      } else leftovers.push(piece);
    }
  }
  const profiles: Array<Record<string, string>> = [];
  for (const link of links) {
    const network = /linkedin/i.test(link)
      ? 'LinkedIn'
      : /github/i.test(link)
        ? 'GitHub'
        : /gitlab/i.test(link)
          ? 'GitLab'
          : /(twitter|x)\.com/i.test(link)
            ? 'X'
            : undefined;
    if (network) {
      confidence[`basics.profiles[${profiles.length}].url`] = PATTERN;
      profiles.push({ network, url: link });
    } else if (basics.url === undefined) {
      basics.url = link;
      confidence['basics.url'] = PATTERN;
    } else {
      confidence[`basics.profiles[${profiles.length}].url`] = GUESSED;
      profiles.push({ network: 'Website', url: link });
    }
  }
  if (profiles.length) basics.profiles = profiles;
  if (leftovers.length) {
    // What the top of the page says beyond a name, a title and contact details is kept as the summary's start.
    basics.summary = leftovers.join('\n');
    confidence['basics.summary'] = UNPLACED;
  }
}

/** Takes the email, phone and links out of a line into basics; answers what is left of it. */
function takeContacts(
  text: string,
  basics: Record<string, unknown>,
  links: string[],
  confidence: Confidence,
): string {
  let rest = text.replace(
    /^(e-?mail|phone|tel\.?|telefon|téléphone|mobile|handy|web|website|linkedin|github)\s*:\s*/i,
    '',
  );
  for (;;) {
    const email = EMAIL.exec(rest);
    if (!email) break;
    if (basics.email === undefined) {
      basics.email = email[0];
      confidence['basics.email'] = PATTERN;
    }
    rest = rest.replace(email[0], ' ');
  }
  for (;;) {
    const url = URL.exec(rest) ?? BARE_DOMAIN.exec(rest);
    if (!url) break;
    const link = url[0].replace(/[.)]+$/, '');
    links.push(/^https?:/i.test(link) ? link : `https://${link}`);
    rest = rest.replace(url[0], ' ');
  }
  const phones = findPhoneNumbersInText(rest, {
    defaultCountry: 'GB',
    extended: false,
  } as never) as unknown as Array<{ startsAt: number; endsAt: number }>;
  const phoneText = phones.length
    ? rest.slice(phones[0].startsAt, phones[0].endsAt)
    : /\+?\d[\d\s().-]{6,}\d/.exec(rest)?.[0];
  if (phoneText && basics.phone === undefined) {
    basics.phone = phoneText.trim();
    confidence['basics.phone'] = phones.length ? PATTERN : GUESSED;
    rest = rest.replace(phoneText, ' ');
  }
  return rest
    .replace(/^(?:\s*[·|•,/]\s*)+|(?:\s*[·|•,/]\s*)+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function locationOf(text: string): Record<string, string> {
  const parts = text.split(/\s*,\s*/).filter(Boolean);
  const location: Record<string, string> = { city: parts[0] };
  const last = parts[parts.length - 1];
  if (parts.length > 1 && /^[A-Z]{2}$/.test(last)) location.countryCode = last;
  const middle = parts.slice(1, location.countryCode ? -1 : undefined).join(', ');
  if (middle) location.region = middle;
  return location;
}

// ── sections ──

function readSummary(section: Section, resume: Resume, confidence: Confidence) {
  const text = paragraphs(section.lines);
  const before = resume.basics.summary as string | undefined;
  resume.basics.summary = before ? `${text}\n${before}` : text;
  confidence['basics.summary'] = PLACED;
}

/** Lines as paragraphs: a line that ends a sentence ends its paragraph; a bullet is a paragraph of its own. */
function paragraphs(lines: TextLine[]): string {
  const result: string[] = [];
  let open = false;
  for (const line of lines) {
    if (open && !line.bullet) result[result.length - 1] += ` ${line.text}`;
    else result.push(line.text);
    open = !line.bullet && !/[.!?:]$/.test(line.text);
  }
  return result.join('\n');
}

const DEGREE =
  /^((?:[BM]\.?\s?(?:Sc|A|Eng|Ed|Phil|Ing)\.?|Ph\.?\s?D\.?|MBA|Dr\.|Dipl\.?-?\w*\.?|Diplom\w*|Bachelor|Master|Licence|Magister|Staatsexamen|Abitur|BTS|DUT|CAP))\s+(.+)$/;

const HEADER_PIECES: Partial<Record<SectionKind, number>> = {
  work: 2,
  volunteer: 2,
  education: 2,
  certificates: 2,
  projects: 1,
  awards: 1,
  publications: 1,
};

/** A line that describes rather than names: a bullet, a sentence, a long line. */
function isDescription(line: TextLine): boolean {
  return line.bullet || /[.!?]$/.test(line.text) || line.text.length > 70;
}

interface Entry {
  header: string[];
  dates?: ReturnType<typeof findDates>;
  links: string[];
  description: TextLine[];
  /** Whether where the entry starts was a guess (no date to go by). */
  guessed: boolean;
}

/**
 * An entry is found by its dates: the first entry shows how many header lines stand before its date line, and every
 * date line starts an entry that many lines earlier. The header needs a number of pieces (a job: its title and its
 * employer); lines after the date fill it up, and what follows is the description.
 */
function splitEntries(kind: SectionKind, lines: TextLine[]): Entry[] {
  const dated = lines.map((line) =>
    /[.!?]$/.test(line.text) || line.text.length > 100 ? undefined : findDates(line.text),
  );
  const dateAt = dated.flatMap((found, index) => (found ? [index] : []));
  const needed = HEADER_PIECES[kind] ?? 1;
  if (!dateAt.length) return splitUndated(lines, needed);
  const before = dateAt[0];
  const starts = dateAt.map((at) => Math.max(0, at - before));
  const entries: Entry[] = [];
  starts.forEach((start, n) => {
    const end = n + 1 < starts.length ? starts[n + 1] : lines.length;
    const at = dateAt[n];
    const entry: Entry = { header: [], dates: dated[at], links: [], description: [], guessed: false };
    const pieces = (text: string) =>
      entry.header.push(
        ...text
          .split(SEPARATOR)
          .map((p) => p.trim())
          .filter(Boolean),
      );
    for (let i = start; i < at; i++) pieces(lines[i].text);
    if (dated[at]!.rest) pieces(dated[at]!.rest);
    let i = at + 1;
    for (; i < end; i++) {
      const line = lines[i];
      const link = URL.exec(line.text);
      if (link && link[0].length >= line.text.length - 2) {
        entry.links.push(link[0]);
        continue;
      }
      if (entry.header.length >= needed || isDescription(line)) break;
      pieces(line.text);
    }
    entry.description = lines.slice(i, end).filter((line) => {
      const link = URL.exec(line.text);
      if (link && link[0].length >= line.text.length - 2) {
        entry.links.push(link[0]);
        return false;
      }
      return true;
    });
    entries.push(entry);
  });
  if (starts[0] > 0) entries[0].description.unshift(...lines.slice(0, starts[0]));
  return entries;
}

/** Without dates, an entry starts at a line that is not a description after one that was (or at a bold line). */
function splitUndated(lines: TextLine[], needed: number): Entry[] {
  const entries: Entry[] = [];
  let current: Entry | undefined;
  for (const line of lines) {
    const link = URL.exec(line.text);
    const header = !isDescription(line) && !(link && link[0].length >= line.text.length - 2);
    if (header && (!current || current.description.length > 0 || current.header.length >= needed + 1)) {
      current = { header: [], links: [], description: [], guessed: true };
      entries.push(current);
    }
    if (!current) {
      current = { header: [], links: [], description: [], guessed: true };
      entries.push(current);
    }
    if (link && link[0].length >= line.text.length - 2) current.links.push(link[0]);
    else if (header && current.description.length === 0)
      current.header.push(...line.text.split(SEPARATOR).filter(Boolean));
    else current.description.push(line);
  }
  return entries;
}

/** "Northwind Payments, London, UK" → the name and the place, when a header piece carries both. */
function nameAndPlace(pieces: string[], from: number): { name?: string; place?: string } {
  const rest = pieces.slice(from);
  if (rest.length === 0) return {};
  if (rest.length === 1) {
    const [name, ...place] = rest[0].split(/\s*,\s*/);
    return { name, place: place.join(', ') || undefined };
  }
  return { name: rest[0], place: rest.slice(1).join(', ') };
}

function describe(lines: TextLine[]): { summary?: string; highlights?: string[] } {
  if (!lines.length) return {};
  // The first sentence-ending lines are the summary; the lines after it are points (a PDF often draws no bullet).
  const firstBullet = lines.findIndex((line) => line.bullet);
  const sentenceEnd = lines.findIndex((line) => /[.!?]$/.test(line.text));
  const cut = firstBullet >= 0 ? firstBullet : sentenceEnd >= 0 ? sentenceEnd + 1 : lines.length;
  const summary = paragraphs(lines.slice(0, cut)) || undefined;
  const highlights = lines.slice(cut).map((line) => line.text);
  return { summary, ...(highlights.length ? { highlights } : {}) };
}

function readEntries(
  kind: SectionKind,
  section: Section,
  resume: Resume,
  confidence: Confidence,
  custom: CustomSection[],
) {
  const list = kind === 'certificates' ? 'certificates' : kind;
  const first = ((resume[list] as unknown[] | undefined) ?? []).length;
  const entries = splitEntries(kind, section.lines);
  entries.forEach((entry, n) => {
    const index = first + n;
    const item: Record<string, unknown> = {};
    const level = entry.guessed ? GUESSED : PLACED;
    const set = (key: string, value: unknown, sure = level) => {
      if (value === undefined || value === '' || (Array.isArray(value) && !value.length)) return;
      item[key] = value;
      confidence[`${list}[${index}].${key}`] = sure;
    };
    const { header, dates } = entry;
    const text = describe(entry.description);
    const start = dates?.startDate;
    const end = dates?.endDate;
    switch (kind) {
      case 'work':
      case 'volunteer': {
        const { name, place } = nameAndPlace(header, 1);
        set('position', header[0]);
        set(kind === 'work' ? 'name' : 'organization', name);
        set('location', place, GUESSED + 0.1);
        set('startDate', start, PATTERN);
        set('endDate', end, PATTERN);
        set('url', entry.links[0], PATTERN);
        set('summary', text.summary);
        set('highlights', text.highlights);
        break;
      }
      case 'education': {
        // "MSc in Computer Science": the degree and the subject; a header whose first piece names a school the other way round.
        let degree = header[0] ?? '';
        let school = header.slice(1).join(', ');
        if (
          /universit|college|school|hochschule|schule|école|ecole|universidad|università|institut/i.test(
            degree,
          ) &&
          !/universit|college|school|institut/i.test(school)
        )
          [degree, school] = [school, degree];
        // "MSc in Computer Science", "M.Sc. Bauingenieurwesen": the degree, then its subject.
        const abbreviated = DEGREE.exec(degree);
        const [studyType, area] =
          / in | of | en | für | de | di /i.test(degree) || !abbreviated
            ? degree.split(/\s+(?:in|of|en|für|de|di)\s+/i)
            : [abbreviated[1], abbreviated[2]];
        set('studyType', studyType);
        set('area', area);
        const { name, place } = nameAndPlace([school], 0);
        set('institution', name);
        set('location', place, GUESSED);
        set('startDate', start, PATTERN);
        set('endDate', end, PATTERN);
        set(
          'courses',
          [...(text.summary ? text.summary.split('\n') : []), ...(text.highlights ?? [])],
          GUESSED,
        );
        break;
      }
      case 'certificates': {
        const [name, ...issuer] = header.length === 1 ? header[0].split(/\s*,\s*/) : header;
        set('name', name);
        set('issuer', issuer.join(', '));
        set('date', start, PATTERN);
        set('url', entry.links[0], PATTERN);
        if (text.summary || text.highlights)
          set('description', [text.summary, ...(text.highlights ?? [])].filter(Boolean).join('\n'), GUESSED);
        break;
      }
      case 'projects':
        set('name', header[0]);
        if (header.length > 1) set('roles', header.slice(1), GUESSED);
        set('startDate', start, PATTERN);
        set('endDate', end, PATTERN);
        set('url', entry.links[0], PATTERN);
        set('description', text.summary);
        set('highlights', text.highlights);
        break;
      case 'awards':
        set('title', header[0]);
        set('awarder', header.slice(1).join(', '));
        set('date', start, PATTERN);
        set('summary', [text.summary, ...(text.highlights ?? [])].filter(Boolean).join('\n'));
        break;
      case 'publications':
        set('name', header[0]);
        set('publisher', header.slice(1).join(', '));
        set('releaseDate', start, PATTERN);
        set('url', entry.links[0], PATTERN);
        set('summary', [text.summary, ...(text.highlights ?? [])].filter(Boolean).join('\n'));
        break;
    }
    if (Object.keys(item).length) {
      const items = ((resume[list] as unknown[] | undefined) ?? []) as unknown[];
      items.push(item);
      resume[list] = items;
    } else custom.push(ownSection(section.title, entry.description, custom.length));
  });
}

function readSkills(section: Section, resume: Resume, confidence: Confidence) {
  const skills: Array<Record<string, unknown>> = [];
  for (const line of section.lines) {
    // "Backend: TypeScript, Go Practices: Code review" – a group starts at a word before a colon.
    const groups = line.text.split(/;\s*|\s+(?=[^\s,;:]+:\s)/).filter((group) => group.trim());
    for (const group of groups) {
      const colon = group.indexOf(':');
      const index = skills.length;
      if (colon > 0) {
        skills.push({ name: group.slice(0, colon).trim(), keywords: splitList(group.slice(colon + 1)) });
        confidence[`skills[${index}].name`] = PLACED;
        confidence[`skills[${index}].keywords`] = PLACED;
      } else {
        const [name, level] = group.split(/\s+[—–-]\s+|\s*\(\s*/);
        skills.push({ name: name.trim(), ...(level ? { level: level.replace(/\)$/, '').trim() } : {}) });
        confidence[`skills[${index}].name`] = GUESSED + 0.1;
      }
    }
  }
  if (skills.length) resume.skills = [...((resume.skills as unknown[]) ?? []), ...skills];
}

function splitList(text: string): string[] {
  return text
    .split(/\s*[,;·|•]\s*/)
    .map((word) => word.trim())
    .filter(Boolean);
}

function readLanguages(section: Section, resume: Resume, confidence: Confidence) {
  const languages: Array<Record<string, string>> = [];
  for (const line of section.lines) {
    // "English — Native; French — Professional" or "English — Native French — Professional".
    const parts = line.text.split(/\s*[;,·|]\s*|\s+(?=[^\s—–:]+\s+[—–:-]\s)/).filter(Boolean);
    for (const part of parts) {
      const [language, fluency] = part.split(/\s*[—–:]\s*|\s+-\s+|\s*\(\s*/);
      const index = languages.length;
      languages.push({
        language: language.trim(),
        ...(fluency ? { fluency: fluency.replace(/\)$/, '').trim() } : {}),
      });
      confidence[`languages[${index}].language`] = PLACED;
      if (fluency) confidence[`languages[${index}].fluency`] = PLACED;
    }
  }
  if (languages.length) resume.languages = [...((resume.languages as unknown[]) ?? []), ...languages];
}

export { headingKey };
