import type { CvDesign } from '../api/design';
import { PLAIN_DESIGN, isPlainDesign } from './design';
import type { CvFieldEntryInput } from '../api/cvs';
import type { InputField, TemplateSection } from '../api/templates';

// Form data of the CV builder (docs/behaviour.md#data): per section name, a map keyed
// `name-fieldId-repeatIndex` to the entered value. Pure functions only: the machines and the views build on
// these.

/** The values of one section's form: `name-fieldId-repeatIndex` → entered text. */
export type SectionValues = Readonly<Record<string, string>>;

/** Every section's values, by section name (the body of a preview request's `cv_data`). */
export type CvFormData = Readonly<Record<string, SectionValues>>;

export { formDataKey, parseFormDataKey, type FormDataKey } from '../../rules/cv';
import { formDataKey, parseFormDataKey } from '../../rules/cv';
import type { CvLayout } from '../api/cvs';
import { EMPTY_LAYOUT, isDefaultLayout } from './layout';
import {
  counterpartOf,
  fieldCounterpart,
  fitsField,
  inferSectionKind,
  matchSections,
  shapeOfSection,
  type SectionKind,
  type SectionShape,
} from './section-kinds';

export function isBlank(value: string | undefined): boolean {
  return value === undefined || value.trim() === '';
}

/** docs/behaviour.md#validation-rules: empty strings are dropped from the submitted entries. */
export function dropEmptyValues(values: SectionValues): SectionValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => !isBlank(value)));
}

/** docs/behaviour.md#validation-rules: a section needs at least one non-empty value. */
export function hasAnyValue(values: SectionValues | undefined): boolean {
  return values !== undefined && Object.values(values).some((value) => !isBlank(value));
}

/** docs/behaviour.md#validation-rules: form data is posted only if it holds a value. */
export function isFormDataEmpty(formData: CvFormData): boolean {
  return !Object.values(formData).some(hasAnyValue);
}

/** Only the values worth sending: blank values and sections left with nothing are dropped. */
export function compactFormData(formData: CvFormData): CvFormData {
  const compact: Record<string, SectionValues> = {};
  for (const [section, values] of Object.entries(formData)) {
    const kept = dropEmptyValues(values);
    if (Object.keys(kept).length > 0) compact[section] = kept;
  }
  return compact;
}

/** The entries of a save request (docs/behaviour.md#data): one per non-empty value. */
export function entriesFromFormData(formData: CvFormData): CvFieldEntryInput[] {
  const entries: CvFieldEntryInput[] = [];
  for (const values of Object.values(formData)) {
    for (const [key, value] of Object.entries(values)) {
      const parsed = parseFormDataKey(key);
      if (!parsed || isBlank(value)) continue;
      entries.push({ value, index: parsed.index, section_field: parsed.fieldId });
    }
  }
  return entries.sort((a, b) => a.section_field - b.section_field || a.index - b.index);
}

/** The repeat indexes of a section's entries that hold a value, in order. */
export function filledRows(
  section: Pick<TemplateSection, 'input_fields'>,
  values: SectionValues | undefined,
): number[] {
  const ids = new Set(section.input_fields.map((field) => field.id));
  const rows = new Set<number>();
  for (const [key, value] of Object.entries(values ?? {})) {
    const parsed = parseFormDataKey(key);
    if (parsed && ids.has(parsed.fieldId) && !isBlank(value)) rows.add(parsed.index);
  }
  return [...rows].sort((a, b) => a - b);
}

/** How many entries a section shows: one more than the highest repeat index with a key, at least one. */
export function entryCountOf(values: SectionValues | undefined): number {
  let highest = -1;
  for (const key of Object.keys(values ?? {})) {
    const parsed = parseFormDataKey(key);
    if (parsed && parsed.index > highest) highest = parsed.index;
  }
  return Math.max(1, highest + 1);
}

export interface GroupedEntries {
  formData: CvFormData;
  /** Entries shown per section (index-aligned with the template's sections). */
  entryCounts: number[];
  /** docs/behaviour.md#cv-editing-state: sections that have entries are marked completed. */
  completedSections: number[];
}

/**
 * docs/behaviour.md#cv-editing-state: entries are grouped by the template section that owns their field,
 * then by row (repeat index). Entries of fields the template does not have are left out.
 */
