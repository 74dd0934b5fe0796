import { resolveDesign, type CvDesign, type RenderDesign } from './design.js';
import type {
  CustomEntry,
  CustomSection,
  CvLayout,
  FieldRole,
  FieldValue,
  InputFieldDefinition,
  SectionDefinition,
  SectionDisplay,
  TemplateDefinition,
  WidgetType,
} from './input.js';
import { breakableHtml, escapeHtml, plainTextToHtml, richTextToPlainText, sanitizeRichText } from '../text/rich-text.js';
import { PRESENT_VALUE } from '../../../rules/cv-date.js';
import { printedPhone } from '../../../rules/phone-format.js';
import type { PhotoShape, PhotoSize } from '../../../rules/design.js';
import { isLanguageCode, msg } from '../../../rules/languages.js';
import { translate } from '../i18n/translate.js';

/** One filled-in field, ready to print. `text` is what a reader sees; `html` is already safe. */
export interface RenderField {
  id: number;
  name: string;
  label: string;
  widgetType: WidgetType;
  role: FieldRole;
  /** The stored value as a string (a date stays ISO, a checkbox is "true"). */
  value: string;
  /** What is printed: a formatted date, "Present" for a ticked current-position box. */
  text: string;
  /** Safe HTML for rich text and multi-line text. */
  html?: string;
  /** A link target with an allowed scheme (http, https, mailto, tel). */
  href?: string;
}

export interface RenderEntry {
  index: number;
  title?: string;
  subtitle?: string;
  location?: string;
  /** "Mar 2020 – Present", "2019", … */
  dates?: string;
  /** ISO start/end for <time datetime>. */
  startValue?: string;
  endValue?: string;
  body?: string;
  link?: { text: string; html: string; href?: string };
  details: RenderField[];
  fields: RenderField[];
  /** Printed text by field name, for layouts that address a field directly. */
  values: Record<string, string>;
}

export interface RenderSection {
  /** The template section's id; 0 for a section of the CV's own (its key names it). */
  id: number;
  key: string;
  name: string;
  display: SectionDisplay;
  column: 'main' | 'side';
  isRepeatable: boolean;
  isText: boolean;
  isEntries: boolean;
  isList: boolean;
  isLinks: boolean;
  /**
   * How wide the heading's longest word is set in spaced capitals, in ems (as nameEms, with 0.08 em of letter
   * spacing a letter): a template whose headings sit in a narrow column sets a long one smaller rather than break it.
   */
  nameEms: number;
  entries: RenderEntry[];
}

export interface ContactItem {
  kind: 'email' | 'phone' | 'location' | 'link';
  text: string;
  /** The text, escaped, with break points: a long link or email wraps between its parts. */
  html: string;
  href?: string;
}

export interface RenderPerson {
  name?: string;
  headline?: string;
  initials: string;
  /**
   * How wide the name's longest word is, in ems of a wide bold face (DejaVu Sans Bold, the widest the Design panel
   * offers): a template with a narrow column sets the name no larger than fits it whole (nameEms), rather than
   * breaking the word, which a parser then reads as two.
   */
  nameEms: number;
  contacts: ContactItem[];
  details: RenderField[];
  /** A personal section's own prose (an objective written with the contact details). */
  body?: string;
}

export interface RenderModel {
  templateId: number;
  templateName: string;
  person: RenderPerson;
  /**
   * Every filled-in section but the personal header, in the CV's order (its layout's, else the template's), with
   * its own headings and sections and without the ones it hides.
   */
  sections: RenderSection[];
  main: RenderSection[];
  side: RenderSection[];
  isEmpty: boolean;
  /** The layouts' own words (the 'Contact' heading), in the CV's language. */
  words: { contact: string };
  /** The CV's design settings, resolved against the template's style. */
  design: RenderDesign;
  /** The CV's photo, when it has one, its design does not hide it and the template prints one (./photo.ts). */
  photo?: RenderPhoto;
}

