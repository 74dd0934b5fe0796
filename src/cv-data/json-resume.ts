import { fullFormats } from 'ajv-formats/dist/formats';
import { resumeMonth } from '../../rules/cv-date';
import { msg } from '../../rules/languages';
import type { CvLayout } from '../api/cvs';
import type { InputField, TemplateSection } from '../api/templates';
import {
  MAX_CUSTOM_DATE_LENGTH,
  MAX_CUSTOM_ENTRY_TEXT_LENGTH,
  MAX_CUSTOM_SECTION_ENTRIES,
  MAX_CUSTOM_SECTIONS,
  MAX_FIELD_LENGTH,
  MAX_REPEAT_INDEX,
  isAllowedLink,
  linkScheme,
  sectionRefKey,
  type CustomEntryShape,
  type CustomSectionShape,
} from '../../rules/cv';
import { filledRows, formDataKey, isBlank, type CvFormData, type SectionValues } from '../cv/form-data';
import {
  EMPTY_LAYOUT,
  customSectionTitle,
  emptyCustomEntry,
  isHidden,
  sectionOrder,
  templateRef,
} from '../cv/layout';
import { CHECKBOX_TICKED, isTicked } from '../cv/widgets';
import { fieldProblems, problemPlace } from '../cv/field-rules';
import type { ImportSummary, NotImported } from './import-summary';
import { paragraphsOf, richTextHtml, richTextParts } from './rich-text';

export {
  describeFlagged,
  describeImport,
  type FlaggedValue,
  type ImportSummary,
  type NotImported,
  type Say,
} from './import-summary';

// JSON Resume (https://jsonresume.org/schema, v1) and the builder's form data, both ways. Pure functions: the import
// machine and the export actions build on them. A template's sections are matched by meaning, read from their field
// names (a section holding `company` is work experience, whatever its heading); what a template has no section for
// comes in as a section of the CV's own, keyed `custom-<JSON Resume section>` so that it goes back out where it came
// from. What JSON Resume has no place for (a template section such as Teaching, a section of one's own, the CV's
// order and headings) travels in `meta.cvBuilder`, which other JSON Resume tools ignore.
//
// Nothing is dropped on the way in (docs/features/imports.md): the older field names (`company`, `website`, `gpa`…)
// are read as their 1.0 names; what a template has no field for (a course, a company's link, the street) goes to a
// section of the CV's own, "More on …", as "Label: value" lines that an export reads back into their properties;
// a link with a scheme other than http, https or mailto is refused and named; a value the CV's field rules refuse (a
// phone number that cannot exist) is kept as written and named, so the person puts it right at its field.

type Item = Record<string, unknown>;

/** A JSON Resume document: an object of sections (the schema allows properties of one's own). */
export type JsonResume = Item;

/** The JSON Resume sections that are lists of entries (profiles live in `basics.profiles`). */
export const LIST_KINDS = [
  'work',
  'volunteer',
  'education',
  'awards',
  'certificates',
  'publications',
  'skills',
  'languages',
  'interests',
  'references',
  'projects',
  'profiles',
] as const;
export type ListKind = (typeof LIST_KINDS)[number];
export type SectionKind = 'basics' | 'summary' | ListKind;

/** The heading of a section of one's own that holds a JSON Resume section the template has no place for. */
export const KIND_TITLES: Record<ListKind | 'summary', string> = {
  summary: 'Summary',
  work: 'Work Experience',
  volunteer: 'Volunteering',
  education: 'Education',
  awards: 'Awards',
  certificates: 'Certificates',
  publications: 'Publications',
  skills: 'Skills',
  languages: 'Languages',
  interests: 'Interests',
  references: 'References',
  projects: 'Projects',
  profiles: 'Profiles',
};

export const JSON_RESUME_SCHEMA_URL =
  'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json';
export const JSON_RESUME_VERSION = 'v1.0.0';

// ── reading values ──

const isItem = (value: unknown): value is Item =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function str(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function strings(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => str(entry) ?? []);
}

const ISO_DATE = /^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$/;

/**
 * A JSON Resume date in a date field: as precise as it was written (a year stays 2020, a month 2020-03), since the
 * field keeps a year or a month as well as a day; anything else as written, for the field to flag.
 */
export function formDate(value: unknown): string | undefined {
  return str(value);
}

/**
 * A form date as JSON Resume takes it: month and year at most, as the CV prints it (a stored day is not invented
 * further: '2020-03-15' goes out as '2020-03'). 'present' and anything that is not a date have no place there: an
 * entry without an end date is one that has not ended (docs/decisions/0043-month-and-year-dates.md).
 */
export function resumeDate(value: string): string | undefined {
  const text = value.trim();
  return ISO_DATE.test(text) ? resumeMonth(text) : undefined;
}

const isEmail = (value: string) => (fullFormats.email as RegExp).test(value);
const isUri = (value: string) => (fullFormats.uri as (text: string) => boolean)(value);

/** A link as a URI: "linkedin.com/in/x" is how people write links, JSON Resume wants "https://linkedin.com/in/x". */
export function asUri(value: string): string | undefined {
  const text = value.trim();
  if (text === '' || !isAllowedLink(text)) return undefined;
  if (isUri(text)) return text;
  const withScheme = `https://${text}`;
  return /^[^\s/]+\.[^\s/]+/.test(text) && isUri(withScheme) ? withScheme : undefined;
}

// ── slots: one JSON Resume property and the template field that holds it ──

interface Slot {
  /** The template field names that hold it, by preference. */
  fields: readonly string[];
  /** The properties of an item it reads: placed once it has a field and a value. */
  props: readonly string[];
  read: (item: Item, field: Pick<InputField, 'widget_type'>) => string | undefined;
  write: (item: Item, value: string, field: Pick<InputField, 'widget_type'>) => void;
}

const RICH = { widget_type: 'richtext-input' } as const;
const PLAIN = { widget_type: 'text-input' } as const;
const isRich = (field: Pick<InputField, 'widget_type'>) => field.widget_type === 'richtext-input';

/** A list the builder writes as one text: 'a, b, c'. */
const splitList = (value: string) => value.split(/\s*,\s*/).filter((entry) => entry !== '');

const text = (prop: string, ...fields: string[]): Slot => ({
  fields,
  props: [prop],
  read: (item) => str(item[prop]),
  write: (item, value) => {
    item[prop] = value;
  },
});

const date = (prop: string, ...fields: string[]): Slot => ({
  fields,
  props: [prop],
  read: (item) => formDate(item[prop]),
  write: (item, value) => {
    const iso = resumeDate(value);
    if (iso !== undefined) item[prop] = iso;
  },
});

/** A custom entry keeps a JSON Resume date as it is (2020-03): its dates are ISO or what the person typed; out, a month. */
const customDate = (prop: string): Slot => ({
  fields: [],
  props: [prop],
  read: (item) => str(item[prop])?.slice(0, MAX_CUSTOM_DATE_LENGTH),
  write: (item, value) => {
    const iso = resumeDate(value);
    if (iso !== undefined) item[prop] = iso;
  },
});

