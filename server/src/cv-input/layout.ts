import { badRequest } from '../http/errors.js';
import { msg } from '../../../rules/languages.js';
import { sanitizeRichText } from '../text/rich-text.js';
import type { CustomSection, CvLayout, SectionDefinition, TemplateDefinition } from '../render/input.js';
import {
  CUSTOM_SECTION_KEY_PATTERN,
  MAX_CUSTOM_DATE_LENGTH,
  MAX_CUSTOM_ENTRY_TEXT_LENGTH,
  MAX_CUSTOM_SECTION_ENTRIES,
  MAX_CUSTOM_SECTIONS,
  MAX_FIELD_LENGTH,
  MAX_SECTION_TITLE_LENGTH,
  sectionRefKey,
  type CustomEntryShape,
  type CvLayoutShape,
  type SectionRef,
} from '../../../rules/cv.js';
import { text } from '../http/schemas.js';

/*
 * A saved CV's structure, its person's own: the order of its sections, the ones hidden, headings
 * renamed for this CV, and sections of its own. Optional everywhere: without it a CV prints as its template says.
 * Section references are template section ids (numbers) or custom section keys ("custom-…").
 */

// The schema bounds only the shape and the size of the work; the exact limits are checked below, with messages.
const sectionRef = {
  anyOf: [
    { type: 'integer', minimum: 1 },
    { type: 'string', maxLength: 200 },
  ],
} as const;

export const layoutSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    section_order: { type: 'array', maxItems: 500, items: sectionRef },
    hidden_sections: { type: 'array', maxItems: 500, items: sectionRef },
    section_titles: { type: 'object', maxProperties: 500, additionalProperties: text(2_000) },
    custom_sections: {
      type: 'array',
      maxItems: 500,
      items: {
        type: 'object',
        required: ['key', 'title', 'entries'],
        additionalProperties: false,
        properties: {
          key: text(200),
          title: text(2_000),
          entries: {
            type: 'array',
            maxItems: 5_000,
            items: {
              type: 'object',
              additionalProperties: false,
              properties: {
                title: text(2_000),
                subtitle: text(2_000),
                location: text(2_000),
                start_date: text(200),
                end_date: text(200),
                current: { type: 'boolean' },
                description: text(MAX_FIELD_LENGTH),
              },
            },
          },
        },
      },
    },
  },
} as const;

function shortText(where: string, value: string | undefined, max: number): string {
  const trimmed = (value ?? '').trim();
  if ([...trimmed].length > max)
    throw badRequest({ id: msg('{field}: at most {max} characters.'), values: { field: where, max } });
  return trimmed;
}

function readCustomSections(raw: CvLayoutShape['custom_sections']): CustomSection[] {
  const sections = raw ?? [];
  if (sections.length > MAX_CUSTOM_SECTIONS) {
    throw badRequest({
      id: msg('{field}: at most {max} custom sections.'),
      values: { field: 'layout.custom_sections', max: MAX_CUSTOM_SECTIONS },
    });
  }
  const keys = new Set<string>();
  return sections.map((section, i) => {
    const where = `layout.custom_sections[${i}]`;
    const key = section.key.trim();
    if (!CUSTOM_SECTION_KEY_PATTERN.test(key)) {
      throw badRequest({
        id: msg('{field}: "custom-" followed by lower-case letters, digits or hyphens.'),
        values: { field: `${where}.key` },
      });
    }
    if (keys.has(key))
      throw badRequest({
        id: msg('{field}: "{key}" is used by another custom section.'),
        values: { field: `${where}.key`, key },
      });
    keys.add(key);
    const title = shortText(`${where}.title`, section.title, MAX_SECTION_TITLE_LENGTH);
    if (title === '')
      throw badRequest({
        id: msg('{field}: a custom section needs a title.'),
        values: { field: `${where}.title` },
      });
    if (section.entries.length > MAX_CUSTOM_SECTION_ENTRIES) {
      throw badRequest({
        id: msg('{field}: at most {max} entries in one section.'),
        values: { field: `${where}.entries`, max: MAX_CUSTOM_SECTION_ENTRIES },
      });
    }
    const entries = section.entries.map((entry: CustomEntryShape, j) => {
      const at = `${where}.entries[${j}]`;
      return {
        title: shortText(`${at}.title`, entry.title, MAX_CUSTOM_ENTRY_TEXT_LENGTH),
        subtitle: shortText(`${at}.subtitle`, entry.subtitle, MAX_CUSTOM_ENTRY_TEXT_LENGTH),
        location: shortText(`${at}.location`, entry.location, MAX_CUSTOM_ENTRY_TEXT_LENGTH),
        startDate: shortText(`${at}.start_date`, entry.start_date, MAX_CUSTOM_DATE_LENGTH),
        endDate: shortText(`${at}.end_date`, entry.end_date, MAX_CUSTOM_DATE_LENGTH),
        current: entry.current === true,
        description: sanitizeRichText(entry.description ?? ''),
      };
    });
    return { key, title, entries };
  });
}