export interface RenderPhoto {
  /** The stored JPEG as a data URL: the document fetches nothing. */
  src: string;
  shape: PhotoShape;
  size: PhotoSize;
  /** The printed side in millimetres. */
  sizeMm: number;
  border: boolean;
  grayscale: boolean;
  /** The image is grey already: the page applies no filter of its own. */
  grayscaleDrawn?: boolean;
  /** Word's copy: a square PNG with the shape, the grayscale and the border drawn in (Word has no CSS). */
  word?: Buffer;
}

function isTicked(value: string): boolean {
  return ['true', 'on', '1', 'yes'].includes(value.trim().toLowerCase());
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'Present' in the CV's language, by primary language subtag; English for a language not listed. Intl
 * names months but has no word for an ongoing position.
 */
export const PRESENT: Record<string, string> = {
  en: 'Present',
  ar: 'حتى الآن',
  he: 'עד היום',
  fa: 'تاکنون',
  ur: 'تاحال',
  zh: '至今',
  ja: '現在',
  ko: '현재',
  es: 'Actualidad',
  pt: 'Atual',
  fr: 'Aujourd’hui',
  de: 'Heute',
  it: 'Oggi',
  nl: 'Heden',
  sv: 'Nu',
  da: 'Nu',
  nb: 'Nå',
  fi: 'Nykyään',
  pl: 'Obecnie',
  cs: 'Současnost',
  ru: 'Настоящее время',
  uk: 'Теперішній час',
  tr: 'Halen',
  el: 'Σήμερα',
  hi: 'वर्तमान',
  id: 'Sekarang',
  vi: 'Hiện tại',
  th: 'ปัจจุบัน',
};

/** The language a model is being built in: set around one synchronous build (buildRenderModel), English otherwise. */
let buildLanguage = 'en';

const primary = (language: string) => language.split('-')[0]!.toLowerCase();

/**
 * The template's own words a CV prints (a detail's label such as 'Grade', 'Yes', the 'Contact' heading) in the CV's
 * language where the product speaks it (server/src/i18n/catalogues), else in English.
 */
export function printedWord(english: string, language = buildLanguage): string {
  const code = primary(language);
  return isLanguageCode(code) && code !== 'en' ? translate(code, english) : english;
}

/** The layouts' own words (the sidebar's 'Contact' heading), in `language`. */
export function layoutWords(language = buildLanguage): RenderModel['words'] {
  return { contact: printedWord(msg('Contact'), language) };
}

/** 'Present' for a ticked 'current' box, in the CV's language. */
export function presentWord(language = buildLanguage): string {
  return PRESENT[primary(language)] ?? PRESENT.en!;
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * ISO dates read as "Mar 2020" (English; a stored day is not printed, and 'present' is 'Present') or the CV's language's own short month and year ('مارس 2020',
 * '2020年3月'); anything else is printed as typed.
 */
export function formatDate(value: string, language = buildLanguage): string {
  if (value.trim().toLowerCase() === PRESENT_VALUE) return presentWord(language);
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value.trim());
  if (!match) return value.trim();
  const month = match[2] ? Number(match[2]) : 0;
  if (month < 1 || month > 12) return match[1]!;
  // English keeps the product's own abbreviations (ICU's en-GB says 'Sept').
  if (primary(language) === 'en') return `${MONTHS[month - 1]} ${match[1]}`;
  let format = monthFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    monthFormats.set(language, format);
  }
  return format.format(new Date(Date.UTC(Number(match[1]), month - 1, 1)));
}

function linkHref(value: string): string | undefined {
  const trimmed = value.trim();
  if (/^https?:\/\/[^\s]+$/i.test(trimmed)) return trimmed;
  // "linkedin.com/in/x" is how people write links on a CV.
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+(\/[^\s]*)?$/i.test(trimmed)) return `https://${trimmed}`;
  return undefined;
}

const isPhone = (field: InputFieldDefinition) => field.widget_type === 'phone-input' || field.role === 'phone';

function fieldHref(field: InputFieldDefinition, value: string): string | undefined {
  if (field.widget_type === 'email-input' || field.role === 'email') {
    return /^[^\s@<>"]+@[^\s@<>"]+$/.test(value.trim()) ? `mailto:${value.trim()}` : undefined;
  }
  if (isPhone(field)) {
    const digits = value.replace(/[^\d+]/g, '');
    return digits.length >= 5 ? `tel:${digits}` : undefined;
  }
  if (field.role === 'link') return linkHref(value);
  return undefined;
}