export function groupEntries(
  sections: readonly TemplateSection[],
  entries: readonly CvFieldEntryInput[],
): GroupedEntries {
  const owner = new Map<number, { sectionIndex: number; field: InputField }>();
  sections.forEach((section, sectionIndex) => {
    for (const field of section.input_fields) owner.set(field.id, { sectionIndex, field });
  });
  const rows = sections.map(() => new Map<number, Record<string, string>>());
  for (const entry of entries) {
    const found = owner.get(entry.section_field);
    if (!found || isBlank(entry.value)) continue;
    const sectionRows = rows[found.sectionIndex];
    const row = sectionRows.get(entry.index) ?? {};
    row[formDataKey(found.field.name, found.field.id, entry.index)] = entry.value;
    sectionRows.set(entry.index, row);
  }
  const formData: Record<string, SectionValues> = {};
  const entryCounts: number[] = [];
  const completedSections: number[] = [];
  sections.forEach((section, sectionIndex) => {
    const sectionRows = rows[sectionIndex];
    // Rows are renumbered 0, 1, 2… in their saved order, so a gap left by a removed entry does not show as an empty one.
    const values: Record<string, string> = {};
    [...sectionRows.keys()]
      .sort((a, b) => a - b)
      .forEach((savedIndex, row) => {
        for (const [key, value] of Object.entries(sectionRows.get(savedIndex)!)) {
          const parsed = parseFormDataKey(key)!;
          values[formDataKey(parsed.name, parsed.fieldId, row)] = value;
        }
      });
    formData[section.name] = values;
    entryCounts.push(Math.max(1, sectionRows.size));
    if (sectionRows.size > 0) completedSections.push(sectionIndex);
  });
  return { formData, entryCounts, completedSections };
}

/** Removes entry `index` of a repeatable section; the entries after it move up one row. */
export function removeEntryValues(values: SectionValues, index: number): SectionValues {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const parsed = parseFormDataKey(key);
    if (!parsed) continue;
    if (parsed.index === index) continue;
    const row = parsed.index > index ? parsed.index - 1 : parsed.index;
    kept[formDataKey(parsed.name, parsed.fieldId, row)] = value;
  }
  return kept;
}

/** The entries of a repeatable section in a new order: the one at `from` moves to `to`, the others close up. */
export function moveEntryValues(values: SectionValues, from: number, to: number): SectionValues {
  if (from === to) return values;
  const order = (index: number) => {
    if (index === from) return to;
    if (from < to && index > from && index <= to) return index - 1;
    if (to < from && index >= to && index < from) return index + 1;
    return index;
  };
  const moved: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const parsed = parseFormDataKey(key);
    if (!parsed) continue;
    moved[formDataKey(parsed.name, parsed.fieldId, order(parsed.index))] = value;
  }
  return moved;
}

export interface SwitchedValues {
  /** The values the new template shows, by its section names. */
  formData: CvFormData;
  /** Every value it has no place for, by the name of the section it was typed in. */
  stash: CvFormData;
  /** The kind of each stashed section (see ./section-kinds), so it finds its kind's section in a later template. */
  stashKinds: Record<string, SectionKind>;
}

/** A stashed section as a switch sees it: its name, its kind, and the fields it holds values of. */
function stashedShape(name: string, values: SectionValues, kind: SectionKind | undefined): SectionShape {
  const fields = [...new Set(Object.keys(values).flatMap((key) => parseFormDataKey(key)?.name ?? []))].map(
    (field) => ({ name: field, widget_type: '' }),
  );
  const known = kind ?? inferSectionKind({ name, fields });
  return { name, ...(known !== undefined ? { kind: known } : {}), fields };
}

/**
 * docs/behaviour.md#cv-builder: switching template carries each section's values to the section of the same kind
 * in the new template (see ./section-kinds: a summary goes to "About Me" or "Profile", whatever their names), field
 * by field of the same name (a one-field summary to the other's one field). Nothing is dropped: a value with no
 * place (a section the new template lacks, a field it does not have, formatted text for a plain field) waits in
 * the stash under its section's name, and a later switch to a template with a place for it puts it back. Values on
 * screen win over stashed ones for the same place.
 */