/**
 * Checks a layout against the CV's template (unknown sections, duplicates, limits, a required section hidden)
 * and returns it normalised, or null when there is none. Every problem is a 400 naming the field.
 */
export function readLayout(
  raw: CvLayoutShape | null | undefined,
  template: TemplateDefinition,
): CvLayout | null {
  if (raw === null || raw === undefined) return null;
  const active = template.sections.filter((section) => section.is_active);
  const templateSections = new Map<string, SectionDefinition>(
    active.map((section) => [String(section.id), section]),
  );
  const personal = active.find((section) => section.display === 'personal');
  const customSections = readCustomSections(raw.custom_sections);
  const customKeys = new Set(customSections.map((section) => section.key));

  const known = (where: string, ref: SectionRef): string => {
    const key = sectionRefKey(ref);
    if (templateSections.has(key) || customKeys.has(key)) return key;
    throw badRequest({
      id: msg('{field}: "{key}" is neither a section of the template "{template}" nor a custom section.'),
      values: { field: where, key, template: template.name },
    });
  };

  const sectionOrder: string[] = [];
  (raw.section_order ?? []).forEach((ref, i) => {
    const key = known(`layout.section_order[${i}]`, ref);
    if (sectionOrder.includes(key))
      throw badRequest({
        id: msg('{field}: "{key}" appears twice.'),
        values: { field: `layout.section_order[${i}]`, key },
      });
    if (personal && key === String(personal.id) && i !== 0) {
      throw badRequest({
        id: msg('{field}: "{section}" always comes first.'),
        values: { field: `layout.section_order[${i}]`, section: personal.name },
      });
    }
    sectionOrder.push(key);
  });

  const hiddenSections: string[] = [];
  (raw.hidden_sections ?? []).forEach((ref, i) => {
    const key = known(`layout.hidden_sections[${i}]`, ref);
    const section = templateSections.get(key);
    if (section && (section.is_required || section === personal)) {
      throw badRequest({
        id: msg('{field}: "{section}" is required and cannot be hidden.'),
        values: { field: `layout.hidden_sections[${i}]`, section: section.name },
      });
    }
    if (!hiddenSections.includes(key)) hiddenSections.push(key);
  });

  const sectionTitles: Record<string, string> = {};
  for (const [ref, title] of Object.entries(raw.section_titles ?? {})) {
    const key = known(`layout.section_titles["${ref}"]`, ref);
    const heading = shortText(`layout.section_titles["${ref}"]`, title, MAX_SECTION_TITLE_LENGTH);
    // An empty heading gives the section its template's name back.
    if (heading !== '') sectionTitles[key] = heading;
  }

  return { sectionOrder, hiddenSections, sectionTitles, customSections };
}

/** The layout as the API answers it: template section ids as numbers, custom keys as text. */
export function layoutJson(layout: CvLayout): CvLayoutShape {
  const ref = (key: string): SectionRef => (/^\d+$/.test(key) ? Number(key) : key);
  return {
    section_order: layout.sectionOrder.map(ref),
    hidden_sections: layout.hiddenSections.map(ref),
    section_titles: { ...layout.sectionTitles },
    custom_sections: layout.customSections.map((section) => ({
      key: section.key,
      title: section.title,
      entries: section.entries.map((entry) => ({
        title: entry.title,
        subtitle: entry.subtitle,
        location: entry.location,
        start_date: entry.startDate,
        end_date: entry.endDate,
        current: entry.current,
        description: entry.description,
      })),
    })),
  };
}

/** A stored layout (JSON text) read back; the template it was checked against may since have changed. */
export function parseStoredLayout(stored: string | null): CvLayout | null {
  if (!stored) return null;
  try {
    const parsed = JSON.parse(stored) as CvLayout;
    return parsed && Array.isArray(parsed.sectionOrder) ? parsed : null;
  } catch {
    return null;
  }
}