function buildField(field: InputFieldDefinition, value: string): RenderField | undefined {
  if (value.trim() === '') return undefined;
  const base = {
    id: field.id,
    name: field.name,
    label: printedWord(field.widget_label),
    widgetType: field.widget_type,
    role: field.role,
    value,
  };
  switch (field.widget_type) {
    case 'checkbox':
      if (!isTicked(value)) return undefined;
      return { ...base, text: field.role === 'current' ? presentWord() : printedWord(msg('Yes')) };
    case 'date':
      return { ...base, text: formatDate(value) };
    case 'richtext-input': {
      const html = sanitizeRichText(value);
      const text = richTextToPlainText(html);
      return text ? { ...base, text, html } : undefined;
    }
    default: {
      // A phone number prints in its international format ('+1 202 555 0143'), as the profile shows it.
      const text = isPhone(field) ? printedPhone(value) : value.trim();
      const href = fieldHref(field, text);
      const multiLine = field.role === 'body' || text.includes('\n');
      return {
        ...base,
        text,
        ...(multiLine ? { html: plainTextToHtml(text) } : {}),
        ...(href ? { href } : {}),
      };
    }
  }
}

function joinTexts(fields: RenderField[], role: FieldRole): string | undefined {
  const texts = fields.filter((f) => f.role === role).map((f) => f.text);
  return texts.length ? texts.join(', ') : undefined;
}

function buildEntry(index: number, fields: RenderField[]): RenderEntry {
  const start = fields.find((f) => f.role === 'start');
  const end = fields.find((f) => f.role === 'end');
  const current = fields.find((f) => f.role === 'current');
  const single = fields.find((f) => f.role === 'date');
  // A ticked "currently working here" wins over an end date: the position has not ended.
  const until = current ? current.text : end?.text;
  let dates: string | undefined;
  if (start && until) dates = `${start.text} – ${until}`;
  else if (start) dates = start.text;
  else if (until) dates = until;
  else if (single) dates = single.text;
  const bodies = fields.filter((f) => f.role === 'body' || f.widgetType === 'richtext-input');
  const link = fields.find((f) => f.role === 'link');
  const values: Record<string, string> = {};
  for (const field of fields) values[field.name] = field.text;
  return {
    index,
    title: joinTexts(fields, 'title'),
    subtitle: joinTexts(fields, 'subtitle'),
    location: joinTexts(fields, 'location'),
    dates,
    startValue: start?.value ?? single?.value,
    endValue: current || end?.value.trim().toLowerCase() === PRESENT_VALUE ? undefined : end?.value,
    body: bodies.length ? bodies.map((f) => f.html ?? '').join('') : undefined,
    link: link ? { text: link.text, html: breakableHtml(link.text), ...(link.href ? { href: link.href } : {}) } : undefined,
    details: fields.filter((f) => f.role === 'detail' && !bodies.includes(f)),
    fields,
    values,
  };
}

function initialsOf(name: string | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = Array.from(words[0])[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1])[0] ?? '') : '';
  return (first + last).toUpperCase();
}

