import type { CvFieldEntryInput, CvLayout } from '../api/cvs';
import type { CvDesign } from '../api/design';
import type { TemplateSection } from '../api/templates';
import { formDataKey, sectionRefKey, type CustomSectionShape } from '../../rules/cv';
import { msg, type Message } from '../../rules/languages';
import { PLAIN_DESIGN, samePhoto } from './design';
import { EMPTY_LAYOUT, NEW_CUSTOM_SECTION_TITLE, customSectionTitle } from './layout';

// Comparing two versions of a CV (docs/features/versions.md): per section, the values added, removed and changed,
// then the changes to its structure (order, hidden sections, headings, sections of its own) and to its design,
// each in a sentence. Pure: the versions machine loads both versions and their templates, the view lists this,
// saying its words (`Words`) in the interface's language.

/**
 * Words a comparison says: the product's or a template's (English, said through the catalogue: 'Work Experience'),
 * the person's own (`{ own }`: a heading they wrote, a value, shown as typed), or a sentence whose values are words
 * in turn ('{field} (Entry {entry})'). A view says them with `say` and its `t`.
 */
export type Words = string | { own: string } | Sentence;

/** A message whose values are words (each said in turn) or numbers. */
export interface Sentence {
  id: string;
  values: Record<string, Words | number>;
}

/** How a view words a message: its `t` (src/i18n/i18n.ts), so that the words follow the interface's language. */
export type Say = (message: Message, values?: Record<string, string | number>) => string;

/** Words in the interface's language: the product's and the templates' through `t`, the person's as they are. */
export function say(words: Words, t: Say): string {
  if (typeof words === 'string') return t(words);
  if ('own' in words) return words.own;
  const values = Object.fromEntries(
    Object.entries(words.values).map(([key, value]) => [
      key,
      typeof value === 'number' ? value : say(value, t),
    ]),
  );
  return t(words.id, values);
}

/** A version as the comparison reads it: its content and the template it was saved with. */
export interface ComparedVersion {
  /** The template's name (its own words, 'Executive Classic'), or words for one no longer offered. */
  templateName: Words;
  sections: readonly Pick<TemplateSection, 'id' | 'name' | 'input_fields'>[];
  entries: readonly CvFieldEntryInput[];
  layout?: CvLayout;
  design?: CvDesign;
}

export interface ValueChange {
  /** The field's label ('Job Title'), with 'Entry N' for a repeat after the first. */
  field: Words;
  from?: Words;
  to?: Words;
}

export interface SectionChanges {
  /** The section's heading: the template's name for it, or the CV's own. */
  section: Words;
  added: ValueChange[];
  removed: ValueChange[];
  changed: ValueChange[];
}

export interface VersionComparison {
  /** 'Executive Classic' and 'Modern Split' when the template changed. */
  template?: { from: Words; to: Words };
  sections: SectionChanges[];
  /** One sentence each: 'Section order changed', 'Hidden: Languages'. */
  layout: Words[];
  /** One sentence each: 'Page size: A4 → Letter'. */
  design: Words[];
}

