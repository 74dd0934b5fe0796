import type { CvLayout } from '../api/cvs';
import type { InputField, TemplateSection } from '../api/templates';
import { filledRows, formDataKey, isBlank, type CvFormData, type SectionValues } from '../cv/form-data';
import { customSectionTitle, isHidden, sectionOrder, sectionTitle, templateRef } from '../cv/layout';
import { isTicked } from '../cv/widgets';
import { PRESENT_VALUE } from '../../rules/cv-date';
import { printedPhone } from '../../rules/phone-format';
import { paragraphsOf, richTextParts } from './rich-text';

// The CV as a plain document — the name, the contacts, then each section it shows in its order with its heading —
// and that document as Markdown (headings and bullet lists) or as plain text (the reading order an ATS sees).

export interface TextEntry {
  title?: string;
  /** Company, institution, place, level: the entry's other short values. */
  details: string[];
  dates?: string;
  paragraphs: string[];
  bullets: string[];
}

export interface TextSection {
  heading: string;
  entries: TextEntry[];
}

export interface CvDocument {
  name?: string;
  headline?: string;
  contacts: string[];
  sections: TextSection[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** As the PDF prints a date: 'Apr 2019' for 2019-04-01, '2019' for 2019, 'Present' for present, anything else as typed. */
export function printedDate(value: string): string {
  if (value.trim().toLowerCase() === PRESENT_VALUE) return PRESENT;
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value.trim());
  if (!match) return value.trim();
  const month = match[2] ? Number(match[2]) : 0;
  return month >= 1 && month <= 12 ? `${MONTHS[month - 1]} ${match[1]}` : match[1]!;
}

export const PRESENT = 'Present';

function dateRange(start: string | undefined, end: string | undefined, ongoing: boolean): string | undefined {
  const from = start ? printedDate(start) : undefined;
  const to = ongoing ? PRESENT : end ? printedDate(end) : undefined;
  if (from && to) return `${from} – ${to}`;
  return from ?? to;
}

const valueOf = (values: SectionValues | undefined, field: InputField, row: number) => {
  const value = values?.[formDataKey(field.name, field.id, row)];
  return value === undefined || isBlank(value) ? undefined : value.trim();
};

function templateEntry(section: TemplateSection, values: SectionValues | undefined, row: number): TextEntry {
  const entry: TextEntry = { details: [], paragraphs: [], bullets: [] };
  const dates = section.input_fields.filter((field) => field.widget_type === 'date');
  const start =
    dates.find((field) => /^start/.test(field.name)) ?? (dates.length === 1 ? dates[0] : undefined);
  const end = dates.find((field) => /^end/.test(field.name));
  let ongoing = false;
  for (const field of section.input_fields) {
    const value = valueOf(values, field, row);
    if (value === undefined) continue;
    switch (field.widget_type) {
      case 'date':
        if (field !== start && field !== end) entry.details.push(printedDate(value));
        break;
      case 'checkbox':
        if (!isTicked(value)) break;
        if (start || end) ongoing = true;
        else entry.details.push(field.widget_label);
        break;
      case 'richtext-input': {
        const parts = richTextParts(value);
        entry.paragraphs.push(...parts.paragraphs);
        entry.bullets.push(...parts.bullets);
        break;
      }
      default:
        if (section.input_fields.length === 1 && !section.is_repeatable)
          entry.paragraphs.push(...paragraphsOf(value));
        else if (entry.title === undefined) entry.title = value;
        else entry.details.push(value);
    }
  }
  const range = dateRange(start && valueOf(values, start, row), end && valueOf(values, end, row), ongoing);
  if (range) entry.dates = range;
  return entry;
}

const isEmptyEntry = (entry: TextEntry) =>
  !entry.title &&
  entry.details.length === 0 &&
  !entry.dates &&
  entry.paragraphs.length === 0 &&
  entry.bullets.length === 0;

/** The CV as the reader meets it: the personal details, then what the layout shows, in its order, under its headings. */
export function cvDocument(
  sections: readonly TemplateSection[],
  formData: CvFormData,
  layout: CvLayout,
): CvDocument {
  const document: CvDocument = { contacts: [], sections: [] };
  const personal = sections[0];
  if (personal) {
    const values = formData[personal.name];
    const nameField =
      personal.input_fields.find((field) => field.name === 'full_name') ?? personal.input_fields[0];
    const headlineField = personal.input_fields.find((field) => /job_title|headline/.test(field.name));
    document.name = nameField && valueOf(values, nameField, 0);
    document.headline = headlineField && valueOf(values, headlineField, 0);
    for (const field of personal.input_fields) {
      if (field === nameField || field === headlineField) continue;
      const value = valueOf(values, field, 0);
      if (value === undefined) continue;
      if (field.widget_type === 'date') document.contacts.push(printedDate(value));
      else if (field.widget_type === 'phone-input') document.contacts.push(printedPhone(value));
      else document.contacts.push(value);
    }
  }
  for (const item of sectionOrder(sections, layout)) {
    if (isHidden(layout, item.ref)) continue;
    if (item.kind === 'custom') {
      const own = layout.custom_sections.find((section) => section.key === item.key);
      if (!own) continue;
      const entries = own.entries
        .map((raw): TextEntry => {
          const parts = richTextParts(raw.description ?? '');
          const entry: TextEntry = {
            details: [raw.subtitle, raw.location].flatMap((value) =>
              value && !isBlank(value) ? [value.trim()] : [],
            ),
            paragraphs: parts.paragraphs,
            bullets: parts.bullets,
          };
          if (raw.title && !isBlank(raw.title)) entry.title = raw.title.trim();
          const range = dateRange(
            raw.start_date?.trim() || undefined,
            raw.end_date?.trim() || undefined,
            raw.current === true,
          );
          if (range) entry.dates = range;
          return entry;
        })
        .filter((entry) => !isEmptyEntry(entry));
      if (entries.length > 0) {
        document.sections.push({ heading: sectionTitle(layout, own.key, customSectionTitle(own)), entries });
      }
      continue;
    }
    const section = sections[item.sectionIndex]!;
    const values = formData[section.name];
    const entries = filledRows(section, values)
      .map((row) => templateEntry(section, values, row))
      .filter((entry) => !isEmptyEntry(entry));
    if (entries.length > 0) {
      document.sections.push({
        heading: sectionTitle(layout, templateRef(section) ?? '', section.name),
        entries,
      });
    }
  }
  return document;
}

// ── Markdown ──

/** Characters Markdown would read as markup (or HTML) are escaped, so the text reads as it was typed. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]<>|]/g, (character) => `\\${character}`)
    .replace(/^(\s*)([#+-]|\d+\.)(\s)/gm, '$1\\$2$3');
}

/** An entry with nothing but a name and its short values (a skill and its level): no dates, no prose. */
const isShortEntry = (entry: TextEntry) =>
  entry.dates === undefined && entry.paragraphs.length === 0 && entry.bullets.length === 0;

export function toMarkdown(document: CvDocument): string {
  const out: string[] = [];
  const md = escapeMarkdown;
  if (document.name) out.push(`# ${md(document.name)}`, '');
  if (document.headline) out.push(md(document.headline), '');
  if (document.contacts.length > 0) out.push(document.contacts.map(md).join(' · '), '');
  for (const section of document.sections) {
    out.push(`## ${md(section.heading)}`, '');
    // Skills, languages, interests: entries that are a name and a few words are items of a list, not headings.
    if (section.entries.every(isShortEntry)) {
      const items = section.entries.map((entry) =>
        [entry.title ? md(entry.title) : '', entry.details.map(md).join(' · ')].filter(Boolean).join(' · '),
      );
      out.push(...items.map((item) => `- ${item}`), '');
      continue;
    }
    for (const entry of section.entries) {
      if (entry.title) out.push(`### ${md(entry.title)}`, '');
      const lines = [entry.details.map(md).join(' · '), entry.dates ? `*${md(entry.dates)}*` : ''].filter(
        Boolean,
      );
      // Two spaces end a line without ending the paragraph.
      if (lines.length > 0) out.push(lines.join('  \n'), '');
      for (const paragraph of entry.paragraphs) out.push(md(paragraph).replace(/\n/g, '  \n'), '');
      if (entry.bullets.length > 0)
        out.push(...entry.bullets.map((bullet) => `- ${md(bullet).replace(/\n/g, '  \n  ')}`), '');
    }
  }
  return `${out.join('\n').trim()}\n`;
}

// ── plain text ──

export function toPlainText(document: CvDocument): string {
  const out: string[] = [];
  if (document.name) out.push(document.name);
  if (document.headline) out.push(document.headline);
  if (document.contacts.length > 0) out.push(document.contacts.join(' | '));
  for (const section of document.sections) {
    const heading = section.heading.toLocaleUpperCase();
    out.push('', heading, '-'.repeat(Math.min(heading.length, 60)));
    section.entries.forEach((entry, index) => {
      if (index > 0) out.push('');
      const head = [entry.title, ...entry.details].filter(Boolean).join(' | ');
      if (head) out.push(head);
      if (entry.dates) out.push(entry.dates);
      out.push(...entry.paragraphs);
      out.push(...entry.bullets.map((bullet) => `- ${bullet.replace(/\n/g, '\n  ')}`));
    });
  }
  return `${out.join('\n').trim()}\n`;
}