/** JSON Resume says 'ongoing' by leaving the end date out; the builder by a ticked box. */
const current = (...fields: string[]): Slot => ({
  fields,
  props: [],
  read: (item) =>
    str(item.startDate) !== undefined && str(item.endDate) === undefined ? CHECKBOX_TICKED : undefined,
  write: (item, value) => {
    if (isTicked(value)) delete item.endDate;
  },
});

const uri = (prop: string, ...fields: string[]): Slot => ({
  fields,
  props: [prop],
  read: (item) => str(item[prop]),
  write: (item, value) => {
    const link = asUri(value);
    if (link !== undefined) item[prop] = link;
  },
});

const BULLET = '• ';

/** A description: JSON Resume's summary (paragraphs) and highlights (bullets), the editor's paragraphs and list. */
const body = (summaryProp: string, listProp: string | undefined, ...fields: string[]): Slot => ({
  fields,
  props: listProp ? [summaryProp, listProp] : [summaryProp],
  read: (item, field) => {
    const paragraphs = paragraphsOf(str(item[summaryProp]));
    const bullets = listProp ? strings(item[listProp]) : [];
    if (paragraphs.length === 0 && bullets.length === 0) return undefined;
    if (isRich(field)) return richTextHtml({ paragraphs, bullets });
    // A plain box holds the highlights as lines of their own, each after a bullet, which an export reads back.
    return [paragraphs.join('\n\n'), ...bullets.map((bullet) => `${BULLET}${bullet}`)]
      .filter((part) => part !== '')
      .join('\n');
  },
  write: (item, value, field) => {
    if (!isRich(field)) {
      const lines = value.split('\n');
      const bullets = listProp ? lines.filter((line) => line.startsWith(BULLET)) : [];
      const text = lines
        .filter((line) => !bullets.includes(line))
        .join('\n')
        .trim();
      if (text !== '') item[summaryProp] = text;
      if (listProp && bullets.length > 0)
        item[listProp] = bullets.map((line) => line.slice(BULLET.length).trim());
      return;
    }
    const { paragraphs, bullets } = richTextParts(value);
    if (paragraphs.length > 0) item[summaryProp] = paragraphs.join('\n\n');
    if (bullets.length > 0) {
      if (listProp) item[listProp] = bullets;
      else item[summaryProp] = [...paragraphs, ...bullets].join('\n\n');
    }
  },
});

/** A list as the builder writes it: one text, comma-separated ('GoogleMaps, Chrome'). */
const list = (prop: string, ...fields: string[]): Slot => ({
  fields,
  props: [prop],
  read: (item) => {
    const values = strings(item[prop]);
    return values.length > 0 ? values.join(', ') : undefined;
  },
  write: (item, value) => {
    const values = splitList(value);
    if (values.length > 0) item[prop] = values;
  },
});

/**
 * A skill or an interest: its name, with its keywords after a colon (a template holds one text for both:
 * 'Web Development: HTML, CSS'); an export splits them again.
 */
const named = (...fields: string[]): Slot => ({
  fields,
  props: ['name', 'keywords'],
  read: (item) => {
    const name = str(item.name);
    const keywords = strings(item.keywords);
    if (keywords.length === 0) return name;
    return `${name ?? ''}: ${keywords.join(', ')}`;
  },
  write: (item, value) => {
    const colon = value.indexOf(': ');
    if (colon < 0) {
      item.name = value;
      return;
    }
    const name = value.slice(0, colon).trim();
    const keywords = splitList(value.slice(colon + 2));
    if (name !== '') item.name = name;
    if (keywords.length > 0) item.keywords = keywords;
  },
});

/**
 * A degree: JSON Resume splits it into the kind of study and its area; a template holds 'Bachelor in Physics' in one
 * field, and an export splits it at its first ' in ' again (a degree written without one is its area).
 */
const degree = (...fields: string[]): Slot => ({
  fields,
  props: ['studyType', 'area'],
  read: (item) => {
    const [type, area] = [str(item.studyType), str(item.area)];
    return type !== undefined && area !== undefined ? `${type} in ${area}` : (area ?? type);
  },
  write: (item, value) => {
    const at = value.indexOf(' in ');
    if (at > 0) {
      item.studyType = value.slice(0, at).trim();
      item.area = value.slice(at + 4).trim();
    } else item.area = value;
  },
});

interface KindSpec {
  /** A template section holding one of these fields is this kind of section. */
  markers: readonly string[];
  slots: readonly Slot[];
  /** The same item as an entry of a section of one's own. */
  custom: Partial<
    Record<'title' | 'subtitle' | 'location' | 'start_date' | 'end_date' | 'description', Slot>
  >;
  /** The property that names an item ('Pied Piper'), then the one named when it is missing. */
  identity: readonly string[];
  /** Every property the schema gives the item, with the words a "More on …" line says it in. */
  labels: Readonly<Record<string, string>>;
}

/** The words of the properties a list holds one line per value of (a course, a keyword). */
const LIST_PROPS = new Set(['highlights', 'courses', 'keywords', 'roles']);

const DATES = { startDate: 'Start date', endDate: 'End date' };