/** What a value reads as: rich text without its markup, spaces collapsed. */
export function readableValue(value: string): string {
  return value
    .replace(/<\/(p|li|h\d)>/gi, ' ')
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A name or value as the comparison matches it (`text`: the same place in both versions, the same value) and as it
 * says it (`words`).
 */
interface Named {
  text: string;
  words: Words;
}

/** The person's own words (a heading they wrote, a value they typed). */
const own = (text: string): Named => ({ text, words: { own: text } });
/** The product's or a template's words, said through the catalogue. */
const ours = (text: string): Named => ({ text, words: text });

/** A section of the CV's own: its title, or 'Custom Section' while it has none. */
const customTitle = (section: Pick<CustomSectionShape, 'title'>): Named =>
  section.title.trim() ? own(customSectionTitle(section)) : ours(NEW_CUSTOM_SECTION_TITLE);

interface Cell {
  section: Named;
  field: Named;
  value: Named;
}

const entryLabel = (field: Named, index: number): Named =>
  index === 0
    ? field
    : {
        text: `${field.text} (Entry ${index + 1})`,
        words: { id: msg('{field} (Entry {entry})'), values: { field: field.words, entry: index + 1 } },
      };

const OTHER_VALUES = ours(msg('Other values'));

/** Every value of a version, by a key that names the same place in another version: section, field, entry. */
function cellsOf(
  version: ComparedVersion,
  names: Map<number, { section: Named; field: Named }>,
  sectionTitles: Map<string, Named>,
): Map<string, Cell> {
  const cells = new Map<string, Cell>();
  for (const entry of version.entries) {
    const place = names.get(entry.section_field);
    const section = place?.section ?? OTHER_VALUES;
    const field = entryLabel(
      place?.field ?? {
        text: `Field ${entry.section_field}`,
        words: { id: msg('Field {id}'), values: { id: entry.section_field } },
      },
      entry.index,
    );
    cells.set(`${section.text}\u0000${field.text}`, {
      section,
      field,
      value: own(readableValue(entry.value)),
    });
  }
  const layout = version.layout ?? EMPTY_LAYOUT;
  for (const custom of layout.custom_sections) {
    const section = sectionTitles.get(custom.key) ?? customTitle(custom);
    custom.entries.forEach((item, index) => {
      for (const [key, raw] of Object.entries(item)) {
        const value =
          typeof raw === 'boolean' ? (raw ? ours(YES) : own('')) : own(readableValue(String(raw ?? '')));
        if (value.text === '') continue;
        const label = CUSTOM_FIELD_LABELS[key];
        const field = entryLabel(label ? ours(label) : own(key), index);
        cells.set(`${section.text}\u0000${field.text}`, { section, field, value });
      }
    });
  }
  return cells;
}

const YES = msg('Yes');

const CUSTOM_FIELD_LABELS: Record<string, string> = {
  title: msg('Title'),
  subtitle: msg('Subtitle'),
  location: msg('Location'),
  start_date: msg('Start date'),
  end_date: msg('End date'),
  current: msg('Current'),
  description: msg('Description'),
};

function fieldNames(versions: readonly ComparedVersion[]) {
  const names = new Map<number, { section: Named; field: Named }>();
  for (const version of versions) {
    const titles = version.layout?.section_titles ?? {};
    for (const section of version.sections) {
      // A heading the person wrote is theirs; the template's name for it is said in the interface's language.
      const title = section.id !== undefined ? titles[String(section.id)]?.trim() : undefined;
      const heading = title ? own(title) : ours(section.name);
      for (const field of section.input_fields)
        if (!names.has(field.id))
          names.set(field.id, { section: heading, field: ours(field.widget_label || field.name) });
    }
  }
  return names;
}

function sectionNames(versions: readonly ComparedVersion[]): Map<string, Named> {
  const names = new Map<string, Named>();
  for (const version of versions) {
    for (const section of version.sections)
      if (section.id !== undefined && !names.has(String(section.id)))
        names.set(String(section.id), ours(section.name));
    for (const custom of version.layout?.custom_sections ?? [])
      if (!names.has(custom.key)) names.set(custom.key, customTitle(custom));
  }
  return names;
}

const LAYOUT_MESSAGES = {
  added: msg('Section added: {section}'),
  removed: msg('Section removed: {section}'),
  order: msg('Section order changed'),
  hidden: msg('Hidden: {section}'),
  shown: msg('Shown again: {section}'),
  renamed: msg('Heading renamed: “{from}” → “{to}”'),
};

function compareLayouts(from: CvLayout, to: CvLayout, names: Map<string, Named>): Words[] {
  const nameOf = (ref: string | number): Named =>
    names.get(sectionRefKey(ref)) ?? {
      text: `Section ${sectionRefKey(ref)}`,
      words: { id: msg('Section {ref}'), values: { ref: sectionRefKey(ref) } },
    };
  const lines: Words[] = [];
  const line = (id: string, section: Named): Words => ({ id, values: { section: section.words } });
  const renamed = (before: Named, after: Named): Words => ({
    id: LAYOUT_MESSAGES.renamed,
    values: { from: before.words, to: after.words },
  });
  const fromCustom = new Map(from.custom_sections.map((section) => [section.key, section]));
  const toCustom = new Map(to.custom_sections.map((section) => [section.key, section]));
  for (const [key, section] of toCustom)
    if (!fromCustom.has(key)) lines.push(line(LAYOUT_MESSAGES.added, customTitle(section)));
  for (const [key, section] of fromCustom)
    if (!toCustom.has(key)) lines.push(line(LAYOUT_MESSAGES.removed, customTitle(section)));
  const order = (layout: CvLayout) => layout.section_order.map(sectionRefKey).join(',');
  if (order(from) !== order(to)) lines.push(LAYOUT_MESSAGES.order);
  const hiddenBefore = new Set(from.hidden_sections.map(sectionRefKey));
  const hiddenAfter = new Set(to.hidden_sections.map(sectionRefKey));
  for (const ref of hiddenAfter)
    if (!hiddenBefore.has(ref)) lines.push(line(LAYOUT_MESSAGES.hidden, nameOf(ref)));
  for (const ref of hiddenBefore)
    if (!hiddenAfter.has(ref)) lines.push(line(LAYOUT_MESSAGES.shown, nameOf(ref)));
  const refs = new Set([...Object.keys(from.section_titles), ...Object.keys(to.section_titles)]);
  for (const ref of refs) {
    if (ref.startsWith('custom-')) {
      const before = fromCustom.get(ref);
      const after = toCustom.get(ref);
      if (before && after && customSectionTitle(before) !== customSectionTitle(after))
        lines.push(renamed(customTitle(before), customTitle(after)));
      continue;
    }
    const headingIn = (layout: CvLayout) => {
      const title = layout.section_titles[ref]?.trim();
      return title ? own(title) : nameOf(ref);
    };
    const before = headingIn(from);
    const after = headingIn(to);
    if (before.text !== after.text) lines.push(renamed(before, after));
  }
  for (const [key, after] of toCustom) {
    const before = fromCustom.get(key);
    if (before && customSectionTitle(before) !== customSectionTitle(after) && !refs.has(key))
      lines.push(renamed(customTitle(before), customTitle(after)));
  }
  return lines;
}

/** One sentence per setting: what it was, what it is. */
const DESIGN_MESSAGES: Record<keyof CvDesign, string> = {
  page_size: msg('Page size: {from} → {to}'),
  margins: msg('Margins: {from} → {to}'),
  accent_color: msg('Accent colour: {from} → {to}'),
  font: msg('Font: {from} → {to}'),
  font_size: msg('Font size: {from} → {to}'),
  line_spacing: msg('Line spacing: {from} → {to}'),
  fit_one_page: msg('Fit to one page: {from} → {to}'),
  direction: msg('Direction: {from} → {to}'),
  language: msg('Language: {from} → {to}'),
  photo: msg('Photo: {from} → {to}'),
};

/**
 * The settings' values that are words ('narrow', 'circle'), said in the interface's language; the others (a paper
 * size, a colour, a font, a language tag) are shown as they are.
 */
const DESIGN_WORDS: Record<string, string> = {
  narrow: msg('narrow'),
  normal: msg('normal'),
  wide: msg('wide'),
  small: msg('small'),
  medium: msg('medium'),
  large: msg('large'),
  compact: msg('compact'),
  relaxed: msg('relaxed'),
  auto: msg('auto'),
  square: msg('square'),
  rounded: msg('rounded'),
  circle: msg('circle'),
};

/** How a photo prints: its shape and size, then 'border' and 'grayscale' when they are on. */
const PHOTO_LOOKS = {
  plain: msg('{shape}, {size}'),
  border: msg('{shape}, {size}, border'),
  grayscale: msg('{shape}, {size}, grayscale'),
  both: msg('{shape}, {size}, border, grayscale'),
};

const designWord = (value: string): Words => DESIGN_WORDS[value] ?? { own: value };

function designValue(key: keyof CvDesign, value: CvDesign[keyof CvDesign]): Words {
  if (value === null) return key === 'font' ? msg('the template’s font') : msg('the template’s colour');
  if (typeof value === 'object') {
    if (value.hidden) return msg('hidden');
    const look =
      value.border && value.grayscale
        ? PHOTO_LOOKS.both
        : value.border
          ? PHOTO_LOOKS.border
          : value.grayscale
            ? PHOTO_LOOKS.grayscale
            : PHOTO_LOOKS.plain;
    return { id: look, values: { shape: designWord(value.shape), size: designWord(value.size) } };
  }
  if (typeof value === 'boolean') return value ? msg('on') : msg('off');
  return designWord(String(value));
}

function compareDesigns(from: CvDesign, to: CvDesign): Words[] {
  return (Object.keys(DESIGN_MESSAGES) as (keyof CvDesign)[])
    .filter((key) =>
      key === 'photo'
        ? !samePhoto({ ...from.photo, image: undefined }, { ...to.photo, image: undefined })
        : from[key] !== to[key],
    )
    .map((key) => ({
      id: DESIGN_MESSAGES[key],
      values: { from: designValue(key, from[key]), to: designValue(key, to[key]) },
    }));
}

/** What changed from `from` (the older, usually) to `to`. */
export function compareVersions(from: ComparedVersion, to: ComparedVersion): VersionComparison {
  const names = fieldNames([to, from]);
  // Both versions' values are placed under the newer one's headings: a renamed section is not all removed and added.
  const titles = sectionNames([to, from]);
  const before = cellsOf(from, names, titles);
  const after = cellsOf(to, names, titles);
  const bySection = new Map<string, SectionChanges>();
  const changesOf = (section: Named) => {
    let changes = bySection.get(section.text);
    if (!changes) {
      changes = { section: section.words, added: [], removed: [], changed: [] };
      bySection.set(section.text, changes);
    }
    return changes;
  };
  for (const [key, cell] of after) {
    const old = before.get(key);
    if (!old) changesOf(cell.section).added.push({ field: cell.field.words, to: cell.value.words });
    else if (old.value.text !== cell.value.text)
      changesOf(cell.section).changed.push({
        field: cell.field.words,
        from: old.value.words,
        to: cell.value.words,
      });
  }
  for (const [key, cell] of before)
    if (!after.has(key))
      changesOf(cell.section).removed.push({ field: cell.field.words, from: cell.value.words });
  return {
    ...(!sameWords(from.templateName, to.templateName)
      ? { template: { from: from.templateName, to: to.templateName } }
      : {}),
    sections: [...bySection.values()],
    layout: compareLayouts(from.layout ?? EMPTY_LAYOUT, to.layout ?? EMPTY_LAYOUT, titles),
    design: compareDesigns(from.design ?? PLAIN_DESIGN, to.design ?? PLAIN_DESIGN),
  };
}

const sameWords = (a: Words, b: Words) => JSON.stringify(a) === JSON.stringify(b);

/** Whether two versions hold the same CV. */
export function isSameContent(comparison: VersionComparison): boolean {
  return (
    comparison.template === undefined &&
    comparison.sections.length === 0 &&
    comparison.layout.length === 0 &&
    comparison.design.length === 0
  );
}

/**
 * A version's entries as the preview takes them (form data): field ids place the values, so one section holding all
 * of them prints the same CV.
 */
export function previewDataOf(entries: readonly CvFieldEntryInput[]): Record<string, Record<string, string>> {
  const values: Record<string, string> = {};
  for (const entry of entries) values[formDataKey('field', entry.section_field, entry.index)] = entry.value;
  return { version: values };
}
