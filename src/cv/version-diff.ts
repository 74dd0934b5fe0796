import type { CvFieldEntryInput, CvLayout } from '../api/cvs';
import type { CvDesign } from '../api/design';
import type { TemplateSection } from '../api/templates';
import { formDataKey, sectionRefKey } from '../../rules/cv';
import { PLAIN_DESIGN, samePhoto } from './design';
import { EMPTY_LAYOUT, customSectionTitle } from './layout';

// Comparing two versions of a CV (docs/features/versions.md): per section, the values added, removed and changed,
// then the changes to its structure (order, hidden sections, headings, sections of its own) and to its design,
// each in a sentence. Pure: the versions machine loads both versions and their templates, the view lists this.

/** A version as the comparison reads it: its content and the template it was saved with. */
export interface ComparedVersion {
  templateName: string;
  sections: readonly Pick<TemplateSection, 'id' | 'name' | 'input_fields'>[];
  entries: readonly CvFieldEntryInput[];
  layout?: CvLayout;
  design?: CvDesign;
}

export interface ValueChange {
  /** The field's label ('Job Title'), with 'Entry N' for a repeat after the first. */
  field: string;
  from?: string;
  to?: string;
}

export interface SectionChanges {
  section: string;
  added: ValueChange[];
  removed: ValueChange[];
  changed: ValueChange[];
}

export interface VersionComparison {
  /** 'Executive Classic → Modern Split' when the template changed. */
  template?: string;
  sections: SectionChanges[];
  layout: string[];
  design: string[];
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

interface Cell {
  section: string;
  field: string;
  value: string;
}

const entryLabel = (field: string, index: number) => (index === 0 ? field : `${field} (Entry ${index + 1})`);

/** Every value of a version, by a key that names the same place in another version: section, field, entry. */
function cellsOf(
  version: ComparedVersion,
  names: Map<number, { section: string; field: string }>,
  sectionTitles: Map<string, string>,
): Map<string, Cell> {
  const cells = new Map<string, Cell>();
  for (const entry of version.entries) {
    const place = names.get(entry.section_field);
    const section = place?.section ?? 'Other values';
    const field = entryLabel(place?.field ?? `Field ${entry.section_field}`, entry.index);
    cells.set(`${section}\u0000${field}`, { section, field, value: readableValue(entry.value) });
  }
  const layout = version.layout ?? EMPTY_LAYOUT;
  for (const custom of layout.custom_sections) {
    const section = sectionTitles.get(custom.key) ?? customSectionTitle(custom);
    custom.entries.forEach((item, index) => {
      for (const [key, raw] of Object.entries(item)) {
        const value = typeof raw === 'boolean' ? (raw ? 'Yes' : '') : readableValue(String(raw ?? ''));
        if (value === '') continue;
        const field = entryLabel(CUSTOM_FIELD_LABELS[key] ?? key, index);
        cells.set(`${section}\u0000${field}`, { section, field, value });
      }
    });
  }
  return cells;
}

const CUSTOM_FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  subtitle: 'Subtitle',
  location: 'Location',
  start_date: 'Start date',
  end_date: 'End date',
  current: 'Current',
  description: 'Description',
};

function fieldNames(versions: readonly ComparedVersion[]) {
  const names = new Map<number, { section: string; field: string }>();
  for (const version of versions) {
    const titles = version.layout?.section_titles ?? {};
    for (const section of version.sections) {
      const title = (section.id !== undefined && titles[String(section.id)]?.trim()) || section.name;
      for (const field of section.input_fields)
        if (!names.has(field.id))
          names.set(field.id, { section: title, field: field.widget_label || field.name });
    }
  }
  return names;
}

function sectionNames(versions: readonly ComparedVersion[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const version of versions) {
    for (const section of version.sections)
      if (section.id !== undefined && !names.has(String(section.id)))
        names.set(String(section.id), section.name);
    for (const custom of version.layout?.custom_sections ?? [])
      if (!names.has(custom.key)) names.set(custom.key, customSectionTitle(custom));
  }
  return names;
}