const KINDS: Record<ListKind, KindSpec> = {
  work: {
    markers: ['company'],
    slots: [
      text('position', 'job_title'),
      text('name', 'company'),
      text('location', 'location'),
      date('startDate', 'start_date'),
      date('endDate', 'end_date'),
      current('currently_working'),
      body('summary', 'highlights', 'description'),
    ],
    custom: {
      title: text('position'),
      subtitle: text('name'),
      location: text('location'),
      start_date: customDate('startDate'),
      end_date: customDate('endDate'),
      description: body('summary', 'highlights'),
    },
    identity: ['name', 'position'],
    labels: {
      name: 'Company',
      location: 'Location',
      description: 'About the company',
      position: 'Position',
      url: 'Website',
      ...DATES,
      summary: 'Summary',
      highlights: 'Highlight',
    },
  },
  volunteer: {
    markers: ['volunteer_role'],
    slots: [
      text('position', 'volunteer_role'),
      text('organization', 'organisation'),
      date('startDate', 'start_date'),
      date('endDate', 'end_date'),
      current('currently_volunteering'),
      body('summary', 'highlights', 'volunteer_description'),
    ],
    custom: {
      title: text('position'),
      subtitle: text('organization'),
      location: uri('url'),
      start_date: customDate('startDate'),
      end_date: customDate('endDate'),
      description: body('summary', 'highlights'),
    },
    identity: ['organization', 'position'],
    labels: {
      organization: 'Organisation',
      position: 'Role',
      url: 'Website',
      ...DATES,
      summary: 'Summary',
      highlights: 'Highlight',
    },
  },
  education: {
    markers: ['institution'],
    slots: [
      degree('degree'),
      text('institution', 'institution'),
      text('location', 'location'),
      date('startDate', 'start_date'),
      date('endDate', 'end_date'),
      text('score', 'grade'),
      body('summary', 'courses', 'education_description', 'coursework'),
    ],
    custom: {
      title: degree(),
      subtitle: text('institution'),
      location: text('location'),
      start_date: customDate('startDate'),
      end_date: customDate('endDate'),
      description: body('summary', 'courses'),
    },
    identity: ['institution', 'area'],
    labels: {
      institution: 'Institution',
      url: 'Website',
      area: 'Field of study',
      studyType: 'Type of study',
      ...DATES,
      score: 'Score',
      courses: 'Course',
    },
  },
  awards: {
    markers: ['award_name'],
    slots: [
      text('title', 'award_name'),
      text('awarder', 'awarding_body', 'organisation'),
      date('date', 'award_date'),
      body('summary', undefined, 'award_details', 'award_detail'),
    ],
    custom: {
      title: text('title'),
      subtitle: text('awarder'),
      start_date: customDate('date'),
      description: body('summary', undefined),
    },
    identity: ['title'],
    labels: { title: 'Title', date: 'Date', awarder: 'Awarder', summary: 'Summary' },
  },
  certificates: {
    markers: ['certification_name'],
    slots: [
      text('name', 'certification_name'),
      text('issuer', 'issuer'),
      date('date', 'issue_date'),
      uri('url', 'credential_url'),
    ],
    custom: {
      title: text('name'),
      subtitle: text('issuer'),
      start_date: customDate('date'),
      location: uri('url'),
    },
    identity: ['name'],
    labels: { name: 'Name', date: 'Date', url: 'Link', issuer: 'Issuer' },
  },
  publications: {
    markers: ['publication_title'],
    slots: [
      text('name', 'publication_title'),
      text('authors', 'authors'),
      text('publisher', 'venue'),
      date('releaseDate', 'publication_date'),
      uri('url', 'publication_url'),
    ],
    custom: {
      title: text('name'),
      subtitle: text('publisher'),
      start_date: customDate('releaseDate'),
      location: uri('url'),
      description: body('summary', undefined),
    },
    identity: ['name'],
    labels: {
      name: 'Title',
      publisher: 'Publisher',
      releaseDate: 'Release date',
      url: 'Link',
      summary: 'Summary',
    },
  },
  skills: {
    markers: ['skill_name'],
    slots: [named('skill_name'), text('level', 'skill_level')],
    custom: { title: named(), subtitle: text('level') },
    identity: ['name'],
    labels: { name: 'Name', level: 'Level', keywords: 'Keyword' },
  },
  languages: {
    markers: ['language'],
    slots: [text('language', 'language'), text('fluency', 'proficiency')],
    custom: { title: text('language'), subtitle: text('fluency') },
    identity: ['language'],
    labels: { language: 'Language', fluency: 'Fluency' },
  },
  interests: {
    markers: ['interest'],
    slots: [named('interest')],
    custom: { title: named() },
    identity: ['name'],
    labels: { name: 'Name', keywords: 'Keyword' },
  },
  references: {
    markers: ['reference'],
    slots: [text('name', 'reference_name'), body('reference', undefined, 'reference')],
    custom: { title: text('name'), description: body('reference', undefined) },
    identity: ['name'],
    labels: { name: 'Name', reference: 'Reference' },
  },
  projects: {
    markers: ['project_name'],
    slots: [
      text('name', 'project_name'),
      list('roles', 'project_role'),
      date('startDate', 'start_date'),
      date('endDate', 'end_date'),
      uri('url', 'project_url'),
      list('keywords', 'technologies'),
      body('description', 'highlights', 'project_description'),
    ],
    custom: {
      title: text('name'),
      subtitle: list('roles'),
      start_date: customDate('startDate'),
      end_date: customDate('endDate'),
      location: uri('url'),
      description: body('description', 'highlights'),
    },
    identity: ['name'],
    labels: {
      name: 'Name',
      description: 'Description',
      highlights: 'Highlight',
      keywords: 'Keyword',
      ...DATES,
      url: 'Link',
      roles: 'Role',
      entity: 'Entity',
      type: 'Type',
    },
  },
  profiles: {
    markers: ['link_url'],
    slots: [text('network', 'link_label'), uri('url', 'link_url'), text('username', 'link_description')],
    custom: { title: text('network'), subtitle: text('username'), location: uri('url') },
    identity: ['network'],
    labels: { network: 'Network', username: 'Username', url: 'Link' },
  },
};

/** The personal details' properties, with the words a "More on …" line says them in. */
const BASICS_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  label: 'Title',
  image: 'Photo',
  email: 'Email',
  phone: 'Phone',
  url: 'Website',
  summary: 'Summary',
  address: 'Address',
  postalCode: 'Postal code',
  city: 'City',
  countryCode: 'Country code',
  region: 'Region',
};
const LOCATION_PROPS = new Set(['address', 'postalCode', 'city', 'countryCode', 'region']);

/** The properties that hold a link, checked against the allow-list on the way in. */
const LINK_PROPS = new Set(['url', 'image']);

const SUMMARY_FIELD_TYPES = new Set(['text-input', 'richtext-input']);

/** Which JSON Resume section a template section holds, read from its fields; undefined when none does (Teaching). */
export function sectionKind(section: TemplateSection, index: number): SectionKind | undefined {
  if (index === 0) return 'basics';
  const names = new Set(section.input_fields.map((field) => field.name));
  for (const kind of LIST_KINDS) {
    if (KINDS[kind].markers.some((marker) => names.has(marker))) return kind;
  }
  const [only] = section.input_fields;
  if (
    !section.is_repeatable &&
    section.input_fields.length === 1 &&
    SUMMARY_FIELD_TYPES.has(only!.widget_type)
  ) {
    return 'summary';
  }
  return undefined;
}

/** Each JSON Resume section's place in a template: the first section of that kind. */
function placesOf(sections: readonly TemplateSection[]): Map<SectionKind, TemplateSection> {
  const places = new Map<SectionKind, TemplateSection>();
  sections.forEach((section, index) => {
    const kind = sectionKind(section, index);
    if (kind !== undefined && !places.has(kind)) places.set(kind, section);
  });
  return places;
}

const fieldNamed = (section: TemplateSection, names: readonly string[]) =>
  names.map((name) => section.input_fields.find((field) => field.name === name)).find((field) => field);

const valueOf = (values: SectionValues | undefined, field: InputField, row: number) =>
  values?.[formDataKey(field.name, field.id, row)];

// ── basics ──

/** Personal-detail links and the networks they are in JSON Resume's profiles. */
const PROFILE_FIELDS: ReadonlyArray<{ field: string; network: string; matches: RegExp }> = [
  { field: 'linkedin', network: 'LinkedIn', matches: /^linked\s*in$/i },
  { field: 'github', network: 'GitHub', matches: /^git\s*hub$/i },
  { field: 'orcid', network: 'ORCID', matches: /^orcid$/i },
  { field: 'portfolio_site', network: 'Portfolio', matches: /^(portfolio|website|personal site|homepage)$/i },
];