export function switchTemplateValues(
  fromSections: readonly TemplateSection[],
  toSections: readonly TemplateSection[],
  formData: CvFormData,
  stash: CvFormData = {},
  stashKinds: Readonly<Record<string, SectionKind>> = {},
): SwitchedValues {
  const placed: Record<string, Record<string, string>> = Object.fromEntries(
    toSections.map((section) => [section.name, {}]),
  );
  const left: Record<string, Record<string, string>> = {};
  const leftKinds: Record<string, SectionKind> = {};
  const fromShapes = fromSections.map(shapeOfSection);
  const toShapes = toSections.map(shapeOfSection);
  const matches = matchSections(fromShapes, toShapes);
  const sources: Array<{ shape: SectionShape; target: number | undefined; values: SectionValues }> = [
    ...fromSections.flatMap((section, i) =>
      formData[section.name]
        ? [{ shape: fromShapes[i]!, target: matches.get(i), values: formData[section.name]! }]
        : [],
    ),
    ...Object.entries(stash).map(([name, values]) => {
      const shape = stashedShape(name, values, stashKinds[name]);
      return { shape, target: counterpartOf(shape, toShapes), values };
    }),
  ];
  for (const { shape, target, values } of sources) {
    const keep = (key: string, value: string) => {
      left[shape.name] = { ...left[shape.name], [key]: value };
      if (shape.kind !== undefined) leftKinds[shape.name] = shape.kind;
    };
    const section = target === undefined ? undefined : toSections[target];
    for (const [key, value] of Object.entries(values)) {
      const parsed = parseFormDataKey(key);
      if (!parsed || isBlank(value)) continue;
      const counterpart = section && fieldCounterpart(shape, toShapes[target!]!, parsed.name);
      const field =
        counterpart && section.input_fields.find((candidate) => candidate.name === counterpart.name);
      const fromField = shape.fields.find((candidate) => candidate.name === parsed.name);
      // A single-entry section takes the first entry; the other entries wait for a template that repeats it.
      if (
        !section ||
        !field ||
        (!section.is_repeatable && parsed.index > 0) ||
        !fitsField(value, fromField, field)
      ) {
        keep(key, value);
        continue;
      }
      const newKey = formDataKey(field.name, field.id, parsed.index);
      if (placed[section.name]![newKey] === undefined) placed[section.name]![newKey] = value;
      else keep(key, value);
    }
  }
  return { formData: placed, stash: left, stashKinds: leftKinds };
}

/** The values of `formData` as the builder keeps them for a template it shows (no stash). */
export function remapFormData(
  fromSections: readonly TemplateSection[],
  toSections: readonly TemplateSection[],
  formData: CvFormData,
): CvFormData {
  return switchTemplateValues(fromSections, toSections, formData).formData;
}

/** What the stash holds, in words: 'Professional Summary', 'Work Experience (currently working)'. */
export function stashSummary(stash: CvFormData, toSections: readonly TemplateSection[]): string[] {
  return Object.entries(stash).flatMap(([name, values]) => {
    const fields = [
      ...new Set(
        Object.entries(values).flatMap(([key, value]) =>
          isBlank(value) ? [] : [parseFormDataKey(key)?.name ?? ''],
        ),
      ),
    ].filter((field) => field !== '');
    if (fields.length === 0) return [];
    const shown = toSections.find((section) => section.name === name);
    if (!shown) return [name];
    return [`${name} (${fields.map((field) => field.replace(/_/g, ' ')).join(', ')})`];
  });
}

/**
 * The saved form of a CV, for telling whether what is on screen differs from it: the name, the template and
 * the entries a save would send, in a stable order.
 */
/**
 * What 'unsaved' compares: the name, the template, the entries and the CV's own structure, which joins
 * only when it changes anything, so a CV without one keeps the fingerprint it always had.
 */
export function cvFingerprint(
  cv: { name: string; template: number },
  formData: CvFormData,
  layout: CvLayout = EMPTY_LAYOUT,
  design: CvDesign = PLAIN_DESIGN,
): string {
  const saved: unknown[] = [cv.name, cv.template, entriesFromFormData(formData)];
  const shaped = isDefaultLayout(layout) ? saved : [...saved, layout];
  // A CV without a design of its own keeps the fingerprint it had before designs existed.
  return JSON.stringify(isPlainDesign(design) ? shaped : [...shaped, { design }]);
}
