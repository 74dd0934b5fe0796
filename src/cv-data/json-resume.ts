import { fullFormats } from 'ajv-formats/dist/formats';
import type { CvLayout } from '../api/cvs';
import type { InputField, TemplateSection } from '../api/templates';
import {
  MAX_CUSTOM_DATE_LENGTH,
  MAX_CUSTOM_ENTRY_TEXT_LENGTH,
  MAX_CUSTOM_SECTION_ENTRIES,
  MAX_CUSTOM_SECTIONS,
  MAX_FIELD_LENGTH,
  MAX_REPEAT_INDEX,
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
import { paragraphsOf, richTextHtml, richTextParts } from './rich-text';

// JSON Resume (https://jsonresume.org/schema, v1) and the builder's form data, both ways. Pure functions: the import
// machine and the export actions build on them. A template's sections are matched by meaning, read from their field
// names (a section holding `company` is work experience, whatever its heading); what a template has no section for
// comes in as a section of the CV's own, keyed `custom-<JSON Resume section>` so that it goes back out where it came
// from. What JSON Resume has no place for (a template section such as Teaching, a section of one's own, the CV's
// order and headings) travels in `meta.cvBuilder`, which other JSON Resume tools ignore.

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

/** A JSON Resume date (2020, 2020-03, 2020-03-15) in the builder's date form (2020-01-01, 2020-03-01, 2020-03-15). */
export function formDate(value: unknown): string | undefined {
  const text = str(value);
  if (text === undefined) return undefined;
  if (/^\d{4}$/.test(text)) return `${text}-01-01`;
  if (/^\d{4}-\d{2}$/.test(text)) return `${text}-01`;
  return text;
}

/** A form date as JSON Resume takes it; anything that is not an ISO date has no place there. */
export function resumeDate(value: string): string | undefined {
  const text = value.trim();
  return ISO_DATE.test(text) ? text : undefined;
}

const isEmail = (value: string) => (fullFormats.email as RegExp).test(value);
const isUri = (value: string) => (fullFormats.uri as (text: string) => boolean)(value);

/** A link as a URI: "linkedin.com/in/x" is how people write links, JSON Resume wants "https://linkedin.com/in/x". */
export function asUri(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  if (isUri(text)) return text;
  const withScheme = `https://${text}`;
  return /^[^\s/]+\.[^\s/]+/.test(text) && isUri(withScheme) ? withScheme : undefined;
}

// ── slots: one JSON Resume property and the template field that holds it ──

interface Slot {
  /** The template field names that hold it, by preference. */
  fields: readonly string[];
  read: (item: Item, field: Pick<InputField, 'widget_type'>) => string | undefined;
  write: (item: Item, value: string, field: Pick<InputField, 'widget_type'>) => void;
}

const RICH = { widget_type: 'richtext-input' } as const;
const PLAIN = { widget_type: 'text-input' } as const;
const isRich = (field: Pick<InputField, 'widget_type'>) => field.widget_type === 'richtext-input';

const text = (prop: string, ...fields: string[]): Slot => ({
  fields,
  read: (item) => str(item[prop]),
  write: (item, value) => {
    item[prop] = value;
  },
});

const date = (prop: string, ...fields: string[]): Slot => ({
  fields,
  read: (item) => formDate(item[prop]),
  write: (item, value) => {
    const iso = resumeDate(value);
    if (iso !== undefined) item[prop] = iso;
  },
});

/** A custom entry keeps a JSON Resume date as it is (2020-03): its dates are ISO or what the person typed. */
const customDate = (prop: string): Slot => ({
  fields: [],
  read: (item) => str(item[prop])?.slice(0, MAX_CUSTOM_DATE_LENGTH),
  write: (item, value) => {
    const iso = resumeDate(value);
    if (iso !== undefined) item[prop] = iso;
  },
});

/** JSON Resume says 'ongoing' by leaving the end date out; the builder by a ticked box. */
const current = (...fields: string[]): Slot => ({
  fields,
  read: (item) =>
    str(item.startDate) !== undefined && str(item.endDate) === undefined ? CHECKBOX_TICKED : undefined,
  write: (item, value) => {
    if (isTicked(value)) delete item.endDate;
  },
});

const uri = (prop: string, ...fields: string[]): Slot => ({
  fields,
  read: (item) => str(item[prop]),
  write: (item, value) => {
    const link = asUri(value);
    if (link !== undefined) item[prop] = link;
  },
});

/** A description: JSON Resume's summary (paragraphs) and highlights (bullets), the editor's paragraphs and list. */
const body = (summaryProp: string, listProp: string | undefined, ...fields: string[]): Slot => ({
  fields,
  read: (item, field) => {
    const paragraphs = paragraphsOf(str(item[summaryProp]));
    const bullets = listProp ? strings(item[listProp]) : [];
    if (paragraphs.length === 0 && bullets.length === 0) return undefined;
    if (isRich(field)) return richTextHtml({ paragraphs, bullets });
    return [paragraphs.join('\n\n'), bullets.join('; ')].filter((part) => part !== '').join(' ');
  },
  write: (item, value, field) => {
    if (!isRich(field)) {
      item[summaryProp] = value;
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

/** Keywords as the builder writes them: one text, comma-separated. */
const keywords = (prop: string, ...fields: string[]): Slot => ({
  fields,
  read: (item) => {
    const list = strings(item[prop]);
    return list.length > 0 ? list.join(', ') : undefined;
  },
  write: (item, value) => {
    const list = value.split(/\s*,\s*/).filter((entry) => entry !== '');
    if (list.length > 0) item[prop] = list;
  },
});

/** A skill or an interest: its name, with its keywords after a colon (a template holds one text for both). */
const named = (...fields: string[]): Slot => ({
  fields,
  read: (item) => {
    const name = str(item.name);
    const list = strings(item.keywords);
    if (list.length === 0) return name;
    return name === undefined ? list.join(', ') : `${name}: ${list.join(', ')}`;
  },
  write: (item, value) => {
    item.name = value;
  },
});

/** A degree: JSON Resume splits it into the kind of study and its area ("Bachelor" in "Physics"). */
const degree = (...fields: string[]): Slot => ({
  fields,
  read: (item) => {
    const [type, area] = [str(item.studyType), str(item.area)];
    return type !== undefined && area !== undefined ? `${type} in ${area}` : (area ?? type);
  },
  write: (item, value) => {
    item.area = value;
  },
});

const roles = (...fields: string[]): Slot => ({
  fields,
  read: (item) => {
    const list = strings(item.roles);
    return list.length > 0 ? list.join(', ') : undefined;
  },
  write: (item, value) => {
    item.roles = [value];
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
}

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
      start_date: customDate('startDate'),
      end_date: customDate('endDate'),
      description: body('summary', 'highlights'),
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
  },
  skills: {
    markers: ['skill_name'],
    slots: [named('skill_name'), text('level', 'skill_level')],
    custom: { title: named(), subtitle: text('level') },
  },
  languages: {
    markers: ['language'],
    slots: [text('language', 'language'), text('fluency', 'proficiency')],
    custom: { title: text('language'), subtitle: text('fluency') },
  },
  interests: {
    markers: ['interest'],
    slots: [named('interest')],
    custom: { title: named() },
  },
  references: {
    markers: ['reference'],
    slots: [text('name', 'reference_name'), body('reference', undefined, 'reference')],
    custom: { title: text('name'), description: body('reference', undefined) },
  },
  projects: {
    markers: ['project_name'],
    slots: [
      text('name', 'project_name'),
      roles('project_role'),
      date('startDate', 'start_date'),
      date('endDate', 'end_date'),
      uri('url', 'project_url'),
      keywords('keywords', 'technologies'),
      body('description', 'highlights', 'project_description'),
    ],
    custom: {
      title: text('name'),
      subtitle: roles(),
      start_date: customDate('startDate'),
      end_date: customDate('endDate'),
      location: uri('url'),
      description: body('description', 'highlights'),
    },
  },
  profiles: {
    markers: ['link_url'],
    slots: [text('network', 'link_label'), uri('url', 'link_url'), text('username', 'link_description')],
    custom: { title: text('network'), subtitle: text('username'), location: uri('url') },
  },
};

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

function locationText(value: unknown): string | undefined {
  if (typeof value === 'string') return str(value);
  if (!isItem(value)) return undefined;
  // A CV names the town, not the street: the address only when nothing else says where.
  const parts = [value.city, value.region, value.countryCode].flatMap((part) => str(part) ?? []);
  if (parts.length > 0) return parts.join(', ');
  return str(value.address)?.replace(/\s*\n\s*/g, ', ');
}

// ── import ──

export interface ImportSummary {
  /** Entries placed: one per repeated entry, one for the personal details, one for a summary. */
  entries: number;
  /** Sections that received values, the template's and the CV's own. */
  sections: number;
  /** Sections of the CV's own that hold what the template has no section for. */
  ownSections: string[];
  /** What could not be placed at all (beyond the limits of a CV). */
  notImported: string[];
}

export interface ImportedCv {
  /** Every template section's values, by section name. */
  formData: CvFormData;
  layout: CvLayout;
  summary: ImportSummary;
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

function customEntryOf(kind: ListKind, item: Item): CustomEntryShape | undefined {
  const shape = KINDS[kind].custom;
  const entry = emptyCustomEntry();
  entry.title = clip(shape.title?.read(item, PLAIN), MAX_CUSTOM_ENTRY_TEXT_LENGTH);
  entry.subtitle = clip(shape.subtitle?.read(item, PLAIN), MAX_CUSTOM_ENTRY_TEXT_LENGTH);
  entry.location = clip(shape.location?.read(item, PLAIN), MAX_CUSTOM_ENTRY_TEXT_LENGTH);
  entry.start_date = clip(shape.start_date?.read(item, PLAIN), MAX_CUSTOM_DATE_LENGTH);
  entry.end_date = clip(shape.end_date?.read(item, PLAIN), MAX_CUSTOM_DATE_LENGTH);
  entry.current = shape.end_date !== undefined && entry.start_date !== '' && entry.end_date === '';
  entry.description = clip(shape.description?.read(item, RICH), MAX_FIELD_LENGTH);
  const filled = [
    entry.title,
    entry.subtitle,
    entry.location,
    entry.start_date,
    entry.end_date,
    entry.description,
  ];
  return filled.some((value) => value !== '') ? entry : undefined;
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
 * A JSON Resume (already valid against its schema) as the form data and layout of a CV of this template. Every
 * template section is in the result (empty when nothing goes there); the layout holds the sections of one's own.
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
      summary.notImported.push(
        `${section.entries.length - MAX_CUSTOM_SECTION_ENTRIES} ${customSectionTitle(section)} entries`,
      );
    }
    const entries = section.entries.slice(0, MAX_CUSTOM_SECTION_ENTRIES);
    custom.push({ ...section, entries });
    summary.entries += entries.length;
    summary.ownSections.push(customSectionTitle(section));
  };

  // The personal details and the links among them.
  const basics = isItem(resume.basics) ? resume.basics : {};
  const personal = places.get('basics');
  let profiles = Array.isArray(basics.profiles) ? basics.profiles.filter(isItem) : [];
  if (personal) {
    let any = false;
    for (const [prop, name] of BASICS_TEXT)
      any = put(personal, fieldNamed(personal, [name]), 0, str(basics[prop])) || any;
    any = put(personal, fieldNamed(personal, ['email']), 0, str(basics.email)) || any;
    any = put(personal, fieldNamed(personal, ['location']), 0, locationText(basics.location)) || any;
    const website = str(basics.url);
    if (website !== undefined) {
      const field = fieldNamed(personal, ['website', 'portfolio_site']);
      if (field) any = put(personal, field, 0, website) || any;
      else profiles = [{ network: 'Website', url: website }, ...profiles];
    }
    profiles = profiles.filter((profile) => {
      const network = str(profile.network) ?? '';
      const link = PROFILE_FIELDS.find((candidate) => candidate.matches.test(network));
      const field = link && fieldNamed(personal, [link.field]);
      const value = str(profile.url) ?? str(profile.username);
      if (!field || value === undefined || formData[personal.name]![formDataKey(field.name, field.id, 0)])
        return true;
      any = put(personal, field, 0, value) || any;
      return false;
    });
    if (any) summary.entries += 1;
  }

  const about = str(basics.summary);
  if (about !== undefined) {
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

  for (const kind of LIST_KINDS) {
    const items = (
      kind === 'profiles' ? profiles : Array.isArray(resume[kind]) ? (resume[kind] as unknown[]) : []
    ).filter(isItem);
    if (items.length === 0) continue;
    const place = places.get(kind);
    if (!place) {
      const entries = items.flatMap((item) => customEntryOf(kind, item) ?? []);
      addCustom({ key: `custom-${kind}`, title: KIND_TITLES[kind], entries });
      continue;
    }
    let row = 0;
    for (const item of items) {
      if (row > MAX_REPEAT_INDEX || (row > 0 && !place.is_repeatable)) {
        summary.notImported.push(`${items.length - row} ${place.name} entries`);
        break;
      }
      let any = false;
      for (const slot of KINDS[kind].slots) {
        const field = fieldNamed(place, slot.fields);
        if (field) any = put(place, field, row, slot.read(item, field)) || any;
      }
      if (any) {
        row += 1;
        summary.entries += 1;
      }
    }
  }

  // What only a file of this product carries: sections JSON Resume has no place for, sections of one's own, the order.
  const meta = decodeMeta(resume);
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
        key: `custom-${
          carried.name
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-+|-+$/g, '') || 'section'
        }`,
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
  return { formData, layout, summary };
}

/** '12 entries in 6 sections; 2 added as sections of your own (Volunteering, References)'. */
export function describeImport(summary: ImportSummary): string {
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const parts = [
    `${plural(summary.entries, 'entry', 'entries')} in ${plural(summary.sections, 'section', 'sections')}`,
  ];
  if (summary.ownSections.length > 0) {
    parts.push(
      `${plural(summary.ownSections.length, 'part', 'parts')} added as sections of your own (${summary.ownSections.join(', ')})`,
    );
  }
  if (summary.notImported.length > 0) parts.push(`not imported: ${summary.notImported.join(', ')}`);
  return parts.join('; ');
}

// ── export ──

export interface ExportOptions {
  templateId: number;
  /** When the file was made (meta.lastModified). */
  now?: Date;
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
    if (location !== undefined) basics.location = { city: location };
    const website = get('website');
    const websiteUri = website === undefined ? undefined : asUri(website);
    if (websiteUri !== undefined) basics.url = websiteUri;
    else if (website !== undefined) push('profiles', { network: 'Website', username: website });
    for (const link of PROFILE_FIELDS) {
      const value = get(link.field);
      if (value === undefined) continue;
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

  if (lists.profiles) basics.profiles = lists.profiles;
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