function compareLayouts(from: CvLayout, to: CvLayout, names: Map<string, string>): string[] {
  const nameOf = (ref: string | number) => names.get(sectionRefKey(ref)) ?? `Section ${sectionRefKey(ref)}`;
  const lines: string[] = [];
  const fromCustom = new Map(from.custom_sections.map((section) => [section.key, section]));
  const toCustom = new Map(to.custom_sections.map((section) => [section.key, section]));
  for (const [key, section] of toCustom)
    if (!fromCustom.has(key)) lines.push(`Section added: ${customSectionTitle(section)}`);
  for (const [key, section] of fromCustom)
    if (!toCustom.has(key)) lines.push(`Section removed: ${customSectionTitle(section)}`);
  const order = (layout: CvLayout) => layout.section_order.map(sectionRefKey).join(',');
  if (order(from) !== order(to)) lines.push('Section order changed');
  const hiddenBefore = new Set(from.hidden_sections.map(sectionRefKey));
  const hiddenAfter = new Set(to.hidden_sections.map(sectionRefKey));
  for (const ref of hiddenAfter) if (!hiddenBefore.has(ref)) lines.push(`Hidden: ${nameOf(ref)}`);
  for (const ref of hiddenBefore) if (!hiddenAfter.has(ref)) lines.push(`Shown again: ${nameOf(ref)}`);
  const refs = new Set([...Object.keys(from.section_titles), ...Object.keys(to.section_titles)]);
  for (const ref of refs) {
    if (ref.startsWith('custom-')) {
      const before = fromCustom.get(ref);
      const after = toCustom.get(ref);
      if (before && after && customSectionTitle(before) !== customSectionTitle(after))
        lines.push(`Heading renamed: “${customSectionTitle(before)}” → “${customSectionTitle(after)}”`);
      continue;
    }
    const before = from.section_titles[ref]?.trim() || nameOf(ref);
    const after = to.section_titles[ref]?.trim() || nameOf(ref);
    if (before !== after) lines.push(`Heading renamed: “${before}” → “${after}”`);
  }
  for (const [key, after] of toCustom) {
    const before = fromCustom.get(key);
    if (before && customSectionTitle(before) !== customSectionTitle(after) && !refs.has(key))
      lines.push(`Heading renamed: “${customSectionTitle(before)}” → “${customSectionTitle(after)}”`);
  }
  return lines;
}

const DESIGN_LABELS: Record<keyof CvDesign, string> = {
  page_size: 'Page size',
  margins: 'Margins',
  accent_color: 'Accent colour',
  font: 'Font',
  font_size: 'Font size',
  line_spacing: 'Line spacing',
  fit_one_page: 'Fit to one page',
  direction: 'Direction',
  language: 'Language',
  photo: 'Photo',
};

function designValue(key: keyof CvDesign, value: CvDesign[keyof CvDesign]): string {
  if (value === null) return key === 'font' ? 'the template’s font' : 'the template’s colour';
  if (typeof value === 'object') {
    if (value.hidden) return 'hidden';
    return [value.shape, value.size, value.border ? 'border' : '', value.grayscale ? 'grayscale' : '']
      .filter(Boolean)
      .join(', ');
  }
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  return String(value);
}

function compareDesigns(from: CvDesign, to: CvDesign): string[] {
  return (Object.keys(DESIGN_LABELS) as (keyof CvDesign)[])
    .filter((key) =>
      key === 'photo' ? !samePhoto({ ...from.photo, image: undefined }, { ...to.photo, image: undefined }) : from[key] !== to[key],
    )
    .map((key) => `${DESIGN_LABELS[key]}: ${designValue(key, from[key])} → ${designValue(key, to[key])}`);
}

/** What changed from `from` (the older, usually) to `to`. */
export function compareVersions(from: ComparedVersion, to: ComparedVersion): VersionComparison {
  const names = fieldNames([to, from]);
  // Both versions' values are placed under the newer one's headings: a renamed section is not all removed and added.
  const titles = sectionNames([to, from]);
  const before = cellsOf(from, names, titles);
  const after = cellsOf(to, names, titles);
  const bySection = new Map<string, SectionChanges>();
  const changesOf = (section: string) => {
    let changes = bySection.get(section);
    if (!changes) {
      changes = { section, added: [], removed: [], changed: [] };
      bySection.set(section, changes);
    }
    return changes;
  };
  for (const [key, cell] of after) {
    const old = before.get(key);
    if (!old) changesOf(cell.section).added.push({ field: cell.field, to: cell.value });
    else if (old.value !== cell.value)
      changesOf(cell.section).changed.push({ field: cell.field, from: old.value, to: cell.value });
  }
  for (const [key, cell] of before)
    if (!after.has(key)) changesOf(cell.section).removed.push({ field: cell.field, from: cell.value });
  return {
    ...(from.templateName !== to.templateName
      ? { template: `${from.templateName} → ${to.templateName}` }
      : {}),
    sections: [...bySection.values()],
    layout: compareLayouts(from.layout ?? EMPTY_LAYOUT, to.layout ?? EMPTY_LAYOUT, titles),
    design: compareDesigns(from.design ?? PLAIN_DESIGN, to.design ?? PLAIN_DESIGN),
  };
}

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