const BASICS_TEXT: ReadonlyArray<[prop: string, field: string]> = [
  ['name', 'full_name'],
  ['label', 'job_title'],
  ['phone', 'phone'],
];

/** The parts of a location a CV's location line shows: the town, its region, its country. */
const LOCATION_LINE = ['city', 'region', 'countryCode'] as const;

function locationText(value: unknown): string | undefined {
  if (typeof value === 'string') return str(value);
  if (!isItem(value)) return undefined;
  const parts = LOCATION_LINE.flatMap((part) => str(value[part]) ?? []);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/**
 * A location line in its parts: 'San Francisco, California, US' is a town, a region and a country code (ISO 3166,
 * as JSON Resume's countryCode); any other line is the town, as written.
 */
function locationOf(line: string): Item {
  const parts = line.split(/\s*,\s*/);
  if (parts.length === 3 && parts.every((part) => part !== '') && /^[A-Z]{2}$/.test(parts[2]!)) {
    return { city: parts[0], region: parts[1], countryCode: parts[2] };
  }
  return { city: line };
}

// ── the older names ──

/** The names JSON Resume used before 1.0 (resume-schema's change log), and the ones that replaced them. */
const OLDER_NAMES: Partial<Record<ListKind | 'basics' | 'location', Readonly<Record<string, string>>>> = {
  basics: { website: 'url', picture: 'image' },
  location: { state: 'region' },
  work: { company: 'name', website: 'url' },
  volunteer: { website: 'url' },
  education: { gpa: 'score' },
  awards: { awardDate: 'date' },
  publications: { website: 'url' },
  languages: { name: 'language', level: 'fluency' },
};
const OLDER_SECTIONS: Readonly<Record<string, string>> = { bio: 'basics', hobbies: 'interests' };

/** An item with its older names read as the new ones; an older name whose new one is also there stays as it is. */
function renamed(item: Item, names: Readonly<Record<string, string>> | undefined): Item {
  if (!names) return item;
  const result: Item = {};
  for (const [prop, value] of Object.entries(item)) {
    const newer = names[prop];
    if (newer !== undefined && item[newer] === undefined) result[newer] = value;
    else result[prop] = value;
  }
  return result;
}

/** A resume written with the names of JSON Resume before 1.0 (`company`, `website`, `gpa`…) in 1.0's names. */
export function withCurrentNames(resume: JsonResume): JsonResume {
  const document: JsonResume = {};
  for (const [key, value] of Object.entries(resume)) {
    const newer = OLDER_SECTIONS[key];
    if (newer !== undefined && resume[newer] === undefined) document[newer] = value;
    else document[key] = value;
  }
  if (isItem(document.basics)) {
    const basics = renamed(document.basics, OLDER_NAMES.basics);
    if (basics.name === undefined && (str(basics.firstName) || str(basics.lastName))) {
      basics.name = [str(basics.firstName), str(basics.lastName)].filter(Boolean).join(' ');
      delete basics.firstName;
      delete basics.lastName;
    }
    if (isItem(basics.location)) basics.location = renamed(basics.location, OLDER_NAMES.location);
    document.basics = basics;
  }
  for (const kind of LIST_KINDS) {
    const items = document[kind];
    if (kind !== 'profiles' && Array.isArray(items))
      document[kind] = items.map((item) => (isItem(item) ? renamed(item, OLDER_NAMES[kind]) : item));
  }
  return document;
}

// ── links ──

/** A value written as an address with a scheme the CV refuses ('javascript:…', 'data:…'), or undefined. */
function refusedScheme(prop: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // A link property is a link whatever it says; any other text only when it is one address and nothing else.
  if (!LINK_PROPS.has(prop) && !/^\s*[a-z][a-z0-9+.-]*:\S*\s*$/i.test(value)) return undefined;
  return isAllowedLink(value) ? undefined : linkScheme(value);
}

/** The item without the addresses it may not keep, each named where it was. */
function withoutRefusedLinks(item: Item, path: string, refused: NotImported[]): Item {
  const kept: Item = {};
  for (const [prop, value] of Object.entries(item)) {
    const scheme = refusedScheme(prop, value);
    if (scheme !== undefined)
      refused.push({
        id: msg('{place} ({scheme}: addresses are not allowed)'),
        values: { place: `${path}.${prop}`, scheme },
      });
    else kept[prop] = value;
  }
  return kept;
}

/**
 * The resume without addresses whose scheme is not http, https or mailto (rules/cv.ts's ALLOWED_LINK_SCHEMES, the
 * server's own list): a `javascript:` or `data:` address never reaches a field, a preview or an export.
 */
function withAllowedLinks(resume: JsonResume, refused: NotImported[]): JsonResume {
  const document: JsonResume = { ...resume };
  if (isItem(document.basics)) {
    const basics = withoutRefusedLinks(document.basics, 'basics', refused);
    if (Array.isArray(basics.profiles)) {
      basics.profiles = basics.profiles.map((profile, index) =>
        isItem(profile) ? withoutRefusedLinks(profile, `basics.profiles[${index}]`, refused) : profile,
      );
    }
    document.basics = basics;
  }
  for (const kind of LIST_KINDS) {
    const items = document[kind];
    if (kind !== 'profiles' && Array.isArray(items)) {
      document[kind] = items.map((item, index) =>
        isItem(item) ? withoutRefusedLinks(item, `${kind}[${index}]`, refused) : item,
      );
    }
  }
  return document;
}

// ── the photo ──

/** The image types a photo is read from, by the bytes each starts with (the data URL's own type is not trusted). */
const PHOTO_SIGNATURES: ReadonlyArray<{ type: string; matches: (bytes: string) => boolean }> = [
  { type: 'image/jpeg', matches: (bytes) => bytes.startsWith('\xff\xd8\xff') },
  { type: 'image/png', matches: (bytes) => bytes.startsWith('\x89PNG\r\n\x1a\n') },
  { type: 'image/webp', matches: (bytes) => bytes.startsWith('RIFF') && bytes.slice(8, 12) === 'WEBP' },
];
const DATA_URL = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)(?:;[a-z0-9=.+-]+)*;base64,([A-Za-z0-9+/=\s]+)$/i;

/**
 * `basics.image` as the CV's photo: a data URL of a JPEG, PNG or WebP image (checked by its first bytes) comes back
 * as the data URL, which the builder holds as a photo chosen there until a save uploads it (the server decodes,
 * cleans and re-encodes it as any upload). Anything else is undefined: an address is never fetched.
 */
export function photoOfImage(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DATA_URL.exec(value.trim());
  if (!match) return undefined;
  const base64 = match[2]!.replace(/\s+/g, '');
  let head: string;
  try {
    head = atob(base64.slice(0, 16));
  } catch {
    return undefined;
  }
  const kind = PHOTO_SIGNATURES.find((signature) => signature.matches(head));
  return kind ? `data:${kind.type};base64,${base64}` : undefined;
}

const isAddress = (value: unknown): value is string =>
  typeof value === 'string' && /^\s*https?:\/\//i.test(value);