// Advance widths in ems of DejaVu Sans Bold, rounded up: narrow letters, wide letters, capitals, the rest.
const NARROW = /[ijl.,'’`|!:;I]/u;
const SEMI_NARROW = /[frt()[\]-]/u;
const WIDE = /[mwMW]/u;
const FULL_WIDTH = /[\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;

function characterEms(character: string): number {
  if (NARROW.test(character)) return 0.38;
  if (SEMI_NARROW.test(character)) return 0.5;
  if (WIDE.test(character)) return 1.08;
  if (FULL_WIDTH.test(character)) return 1;
  if (character !== character.toLowerCase()) return 0.8;
  return 0.7;
}

/** The width of the name's longest word in ems (see RenderPerson.nameEms); 1 without a name. */
export function nameEms(name: string | undefined, letterSpacing = 0): number {
  const widths = (name ?? '')
    .split(/\s+/)
    .map((word) => [...word].reduce((sum, character) => sum + characterEms(character) + letterSpacing, 0));
  return Math.round(Math.max(1, ...widths) * 100) / 100;
}

/** A heading's longest word in spaced capitals, in ems (RenderSection.nameEms). */
export const headingEms = (heading: string) => nameEms(heading.toLocaleUpperCase(), 0.08);

function buildPerson(section: RenderSection | undefined): RenderPerson {
  const entry = section?.entries[0];
  if (!entry) return { initials: '', nameEms: 1, contacts: [], details: [] };
  const contacts: ContactItem[] = [];
  for (const field of entry.fields) {
    if (field.role === 'email' || field.role === 'phone' || field.role === 'location' || field.role === 'link') {
      contacts.push({
        kind: field.role,
        text: field.text,
        // An email or a link breaks only between its parts; a phone number or a place keeps its spaces.
        html: field.role === 'email' || field.role === 'link' ? breakableHtml(field.text) : escapeHtml(field.text),
        ...(field.href ? { href: field.href } : {}),
      });
    }
  }
  return {
    name: entry.title,
    headline: entry.subtitle,
    initials: initialsOf(entry.title),
    nameEms: nameEms(entry.title),
    contacts,
    details: entry.details,
    body: entry.body,
  };
}

function personalRoles(role: FieldRole): FieldRole {
  // In the personal section the name is the entry title and the headline its subtitle.
  if (role === 'name') return 'title';
  if (role === 'headline') return 'subtitle';
  return role;
}

// A custom section's entry is printed through the same fields as a template's dated entry.
const customField = (
  name: string,
  label: string,
  widgetType: WidgetType,
  role: FieldRole,
): InputFieldDefinition => ({
  id: 0,
  name,
  widget_label: label,
  widget_type: widgetType,
  description: '',
  is_required: false,
  role,
});
const CUSTOM_FIELDS = {
  title: customField('title', 'Title', 'text-input', 'title'),
  subtitle: customField('subtitle', 'Subtitle', 'text-input', 'subtitle'),
  location: customField('location', 'Location', 'text-input', 'location'),
  startDate: customField('start_date', 'Start date', 'date', 'start'),
  endDate: customField('end_date', 'End date', 'date', 'end'),
  current: customField('current', 'Current', 'checkbox', 'current'),
  description: customField('description', 'Description', 'richtext-input', 'body'),
} as const;

function customEntry(entry: CustomEntry, index: number): RenderEntry | undefined {
  const values: Array<[InputFieldDefinition, string]> = [
    [CUSTOM_FIELDS.title, entry.title],
    [CUSTOM_FIELDS.subtitle, entry.subtitle],
    [CUSTOM_FIELDS.location, entry.location],
    [CUSTOM_FIELDS.startDate, entry.startDate],
    [CUSTOM_FIELDS.endDate, entry.endDate],
    [CUSTOM_FIELDS.current, entry.current ? 'true' : ''],
    [CUSTOM_FIELDS.description, entry.description],
  ];
  const fields = values.flatMap(([definition, value]) => buildField(definition, value) ?? []);
  return fields.length ? buildEntry(index, fields) : undefined;
}

function customSection(section: CustomSection): RenderSection | undefined {
  const entries = section.entries.flatMap((entry, index) => customEntry(entry, index) ?? []);
  if (!entries.length) return undefined;
  return {
    id: 0,
    key: section.key,
    name: section.title,
    display: 'entries',
    column: 'main',
    isRepeatable: true,
    isText: false,
    isEntries: true,
    isList: false,
    isLinks: false,
    nameEms: headingEms(section.title),
    entries,
  };
}

const refOf = (section: RenderSection) => (section.id ? String(section.id) : section.key);

/** The CV's own structure over its template's: custom sections added, hidden ones left out, renamed, reordered. */
function applyLayout(sections: RenderSection[], layout: CvLayout | null): RenderSection[] {
  if (!layout) return sections;
  const hidden = new Set(layout.hiddenSections);
  const all = [...sections, ...layout.customSections.flatMap((section) => customSection(section) ?? [])]
    .filter((section) => !hidden.has(refOf(section)))
    .map((section) => {
      const title = layout.sectionTitles[refOf(section)];
      return title ? { ...section, name: title, nameEms: headingEms(title) } : section;
    });
  const position = new Map(layout.sectionOrder.map((ref, i) => [ref, i]));
  // Sections the order names come first, as it names them; the rest keep their place after them.
  return all
    .map((section, i) => ({ section, rank: position.get(refOf(section)) ?? layout.sectionOrder.length + i }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ section }) => section);
}

function printedText(person: RenderPerson, sections: RenderSection[]): { name: string; all: string } {
  const parts = [person.name ?? '', person.headline ?? ''];
  for (const section of sections) {
    for (const entry of section.entries) for (const field of entry.fields) parts.push(field.text);
  }
  return { name: person.name ?? '', all: parts.join(' ') };
}

/**
 * The model a template prints for a CV's values (read and checked by cv-input/values.ts), shaped by the CV's layout
 * and design when it has them.
 */
export function buildRenderModel(
  template: TemplateDefinition,
  cells: readonly FieldValue[],
  layout: CvLayout | null = null,
  design: CvDesign | null = null,
): RenderModel {
  // Dates and 'Present' in the CV's language, for this build only (it is synchronous).
  const previous = buildLanguage;
  buildLanguage = design?.language ?? 'en';
  try {
    return buildModelIn(template, cells, layout, design);
  } finally {
    buildLanguage = previous;
  }
}

function buildModelIn(
  template: TemplateDefinition,
  cells: readonly FieldValue[],
  layout: CvLayout | null,
  design: CvDesign | null,
): RenderModel {
  const fieldIndex = new Map<number, { section: SectionDefinition; field: InputFieldDefinition }>();
  for (const section of template.sections) {
    for (const field of section.input_fields) fieldIndex.set(field.id, { section, field });
  }
  // section id → repeat index → field id → value; the last value given for a cell wins.
  const grid = new Map<number, Map<number, Map<number, string>>>();
  for (const cell of cells) {
    const owner = fieldIndex.get(cell.fieldId);
    if (!owner || !owner.section.is_active) continue;
    const index = owner.section.is_repeatable ? cell.index : 0;
    if (!owner.section.is_repeatable && cell.index !== 0) continue;
    let rows = grid.get(owner.section.id);
    if (!rows) grid.set(owner.section.id, (rows = new Map()));
    let row = rows.get(index);
    if (!row) rows.set(index, (row = new Map()));
    row.set(cell.fieldId, cell.value);
  }

  const sections: RenderSection[] = [];
  let personal: RenderSection | undefined;
  for (const section of template.sections) {
    const rows = grid.get(section.id);
    if (!section.is_active || !rows) continue;
    const entries: RenderEntry[] = [];
    for (const index of [...rows.keys()].sort((a, b) => a - b)) {
      const row = rows.get(index)!;
      const fields: RenderField[] = [];
      for (const definition of section.input_fields) {
        const raw = row.get(definition.id);
        if (raw === undefined) continue;
        const field = buildField(definition, raw);
        if (!field) continue;
        fields.push(section.display === 'personal' ? { ...field, role: personalRoles(field.role) } : field);
      }
      if (fields.length) entries.push(buildEntry(index, fields));
    }
    if (!entries.length) continue;
    const rendered: RenderSection = {
      id: section.id,
      key: section.key,
      name: section.name,
      display: section.display,
      column: section.column,
      isRepeatable: section.is_repeatable,
      isText: section.display === 'text',
      isEntries: section.display === 'entries',
      isList: section.display === 'list',
      isLinks: section.display === 'links',
      nameEms: headingEms(section.name),
      entries,
    };
    if (section.display === 'personal' && !personal) personal = rendered;
    else sections.push(rendered);
  }
  const shaped = applyLayout(sections, layout);
  const person = buildPerson(personal);
  return {
    templateId: template.id,
    templateName: template.name,
    person,
    sections: shaped,
    main: shaped.filter((s) => s.column === 'main'),
    side: shaped.filter((s) => s.column === 'side'),
    isEmpty: !personal && shaped.length === 0,
    words: layoutWords(),
    design: resolveDesign(design, template.style, () => printedText(person, shaped)),
  };
}
