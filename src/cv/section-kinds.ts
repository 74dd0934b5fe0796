import type { InputField, TemplateSection } from '../api/templates';

// What a template section is, whatever its name: a summary is a summary under "Professional Summary", "About Me",
// "Profile" or "Hello". A template switch carries a section's values and its shape (hidden, place, heading) to the
// section of the same kind in the next template, and keeps what has no such section for the way back.
//
// The kind is the section's `key` when the API sends it (the reference server does: the machine name of
// server/templates/*/template.json); a backend without it gets the kind read from the fields and the name, which
// gives every template of the reference server its own key back (tests/cv/section-kinds.test.ts).

export type SectionKind = string;

/** A section as a switch sees it: its name, its kind when known, and its fields (a stashed one: what it holds). */
export interface SectionShape {
  name: string;
  kind?: SectionKind;
  fields: readonly Pick<InputField, 'name' | 'widget_type'>[];
}

/** The field a section of each kind is known by: the one field only that kind has. */
const KIND_BY_FIELD: readonly (readonly [RegExp, SectionKind])[] = [
  [/^full_name$/, 'personal'],
  [/^(company|employer)$/, 'experience'],
  [/^(degree|institution)$/, 'education'],
  [/^skill(_name)?$/, 'skills'],
  [/^language$/, 'languages'],
  [/^certification(_name)?$/, 'certifications'],
  [/^project(_name)?$/, 'projects'],
  [/^award(_name)?$/, 'awards'],
  [/^publication(_title)?$/, 'publications'],
  [/^course$/, 'teaching'],
  [/^link_(url|label)$/, 'portfolio'],
  [/^volunteer(_role)?$/, 'volunteering'],
  [/^interest$/, 'interests'],
  [/^reference(_name)?$/, 'references'],
];

/** The words a section's heading says it with, for a section whose fields say nothing. */
const KIND_BY_NAME: readonly (readonly [RegExp, SectionKind])[] = [
  [/personal|contact/i, 'personal'],
  [/summary|profile|about|objective|introduction|hello|research interests|statement/i, 'summary'],
  [/experience|employment|career|work history|appointments/i, 'experience'],
  [/education|studies|qualification/i, 'education'],
  [/skill|expertise|competenc/i, 'skills'],
  [/language/i, 'languages'],
  [/certific|licen[cs]e/i, 'certifications'],
  [/project|selected work/i, 'projects'],
  [/award|honou?r|grant/i, 'awards'],
  [/publication/i, 'publications'],
  [/teaching/i, 'teaching'],
  [/portfolio/i, 'portfolio'],
  [/volunteer/i, 'volunteering'],
  [/interest|hobb/i, 'interests'],
  [/reference/i, 'references'],
];

/** A one-field section whose field is a piece of prose about the person: a summary, whatever it is called. */
const SUMMARY_FIELD = /summary|objective|about|profile|intro|aim|statement/i;

/** The kind read from a section's fields, then its name; undefined when neither says. */
export function inferSectionKind(section: Pick<SectionShape, 'name' | 'fields'>): SectionKind | undefined {
  for (const [pattern, kind] of KIND_BY_FIELD) {
    if (section.fields.some((field) => pattern.test(field.name))) return kind;
  }
  if (section.fields.length === 1 && SUMMARY_FIELD.test(section.fields[0]!.name)) return 'summary';
  return KIND_BY_NAME.find(([pattern]) => pattern.test(section.name))?.[1];
}

/** A template section's kind: its key, else what its fields and name say. */
export function sectionKind(
  section: Pick<TemplateSection, 'key' | 'name' | 'input_fields'>,
): SectionKind | undefined {
  const key = section.key?.trim();
  return key ? key : inferSectionKind({ name: section.name, fields: section.input_fields });
}

export function shapeOfSection(section: TemplateSection): SectionShape {
  const kind = sectionKind(section);
  return { name: section.name, ...(kind !== undefined ? { kind } : {}), fields: section.input_fields };
}

const fieldNames = (shape: SectionShape) => new Set(shape.fields.map((field) => field.name));

/**
 * Whether `to` is the same section as `from` in another template: the same kind when both have one; otherwise
 * (a backend's section neither sends nor shows a kind) the same name, or most of the smaller one's fields.
 */
function sameSection(from: SectionShape, to: SectionShape, byFields: boolean): boolean {
  if (from.kind !== undefined && to.kind !== undefined) return from.kind === to.kind;
  if (!byFields) return from.name === to.name;
  const mine = fieldNames(from);
  const shared = to.fields.filter((field) => mine.has(field.name)).length;
  return shared * 2 > Math.min(mine.size, to.fields.length);
}

/**
 * Which section of `to` each section of `from` becomes, by index: the first (the personal details) each other, then
 * the same kind, the same name, most fields shared. One section of `to` takes at most one of `from`.
 */
export function matchSections(
  from: readonly SectionShape[],
  to: readonly SectionShape[],
  pinFirst = true,
): Map<number, number> {
  const matches = new Map<number, number>();
  const taken = new Set<number>();
  const pair = (i: number, j: number) => {
    matches.set(i, j);
    taken.add(j);
  };
  if (pinFirst && from.length > 0 && to.length > 0) pair(0, 0);
  for (const byFields of [false, true]) {
    from.forEach((section, i) => {
      if (matches.has(i)) return;
      const j = to.findIndex(
        (other, k) => !taken.has(k) && (!pinFirst || k > 0) && sameSection(section, other, byFields),
      );
      if (j !== -1) pair(i, j);
    });
  }
  return matches;
}

/** The one section of `to` that a stashed section (or one no longer shown) belongs to, if any. */
export function counterpartOf(from: SectionShape, to: readonly SectionShape[]): number | undefined {
  for (const byFields of [false, true]) {
    const j = to.findIndex((other) => sameSection(from, other, byFields));
    if (j !== -1) return j;
  }
  return undefined;
}

/** Prose fields; a stashed section does not know its fields' widgets (''), and its values were prose enough. */
const TEXT_LIKE = new Set(['text-input', 'richtext-input', '']);

/**
 * The field of `to` that a value of `from`'s field `name` goes to: the field of the same name, else, when both are
 * sections of one kind with one prose field each (a summary: `summary` → `about_summary`), that field.
 */
export function fieldCounterpart(
  from: SectionShape,
  to: SectionShape,
  name: string,
): Pick<InputField, 'name' | 'widget_type'> | undefined {
  const same = to.fields.find((field) => field.name === name);
  if (same) return same;
  const mine = from.fields.find((field) => field.name === name);
  const theirs = to.fields[0];
  const oneField = new Set(from.fields.map((field) => field.name)).size === 1 && to.fields.length === 1;
  if (
    oneField &&
    mine !== undefined &&
    theirs !== undefined &&
    from.kind !== undefined &&
    from.kind === to.kind &&
    TEXT_LIKE.has(mine.widget_type) &&
    TEXT_LIKE.has(theirs.widget_type)
  ) {
    return theirs;
  }
  return undefined;
}

/**
 * Whether a value may go into a field: rich text with formatting cannot go into a plain text field (its markup
 * would print as characters), so it waits for a rich one. A value typed in a plain field goes anywhere.
 */
export function fitsField(
  value: string,
  from: Pick<InputField, 'widget_type'> | undefined,
  to: Pick<InputField, 'widget_type'>,
): boolean {
  if (to.widget_type === 'richtext-input') return true;
  if (from !== undefined && from.widget_type !== '' && from.widget_type !== 'richtext-input') return true;
  return !/<[a-z/!]/i.test(value);
}