/**
 * The resume without its `basics.image` when that is a photo the CV takes (returned beside it). Anything else stays:
 * an address in a "More on …" line, unfetched; a data URL of another kind (an SVG) is refused with the other links.
 */
function withoutPhoto(resume: JsonResume): { resume: JsonResume; photo?: string } {
  if (!isItem(resume.basics)) return { resume };
  const { image, ...basics } = resume.basics;
  const photo = photoOfImage(image);
  return photo !== undefined ? { resume: { ...resume, basics }, photo } : { resume };
}

// ── import ──

export interface ImportedCv {
  /** Every template section's values, by section name. */
  formData: CvFormData;
  layout: CvLayout;
  summary: ImportSummary;
  /** The photo `basics.image` carried, as a data URL of a JPEG, PNG or WebP image: the CV's photo, not saved yet. */
  photo?: string;
}

/** What a file this product exported carries beside JSON Resume (`meta.cvBuilder`). */
interface CvBuilderMeta {
  template?: number;
  layout?: Pick<CvLayout, 'section_order' | 'hidden_sections' | 'section_titles'>;
  /** Template sections JSON Resume has no place for: their entries as field name → value. */
  sections?: Array<{ name: string; entries: Array<Record<string, string>> }>;
  customSections?: CustomSectionShape[];
}

function clip(value: string | undefined, max: number): string {
  return (value ?? '').slice(0, max);
}

/** A value a "More on …" line can say: a text, a number, true or false. */
function scalar(value: unknown): string | undefined {
  if (typeof value === 'boolean') return String(value);
  return str(value);
}

/**
 * The properties of an item that found no field, as "Label: value" lines (one per value of a list: 'Course: DB1101');
 * a value that is not text (an object of one's own) is named as not imported.
 */
function leftoverLines(
  labels: Readonly<Record<string, string>>,
  item: Item,
  placed: ReadonlySet<string>,
  path: string,
  notImported: NotImported[],
): string[] {
  const lines: string[] = [];
  for (const [prop, value] of Object.entries(item)) {
    if (placed.has(prop) || value === null || value === undefined) continue;
    const label = labels[prop] ?? prop;
    for (const one of Array.isArray(value) ? value : [value]) {
      const text = scalar(one);
      if (text !== undefined) lines.push(`${label}: ${text}`);
      else if (one !== null && one !== '' && !(typeof one === 'string')) notImported.push(`${path}.${prop}`);
    }
  }
  return lines;
}

function customEntryOf(kind: ListKind, item: Item): { entry?: CustomEntryShape; placed: Set<string> } {
  const shape = KINDS[kind].custom;
  const entry = emptyCustomEntry();
  const placed = new Set<string>();
  const read = (slot: Slot | undefined, field: Pick<InputField, 'widget_type'>, max: number) => {
    const value = slot?.read(item, field);
    if (slot && value !== undefined) slot.props.forEach((prop) => placed.add(prop));
    return clip(value, max);
  };
  entry.title = read(shape.title, PLAIN, MAX_CUSTOM_ENTRY_TEXT_LENGTH);
  entry.subtitle = read(shape.subtitle, PLAIN, MAX_CUSTOM_ENTRY_TEXT_LENGTH);
  entry.location = read(shape.location, PLAIN, MAX_CUSTOM_ENTRY_TEXT_LENGTH);
  entry.start_date = read(shape.start_date, PLAIN, MAX_CUSTOM_DATE_LENGTH);
  entry.end_date = read(shape.end_date, PLAIN, MAX_CUSTOM_DATE_LENGTH);
  entry.current = shape.end_date !== undefined && entry.start_date !== '' && entry.end_date === '';
  entry.description = read(shape.description, RICH, MAX_FIELD_LENGTH);
  const filled = [
    entry.title,
    entry.subtitle,
    entry.location,
    entry.start_date,
    entry.end_date,
    entry.description,
  ];
  return { entry: filled.some((value) => value !== '') ? entry : undefined, placed };
}

/** The key of the section of one's own that holds what a kind's fields could not: `custom-work-details`. */
const detailsKey = (kind: ListKind | 'basics') => `custom-${kind}-details`;
const DETAILS_KEY = /^custom-([a-z]+)-details$/;
const detailsTitle = (name: string) => `More on ${name}`;

const identityOf = (kind: ListKind, item: Item) =>
  KINDS[kind].identity.map((prop) => str(item[prop])).find((value) => value !== undefined) ?? '';

/** A section name as a heading: 'side_projects' → 'Side projects'. */
const headingOf = (key: string) => {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'section';

/** A part of the resume that JSON Resume does not name (`"talks": […]`) as entries of a section of one's own. */
function looseEntries(value: unknown, path: string, notImported: NotImported[]): CustomEntryShape[] {
  const entryOf = (one: unknown, at: string): CustomEntryShape[] => {
    const text = scalar(one);
    if (text !== undefined)
      return [{ ...emptyCustomEntry(), title: clip(text, MAX_CUSTOM_ENTRY_TEXT_LENGTH) }];
    if (!isItem(one)) {
      if (one !== null && one !== undefined) notImported.push(at);
      return [];
    }
    const lines = leftoverLines({}, one, new Set(), at, notImported);
    return lines.length > 0 ? [{ ...emptyCustomEntry(), description: richTextHtml({ bullets: lines }) }] : [];
  };
  if (Array.isArray(value)) return value.flatMap((one, index) => entryOf(one, `${path}[${index}]`));
  return entryOf(value, path);
}

function decodeMeta(resume: JsonResume): CvBuilderMeta {
  const meta = isItem(resume.meta) && isItem(resume.meta.cvBuilder) ? resume.meta.cvBuilder : {};
  const result: CvBuilderMeta = {};
  if (typeof meta.template === 'number') result.template = meta.template;
  if (isItem(meta.layout)) {
    const layout = meta.layout;
    const refs = (value: unknown) =>
      Array.isArray(value) ? value.filter((ref) => typeof ref === 'number' || typeof ref === 'string') : [];
    result.layout = {
      section_order: refs(layout.section_order),
      hidden_sections: refs(layout.hidden_sections),
      section_titles: isItem(layout.section_titles)
        ? (Object.fromEntries(
            Object.entries(layout.section_titles).filter(([, title]) => typeof title === 'string'),
          ) as Record<string, string>)
        : {},
    };
  }
  if (Array.isArray(meta.sections)) {
    result.sections = meta.sections.filter(isItem).flatMap((section) =>
      typeof section.name === 'string' && Array.isArray(section.entries)
        ? [
            {
              name: section.name,
              entries: section.entries
                .filter(isItem)
                .map((entry) =>
                  Object.fromEntries(
                    Object.entries(entry).filter(
                      (pair): pair is [string, string] => typeof pair[1] === 'string',
                    ),
                  ),
                ),
            },
          ]
        : [],
    );
  }
  if (Array.isArray(meta.customSections)) {
    result.customSections = meta.customSections.filter(isItem).flatMap((section) => {
      if (typeof section.key !== 'string' || !Array.isArray(section.entries)) return [];
      const entries = section.entries.filter(isItem).map((raw) => {
        const entry = emptyCustomEntry();
        for (const field of [
          'title',
          'subtitle',
          'location',
          'start_date',
          'end_date',
          'description',
        ] as const) {
          if (typeof raw[field] === 'string') entry[field] = raw[field];
        }
        entry.current = raw.current === true;
        return entry;
      });
      return [{ key: section.key, title: typeof section.title === 'string' ? section.title : '', entries }];
    });
  }
  return result;
}

/**
 * A JSON Resume (already checked against its schema) as the form data and layout of a CV of this template. Every
 * template section is in the result (empty when nothing goes there); the layout holds the sections of one's own.
 * Every value lands in a field, in a section of one's own, or in the summary's list of what was not imported.
 */
export function fromJsonResume(
  resume: JsonResume,
  sections: readonly TemplateSection[],
  templateId?: number,
): ImportedCv {
  const formData: Record<string, Record<string, string>> = Object.fromEntries(
    sections.map((section) => [section.name, {}]),
  );
  const places = placesOf(sections);
  const custom: CustomSectionShape[] = [];
  const summary: ImportSummary = { entries: 0, sections: 0, ownSections: [], notImported: [] };
  const current = withCurrentNames(resume);
  const { resume: unphotographed, photo } = withoutPhoto(current);
  if (photo !== undefined) summary.photo = true;
  const image = isItem(current.basics) ? current.basics.image : undefined;
  if (isAddress(image)) summary.photoNotFetched = image.trim();
  const document = withAllowedLinks(unphotographed, summary.notImported);
  const filledSections = new Set<string>();
  const put = (
    section: TemplateSection,
    field: InputField | undefined,
    row: number,
    value: string | undefined,
  ) => {
    if (!field || value === undefined || value === '') return false;
    formData[section.name]![formDataKey(field.name, field.id, row)] = value.slice(0, MAX_FIELD_LENGTH);
    filledSections.add(section.name);
    return true;
  };
  const addCustom = (section: CustomSectionShape) => {
    if (section.entries.length === 0) return;
    if (custom.length >= MAX_CUSTOM_SECTIONS) {
      summary.notImported.push(customSectionTitle(section));
      return;
    }
    if (section.entries.length > MAX_CUSTOM_SECTION_ENTRIES) {
      summary.notImported.push({
        id: msg('{count} {section} entries'),
        values: {
          count: section.entries.length - MAX_CUSTOM_SECTION_ENTRIES,
          section: customSectionTitle(section),
        },
      });
    }
    const entries = section.entries.slice(0, MAX_CUSTOM_SECTION_ENTRIES);
    custom.push({ ...section, entries });
    summary.entries += entries.length;
    summary.ownSections.push(customSectionTitle(section));
  };
  // What found no field, by kind: "More on Education" with a line per value ('Course: DB1101').
  const details = new Map<ListKind | 'basics', CustomSectionShape>();
  const addDetails = (kind: ListKind | 'basics', heading: string, title: string, lines: string[]) => {
    if (lines.length === 0) return;
    const section = details.get(kind) ?? { key: detailsKey(kind), title: detailsTitle(heading), entries: [] };
    section.entries.push({
      ...emptyCustomEntry(),
      title: clip(title, MAX_CUSTOM_ENTRY_TEXT_LENGTH),
      description: clip(richTextHtml({ bullets: lines }), MAX_FIELD_LENGTH),
    });
    details.set(kind, section);
  };

  // The personal details and the links among them.
  const basics = isItem(document.basics) ? document.basics : {};
  const basicsPlaced = new Set<string>(['profiles']);
  const locationPlaced = new Set<string>();
  const personal = places.get('basics');
  let profiles = Array.isArray(basics.profiles) ? basics.profiles.filter(isItem) : [];
  if (personal) {
    let any = false;
    const place = (prop: string, names: readonly string[], value: string | undefined) => {
      if (put(personal, fieldNamed(personal, names), 0, value)) {
        any = true;
        basicsPlaced.add(prop);
      }
    };
    for (const [prop, name] of BASICS_TEXT) place(prop, [name], str(basics[prop]));
    place('email', ['email'], str(basics.email));
    if (put(personal, fieldNamed(personal, ['location']), 0, locationText(basics.location))) {
      any = true;
      if (typeof basics.location === 'string') basicsPlaced.add('location');
      else LOCATION_LINE.forEach((part) => locationPlaced.add(part));
    }
    const website = str(basics.url);
    if (website !== undefined) {
      const field = fieldNamed(personal, ['website', 'portfolio_site']);
      if (field) place('url', [field.name], website);
      else {
        profiles = [{ network: 'Website', url: website }, ...profiles];
        basicsPlaced.add('url');
      }
    }
    profiles = profiles.filter((profile, index) => {
      const network = str(profile.network) ?? '';
      const link = PROFILE_FIELDS.find((candidate) => candidate.matches.test(network));
      const field = link && fieldNamed(personal, [link.field]);
      const prop = str(profile.url) !== undefined ? 'url' : 'username';
      const value = str(profile[prop]);
      if (!field || value === undefined || formData[personal.name]![formDataKey(field.name, field.id, 0)])
        return true;
      any = put(personal, field, 0, value) || any;
      const lines = leftoverLines(
        KINDS.profiles.labels,
        profile,
        new Set(['network', prop]),
        `basics.profiles[${index}]`,
        summary.notImported,
      );
      addDetails('profiles', KIND_TITLES.profiles, network, lines);
      return false;
    });
    if (any) summary.entries += 1;
  }

  const about = str(basics.summary);
  if (about !== undefined) {
    basicsPlaced.add('summary');
    const place = places.get('summary');
    const field = place?.input_fields[0];
    if (place && field) {
      put(place, field, 0, isRich(field) ? richTextHtml({ paragraphs: paragraphsOf(about) }) : about);
      summary.entries += 1;
    } else {
      const entry = { ...emptyCustomEntry(), description: richTextHtml({ paragraphs: paragraphsOf(about) }) };
      addCustom({ key: 'custom-summary', title: KIND_TITLES.summary, entries: [entry] });
    }
  }
  const basicsLines = leftoverLines(
    BASICS_LABELS,
    basics,
    new Set([...basicsPlaced, 'location']),
    'basics',
    summary.notImported,
  );
  if (isItem(basics.location)) {
    basicsLines.push(
      ...leftoverLines(
        BASICS_LABELS,
        basics.location,
        locationPlaced,
        'basics.location',
        summary.notImported,
      ),
    );
  } else if (basics.location !== undefined && !basicsPlaced.has('location')) {
    basicsLines.push(
      ...leftoverLines(BASICS_LABELS, { city: basics.location }, new Set(), 'basics', summary.notImported),
    );
  }
  addDetails('basics', personal?.name ?? 'Personal Details', '', basicsLines);

  for (const kind of LIST_KINDS) {
    const items = (
      kind === 'profiles' ? profiles : Array.isArray(document[kind]) ? (document[kind] as unknown[]) : []
    ).filter(isItem);
    if (items.length === 0) continue;
    const place = places.get(kind);
    const ownEntries: CustomEntryShape[] = [];
    const heading = place?.name ?? KIND_TITLES[kind];
    let row = 0;
    items.forEach((item, index) => {
      const path = kind === 'profiles' ? `basics.profiles[${index}]` : `${kind}[${index}]`;
      // Beyond what the template's section holds (one entry, or a hundred), entries go to a section of one's own.
      if (!place || row > MAX_REPEAT_INDEX || (row > 0 && !place.is_repeatable)) {
        const { entry, placed } = customEntryOf(kind, item);
        if (entry) ownEntries.push(entry);
        const lines = leftoverLines(KINDS[kind].labels, item, placed, path, summary.notImported);
        addDetails(kind, KIND_TITLES[kind], identityOf(kind, item), lines);
        return;
      }
      let any = false;
      const placed = new Set<string>();
      for (const slot of KINDS[kind].slots) {
        const field = fieldNamed(place, slot.fields);
        if (field && put(place, field, row, slot.read(item, field))) {
          any = true;
          slot.props.forEach((prop) => placed.add(prop));
        }
      }
      const lines = leftoverLines(KINDS[kind].labels, item, placed, path, summary.notImported);
      addDetails(kind, heading, identityOf(kind, item), lines);
      if (any) {
        row += 1;
        summary.entries += 1;
      }
    });
    addCustom({ key: `custom-${kind}`, title: KIND_TITLES[kind], entries: ownEntries });
  }

  // Parts JSON Resume does not name ("talks": […]) become sections of one's own too.
  const named = new Set<string>(['$schema', 'basics', 'meta', ...LIST_KINDS]);
  for (const [key, value] of Object.entries(document)) {
    if (named.has(key) || value === null || value === undefined) continue;
    addCustom({
      key: `custom-${slugOf(key)}`,
      title: headingOf(key),
      entries: looseEntries(value, key, summary.notImported),
    });
  }

  // What only a file of this product carries: sections JSON Resume has no place for, sections of one's own, the order.
  const meta = decodeMeta(document);
  for (const carried of meta.sections ?? []) {
    const place = sections.find(
      (section, index) => section.name === carried.name && sectionKind(section, index) === undefined,
    );
    if (place) {
      carried.entries.slice(0, MAX_REPEAT_INDEX + 1).forEach((entry, row) => {
        for (const [name, value] of Object.entries(entry)) put(place, fieldNamed(place, [name]), row, value);
        summary.entries += 1;
      });
    } else {
      addCustom({
        key: `custom-${slugOf(carried.name)}`,
        title: carried.name,
        entries: carried.entries.map((entry) => {
          const values = Object.values(entry);
          return {
            ...emptyCustomEntry(),
            title: clip(values[0], MAX_CUSTOM_ENTRY_TEXT_LENGTH),
            description: richTextHtml({ paragraphs: values.slice(1) }),
          };
        }),
      });
    }
  }
  for (const section of details.values()) addCustom(section);
  const taken = new Set(custom.map((section) => section.key));
  for (const section of meta.customSections ?? []) {
    if (!taken.has(section.key)) addCustom(section);
  }

  let layout: CvLayout = { ...EMPTY_LAYOUT, custom_sections: custom };
  if (meta.layout && meta.template !== undefined && meta.template === templateId) {
    const known = new Set([
      ...sections.flatMap((section) => templateRef(section) ?? []),
      ...custom.map((section) => section.key),
    ]);
    const keep = (ref: string | number) => known.has(sectionRefKey(ref));
    layout = {
      section_order: meta.layout.section_order.filter(keep),
      hidden_sections: meta.layout.hidden_sections.filter(keep),
      section_titles: Object.fromEntries(
        Object.entries(meta.layout.section_titles).filter(([ref]) => keep(ref)),
      ),
      custom_sections: custom,
    };
  }
  summary.sections = filledSections.size + custom.length;
  summary.flagged = fieldProblems(sections, formData).map((problem) => ({
    place: problemPlace(problem),
    value: problem.value,
    message: problem.message,
  }));
  return { formData, layout, summary, ...(photo !== undefined ? { photo } : {}) };
}

// ── export ──

export interface ExportOptions {
  templateId: number;
  /** When the file was made (meta.lastModified). */
  now?: Date;
  /** The CV's photo as a data URL (the processed JPEG once saved), written as basics.image; none when hidden. */
  photo?: string;
}

function itemOf(
  slots: readonly Slot[],
  section: TemplateSection,
  values: SectionValues | undefined,
  row: number,
): Item {
  const item: Item = {};
  for (const slot of slots) {
    const field = fieldNamed(section, slot.fields);
    const value = field && valueOf(values, field, row);
    if (field && value !== undefined && !isBlank(value)) slot.write(item, value.trim(), field);
  }
  return item;
}

function customItemOf(kind: ListKind, entry: CustomEntryShape): Item {
  const item: Item = {};
  const shape = KINDS[kind].custom;
  for (const field of ['title', 'subtitle', 'location', 'start_date', 'end_date', 'description'] as const) {
    const value = entry[field] ?? '';
    if (!isBlank(value)) shape[field]?.write(item, value.trim(), field === 'description' ? RICH : PLAIN);
  }
  if (entry.current) delete item.endDate;
  return item;
}

const hasValues = (item: Item) => Object.keys(item).length > 0;

/** A "More on …" entry's lines ('Course: DB1101') as the properties they say, by the kind's words for them. */
function detailsProps(kind: ListKind | 'basics', description: string): Item {
  const labels = kind === 'basics' ? BASICS_LABELS : KINDS[kind].labels;
  const byLabel = new Map(Object.entries(labels).map(([prop, label]) => [label.toLowerCase(), prop]));
  const props: Item = {};
  const { paragraphs, bullets } = richTextParts(description);
  for (const line of [...bullets, ...paragraphs]) {
    const colon = line.indexOf(': ');
    if (colon <= 0) continue;
    const label = line.slice(0, colon).trim();
    const value = line.slice(colon + 2).trim();
    let prop = byLabel.get(label.toLowerCase()) ?? label;
    if (value === '' || refusedScheme(prop, value) !== undefined) continue;
    // An address JSON Resume would refuse as its url stays, as written, under its label.
    if (prop === 'url' && asUri(value) === undefined) prop = label;
    const written = prop === 'url' ? asUri(value)! : value;
    if (LIST_PROPS.has(prop)) props[prop] = [...((props[prop] as string[] | undefined) ?? []), written];
    else if (props[prop] === undefined) props[prop] = written;
    else
      props[prop] = [
        ...(Array.isArray(props[prop]) ? (props[prop] as string[]) : [props[prop] as string]),
        written,
      ];
  }
  return props;
}

/** The personal details' "More on …" properties: the street and postal code into the location, the rest beside. */
function mergeBasics(basics: Item, props: Item) {
  for (const [prop, value] of Object.entries(props)) {
    if (LOCATION_PROPS.has(prop)) {
      const location: Item = isItem(basics.location) ? basics.location : {};
      if (location[prop] === undefined) location[prop] = value;
      basics.location = location;
    } else if (prop === 'email' && !(typeof value === 'string' && isEmail(value))) continue;
    else if (basics[prop] === undefined) basics[prop] = value;
  }
}

/**
 * The CV as a JSON Resume, valid against the schema: the sections it shows, in its order (hidden ones are left
 * out, as from its PDF), and what JSON Resume has no place for in `meta.cvBuilder`.
 */
export function toJsonResume(
  sections: readonly TemplateSection[],
  formData: CvFormData,
  layout: CvLayout,
  options: ExportOptions,
): JsonResume {
  const basics: Item = {};
  const lists: Partial<Record<ListKind, Item[]>> = {};
  const push = (kind: ListKind, item: Item) => {
    if (hasValues(item)) (lists[kind] ??= []).push(item);
  };
  const carried: NonNullable<CvBuilderMeta['sections']> = [];
  const details: Array<{ kind: ListKind | 'basics'; section: CustomSectionShape }> = [];
  const ownSections: CustomSectionShape[] = [];

  const personal = sections[0];
  if (personal) {
    const values = formData[personal.name];
    const get = (name: string) => {
      const field = fieldNamed(personal, [name]);
      const value = field && valueOf(values, field, 0);
      return value === undefined || isBlank(value) ? undefined : value.trim();
    };
    for (const [prop, name] of BASICS_TEXT) {
      const value = get(name);
      if (value !== undefined) basics[prop] = value;
    }
    const email = get('email');
    if (email !== undefined && isEmail(email)) basics.email = email;
    const location = get('location');
    if (location !== undefined) basics.location = locationOf(location);
    // A link with a scheme other than http, https or mailto is never written, not even as text.
    // A template without a website field holds the site in its portfolio field (the import puts basics.url there).
    const websiteField = fieldNamed(personal, ['website', 'portfolio_site'])?.name;
    const website = websiteField === undefined ? undefined : get(websiteField);
    const websiteUri = website === undefined ? undefined : asUri(website);
    if (websiteUri !== undefined) basics.url = websiteUri;
    else if (website !== undefined && isAllowedLink(website))
      push('profiles', { network: 'Website', username: website });
    for (const link of PROFILE_FIELDS) {
      if (link.field === websiteField) continue;
      const value = get(link.field);
      if (value === undefined || !isAllowedLink(value)) continue;
      const url = asUri(value);
      push(
        'profiles',
        url !== undefined ? { network: link.network, url } : { network: link.network, username: value },
      );
    }
  }

  for (const entry of sectionOrder(sections, layout)) {
    if (isHidden(layout, entry.ref)) continue;
    if (entry.kind === 'custom') {
      const section = layout.custom_sections.find((candidate) => candidate.key === entry.key);
      if (!section) continue;
      const detailsOf = DETAILS_KEY.exec(section.key)?.[1];
      if (detailsOf === 'basics' || LIST_KINDS.includes(detailsOf as ListKind)) {
        details.push({ kind: detailsOf as ListKind | 'basics', section });
        continue;
      }
      const kind = LIST_KINDS.find((candidate) => section.key === `custom-${candidate}`);
      if (kind) section.entries.forEach((item) => push(kind, customItemOf(kind, item)));
      else if (section.key === 'custom-summary' && basics.summary === undefined) {
        const text = section.entries.flatMap((item) => {
          const { paragraphs, bullets } = richTextParts(item.description ?? '');
          return [...paragraphs, ...bullets];
        });
        if (text.length > 0) basics.summary = text.join('\n\n');
      } else ownSections.push(section);
      continue;
    }
    const section = sections[entry.sectionIndex]!;
    const values = formData[section.name];
    const kind = sectionKind(section, entry.sectionIndex);
    if (kind === 'summary') {
      const field = section.input_fields[0]!;
      const value = valueOf(values, field, 0);
      if (value === undefined || isBlank(value)) continue;
      const item: Item = {};
      body('summary', undefined).write(item, value.trim(), field);
      if (typeof item.summary === 'string') basics.summary = item.summary;
    } else if (kind !== undefined && kind !== 'basics') {
      for (const row of filledRows(section, values)) {
        const item = itemOf(KINDS[kind].slots, section, values, row);
        push(kind, item);
      }
    } else if (kind === undefined) {
      const entries = filledRows(section, values).map((row) =>
        Object.fromEntries(
          section.input_fields.flatMap((field) => {
            const value = valueOf(values, field, row);
            return value === undefined || isBlank(value) ? [] : [[field.name, value]];
          }),
        ),
      );
      if (entries.length > 0) carried.push({ name: section.name, entries });
    }
  }

  // "More on …" lines go back into the properties they came from, on the item they name.
  for (const { kind, section } of details) {
    const merged = new Set<Item>();
    for (const entry of section.entries) {
      const props = detailsProps(kind, entry.description ?? '');
      if (Object.keys(props).length === 0) continue;
      if (kind === 'basics') {
        mergeBasics(basics, props);
        continue;
      }
      const items = (lists[kind] ??= []);
      const title = (entry.title ?? '').trim();
      const same = (item: Item) =>
        KINDS[kind].identity.some((prop) => str(item[prop])?.toLowerCase() === title.toLowerCase());
      let item = items.find((candidate) => !merged.has(candidate) && title !== '' && same(candidate));
      if (!item) {
        item = title === '' ? {} : { [KINDS[kind].identity[0]!]: title };
        items.push(item);
      }
      merged.add(item);
      // The network as it was written ('linkedin') over the one a personal-details field gives ('LinkedIn').
      if (kind === 'profiles' && title !== '') item.network = title;
      for (const [prop, value] of Object.entries(props)) if (item[prop] === undefined) item[prop] = value;
    }
  }
  if (lists.profiles) basics.profiles = lists.profiles;
  const photo = photoOfImage(options.photo);
  // The photo is the image; an address a "More on …" line kept comes back only when there is no photo.
  if (photo !== undefined) basics.image = photo;
  const meta: CvBuilderMeta = {
    template: options.templateId,
    layout: {
      section_order: layout.section_order,
      hidden_sections: layout.hidden_sections,
      section_titles: layout.section_titles,
    },
    ...(carried.length > 0 ? { sections: carried } : {}),
    ...(ownSections.length > 0 ? { customSections: ownSections } : {}),
  };
  return {
    $schema: JSON_RESUME_SCHEMA_URL,
    basics,
    ...Object.fromEntries(
      LIST_KINDS.flatMap((kind) => (kind !== 'profiles' && lists[kind] ? [[kind, lists[kind]]] : [])),
    ),
    meta: {
      version: JSON_RESUME_VERSION,
      lastModified: (options.now ?? new Date()).toISOString().slice(0, 19),
      cvBuilder: meta,
    },
  };
}
