import type { CvLayout } from '../api/cvs';
import type { TemplateSection } from '../api/templates';
import {
  MAX_CUSTOM_SECTION_ENTRIES,
  MAX_CUSTOM_SECTIONS,
  sectionRefKey,
  type CustomEntryShape,
  type CustomSectionShape,
  type SectionRef,
} from '../../rules/cv';
import { msg } from '../../rules/languages';
import { inferSectionKind, matchSections, shapeOfSection, type SectionShape } from './section-kinds';

// A CV's own structure as pure functions over its layout: the builder's machine applies them, the
// views render what `sectionOrder` says. The template's first section (the personal details) stays first: it is
// never in the order and can be neither moved nor hidden.

export type CustomSection = CustomSectionShape & { entries: Required<CustomEntryShape>[] };
export type CustomEntryField = keyof Required<CustomEntryShape>;

export const EMPTY_LAYOUT: CvLayout = {
  section_order: [],
  hidden_sections: [],
  section_titles: {},
  custom_sections: [],
};

/** A new section of the CV's own is titled so (the person's to change); the builder says it in the interface's words. */
export const NEW_CUSTOM_SECTION_TITLE: string = msg('Custom Section');

/** The heading a section of the CV's own prints under: its title, or 'Custom Section' while it has none. */
export function customSectionTitle(section: Pick<CustomSectionShape, 'title'>): string {
  return section.title.trim() || NEW_CUSTOM_SECTION_TITLE;
}

/**
 * The layout as the server takes it: a section of the CV's own left without a title prints as 'Custom Section'
 * (as a template section's blank heading gives back the template's name), never as a refused preview or save.
 */
export function layoutForServer(layout: CvLayout): CvLayout {
  if (layout.custom_sections.every((section) => section.title.trim() !== '')) return layout;
  return {
    ...layout,
    custom_sections: layout.custom_sections.map((section) => ({
      ...section,
      title: customSectionTitle(section),
    })),
  };
}

export function emptyCustomEntry(): Required<CustomEntryShape> {
  return {
    title: '',
    subtitle: '',
    location: '',
    start_date: '',
    end_date: '',
    current: false,
    description: '',
  };
}

/** A section of the builder's list: one of the template's (by its index) or one of the CV's own. */
export type SectionItem =
  { kind: 'template'; ref: string; sectionIndex: number } | { kind: 'custom'; ref: string; key: string };

/** The layout reference of a template section: its id as text; a section without an id cannot be shaped. */
export function templateRef(section: TemplateSection): string | undefined {
  return section.id === undefined ? undefined : String(section.id);
}

/** Whether the layout changes anything: a CV without one prints as its template says (and is saved without). */
export function isDefaultLayout(layout: CvLayout): boolean {
  return (
    layout.section_order.length === 0 &&
    layout.hidden_sections.length === 0 &&
    Object.keys(layout.section_titles).length === 0 &&
    layout.custom_sections.length === 0
  );
}

/**
 * Every section after the pinned first one, in the CV's order: those the layout orders first, as it orders them,
 * then the rest in the template's order, the CV's own sections last.
 */
export function sectionOrder(sections: readonly TemplateSection[], layout: CvLayout): SectionItem[] {
  const items: SectionItem[] = [
    ...sections.slice(1).map((section, i): SectionItem => ({
      kind: 'template',
      ref: templateRef(section) ?? `#${i + 1}`,
      sectionIndex: i + 1,
    })),
    ...layout.custom_sections.map((section): SectionItem => ({
      kind: 'custom',
      ref: section.key,
      key: section.key,
    })),
  ];
  const ordered = layout.section_order.map(sectionRefKey);
  const rank = (item: SectionItem, i: number) => {
    const at = ordered.indexOf(item.ref);
    return at === -1 ? ordered.length + i : at;
  };
  return items
    .map((item, i) => ({ item, rank: rank(item, i) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ item }) => item);
}

const asRef = (ref: string): SectionRef => (/^\d+$/.test(ref) ? Number(ref) : ref);

/** Moves a section to `toIndex` of the list `sectionOrder` gives; the whole order is then the CV's own. */
export function moveSection(
  layout: CvLayout,
  sections: readonly TemplateSection[],
  ref: string,
  toIndex: number,
): CvLayout {
  const refs = sectionOrder(sections, layout).map((item) => item.ref);
  const from = refs.indexOf(ref);
  if (from === -1 || /^#/.test(ref)) return layout;
  const to = Math.max(0, Math.min(refs.length - 1, toIndex));
  if (from === to) return layout;
  refs.splice(to, 0, ...refs.splice(from, 1));
  return { ...layout, section_order: refs.filter((item) => !item.startsWith('#')).map(asRef) };
}

export function isHidden(layout: CvLayout, ref: string): boolean {
  return layout.hidden_sections.some((hidden) => sectionRefKey(hidden) === ref);
}

export function setHidden(layout: CvLayout, ref: string, hidden: boolean): CvLayout {
  const others = layout.hidden_sections.filter((item) => sectionRefKey(item) !== ref);
  return { ...layout, hidden_sections: hidden ? [...others, asRef(ref)] : others };
}

/** The heading a section prints under: the CV's own, else the template's name (or the custom section's title). */
export function sectionTitle(layout: CvLayout, ref: string, fallback: string): string {
  return layout.section_titles[ref] ?? fallback;
}

/** A blank heading gives the section its template's name back. */
export function renameSection(layout: CvLayout, ref: string, title: string): CvLayout {
  const titles = { ...layout.section_titles };
  const heading = title.trim();
  if (heading === '') delete titles[ref];
  else titles[ref] = heading;
  return { ...layout, section_titles: titles };
}

export function canAddCustomSection(layout: CvLayout): boolean {
  return layout.custom_sections.length < MAX_CUSTOM_SECTIONS;
}

/** A key no section of this layout has: "custom-" and a few random letters and digits. */
export function newCustomKey(layout: CvLayout, random: () => number = Math.random): string {
  const taken = new Set(layout.custom_sections.map((section) => section.key));
  for (;;) {
    const key = `custom-${random().toString(36).slice(2, 8).padEnd(6, '0')}`;
    if (!taken.has(key)) return key;
  }
}

/** A new section of the CV's own, with one empty entry, at the end of the list. */
export function addCustomSection(layout: CvLayout, key: string, title = NEW_CUSTOM_SECTION_TITLE): CvLayout {
  if (!canAddCustomSection(layout)) return layout;
  return {
    ...layout,
    custom_sections: [...layout.custom_sections, { key, title, entries: [emptyCustomEntry()] }],
  };
}

/** Removes a section of the CV's own and every trace of it in the order, the hidden list and the headings. */
export function removeCustomSection(layout: CvLayout, key: string): CvLayout {
  const titles = { ...layout.section_titles };
  delete titles[key];
  return {
    section_order: layout.section_order.filter((ref) => sectionRefKey(ref) !== key),
    hidden_sections: layout.hidden_sections.filter((ref) => sectionRefKey(ref) !== key),
    section_titles: titles,
    custom_sections: layout.custom_sections.filter((section) => section.key !== key),
  };
}

function withCustomSection(
  layout: CvLayout,
  key: string,
  change: (section: CustomSectionShape) => CustomSectionShape,
): CvLayout {
  return {
    ...layout,
    custom_sections: layout.custom_sections.map((section) =>
      section.key === key ? change(section) : section,
    ),
  };
}

export function renameCustomSection(layout: CvLayout, key: string, title: string): CvLayout {
  return withCustomSection(layout, key, (section) => ({ ...section, title }));
}

export function addCustomEntry(layout: CvLayout, key: string): CvLayout {
  return withCustomSection(layout, key, (section) =>
    section.entries.length >= MAX_CUSTOM_SECTION_ENTRIES
      ? section
      : { ...section, entries: [...section.entries, emptyCustomEntry()] },
  );
}

export function removeCustomEntry(layout: CvLayout, key: string, index: number): CvLayout {
  return withCustomSection(layout, key, (section) => ({
    ...section,
    entries: section.entries.filter((_, i) => i !== index),
  }));
}

export function updateCustomEntry(
  layout: CvLayout,
  key: string,
  index: number,
  field: CustomEntryField,
  value: string | boolean,
): CvLayout {
  return withCustomSection(layout, key, (section) => ({
    ...section,
    entries: section.entries.map((entry, i) => (i === index ? { ...entry, [field]: value } : entry)),
  }));
}

export function moveCustomEntry(layout: CvLayout, key: string, from: number, to: number): CvLayout {
  return withCustomSection(layout, key, (section) => {
    if (from === to || from < 0 || to < 0 || from >= section.entries.length || to >= section.entries.length) {
      return section;
    }
    const entries = [...section.entries];
    entries.splice(to, 0, ...entries.splice(from, 1));
    return { ...section, entries };
  });
}

/**
 * What a template switch could not place, by the section's name: its kind (see ./section-kinds), whether it was
 * hidden and its heading. A switch to a template with a section of that kind gives it back, so any path through
 * other templates and back loses nothing. A section hidden where the next template requires it (so shows it) is
 * remembered here too, and hidden again where it may be. The entry under '' (no section has an empty name) keeps
 * the order the person gave every section met so far, by kind (see orderMemory); `after` is what drafts written
 * before it kept, and is no longer read.
 */
export type LayoutStashEntry = {
  kind?: string;
  hidden?: true;
  title?: string;
  after?: string;
  order?: string[];
};
export type LayoutStash = Record<string, LayoutStashEntry>;

/** How many sections the layout stash remembers at most. */
export const MAX_LAYOUT_STASH_ENTRIES = 50;

/** The stash entry holding the order memory: a name no section has. */
const ORDER_MEMORY = '';
/** How many sections the order memory remembers at most. */
const MAX_ORDER_MEMORY = 200;

/** The kind a stash entry stands for: the one it names, else what its name says (a stash from before kinds). */
function stashKind(name: string, entry: LayoutStashEntry): string | undefined {
  return entry.kind ?? inferSectionKind({ name, fields: [] });
}

/**
 * The order memory after the person saw `shown` (every section of the current template, in their order): the
 * sections shown, in that order, and each remembered one that is not shown right after the one it followed. A CV
 * that goes through templates without being reordered therefore keeps its memory unchanged, and every template it
 * reaches shows its sections in the order the person last gave them.
 */
function orderMemory(memory: readonly string[], shown: readonly string[]): string[] {
  const present = new Set(shown);
  const following = new Map<string, string[]>();
  let anchor = '';
  for (const id of memory) {
    if (present.has(id)) anchor = id;
    else following.set(anchor, [...(following.get(anchor) ?? []), id]);
  }
  const merged = [...(following.get('') ?? [])];
  for (const id of shown) merged.push(id, ...(following.get(id) ?? []));
  return [...new Set(merged)].slice(-MAX_ORDER_MEMORY);
}

/**
 * The layout for another template. The CV's own sections and the order carry over; each template section goes to
 * the section of its kind in the new template (see ./section-kinds) hidden, renamed and placed alike. A section
 * with no such section waits in the stash; a section of the new template whose kind the stash knows comes back as
 * it was, the others take their place in the template's order.
 */
export function layoutForTemplate(
  layout: CvLayout,
  from: readonly TemplateSection[],
  to: readonly TemplateSection[],
  stash: LayoutStash = {},
): { layout: CvLayout; stash: LayoutStash } {
  const fromShapes = from.map(shapeOfSection);
  const toShapes = to.map(shapeOfSection);
  const byIndex = matchSections(fromShapes, toShapes);
  const fromIndex = new Map(
    from.flatMap((section, i) => (section.id === undefined ? [] : [[String(section.id), i]])),
  );
  const toIndex = new Map(
    to.flatMap((section, i) => (section.id === undefined ? [] : [[String(section.id), i]])),
  );
  const custom = new Set(layout.custom_sections.map((section) => section.key));
  const translate = (ref: SectionRef): string | undefined => {
    const key = sectionRefKey(ref);
    if (custom.has(key)) return key;
    const i = fromIndex.get(key);
    const j = i === undefined ? undefined : byIndex.get(i);
    return j === undefined ? undefined : templateRef(to[j]!);
  };
  const required = new Set(to.filter((section) => section.is_required).flatMap((s) => templateRef(s) ?? []));
  const pinned = to[0] ? templateRef(to[0]) : undefined;
  if (pinned !== undefined) required.add(pinned);
  const hiddenBefore = new Set(layout.hidden_sections.map(sectionRefKey));
  /** How the order memory names a section: a custom section by its key, a template section by its kind or name. */
  const identity = (shape: SectionShape | undefined, ref: string) =>
    custom.has(ref) || shape === undefined ? ref : (shape.kind ?? `name:${shape.name}`);

  const incoming = Object.entries(stash).filter(([name]) => name !== ORDER_MEMORY);
  const consumed = new Set<string>();
  /** Every entry of the stash for the new template's section `j` (by kind, else name), as one; marked used. */
  const stashFor = (j: number): [string[], LayoutStashEntry] | undefined => {
    const shape = toShapes[j]!;
    const found = incoming.filter(([name, entry]) => {
      if (consumed.has(name)) return false;
      const kind = stashKind(name, entry);
      return kind !== undefined && shape.kind !== undefined ? kind === shape.kind : name === shape.name;
    });
    if (found.length === 0) return undefined;
    for (const [name] of found) consumed.add(name);
    // An entry that only names a kind (its section's values wait in the value stash) says nothing of the shape.
    const merged: LayoutStashEntry = {};
    for (const [, entry] of found) {
      if (entry.hidden) merged.hidden = true;
      if (entry.title !== undefined) merged.title = entry.title;
    }
    return [found.map(([name]) => name), merged];
  };

  // Each section of the old template: to its kind's section, hidden and named alike, or into the stash.
  const hidden = new Set<string>();
  const titles: Record<string, string> = {};
  const left: LayoutStash = {};
  const shown: string[] = [];
  for (const item of sectionOrder(from, layout)) {
    const translated = translate(item.ref);
    const shape = item.kind === 'template' ? fromShapes[item.sectionIndex] : undefined;
    const name = item.kind === 'custom' ? item.key : (shape?.name ?? item.ref);
    const kind = shape?.kind !== undefined ? { kind: shape.kind } : {};
    const title = layout.section_titles[item.ref];
    const wasHidden = hiddenBefore.has(item.ref);
    shown.push(identity(shape, item.ref));
    if (translated !== undefined) {
      if (title !== undefined) titles[translated] = title;
      // Hidden, but the new template requires it: shown there, and hidden again where it may be.
      if (wasHidden && required.has(translated)) left[name] = { ...kind, hidden: true };
      else if (wasHidden) hidden.add(translated);
    } else if (wasHidden || title !== undefined) {
      left[name] = {
        ...kind,
        ...(wasHidden ? { hidden: true as const } : {}),
        ...(title !== undefined ? { title } : {}),
      };
    }
  }

  // The personal details are no item of the order, but may have a heading of the person's own.
  const firstRef = from[0] ? templateRef(from[0]) : undefined;
  const firstTitle = firstRef === undefined ? undefined : layout.section_titles[firstRef];
  if (firstTitle !== undefined && pinned !== undefined && byIndex.get(0) === 0) titles[pinned] = firstTitle;

  // The new template's sections: those the stash knows come back as they were.
  to.forEach((section, j) => {
    const ref = templateRef(section);
    if (j === 0 || ref === undefined) return;
    const saved = stashFor(j);
    if (!saved) return;
    const [names, entry] = saved;
    if (entry.title !== undefined && titles[ref] === undefined) titles[ref] = entry.title;
    if (entry.hidden && required.has(ref))
      left[names.at(-1)!] = { ...(toShapes[j]!.kind ? { kind: toShapes[j]!.kind } : {}), hidden: true };
    else if (entry.hidden) hidden.add(ref);
  });

  const carried: CvLayout = {
    section_order: [],
    hidden_sections: [...hidden].filter((ref) => !required.has(ref)).map(asRef),
    section_titles: titles,
    custom_sections: layout.custom_sections,
  };

  // The order: as the person last gave it to every section met so far; a section never met takes its place in the
  // template's order, after the one before it there. A CV never reordered keeps each template's order.
  const remembered = stash[ORDER_MEMORY]?.order;
  const memory =
    layout.section_order.length > 0 || remembered ? orderMemory(remembered ?? [], shown) : undefined;
  const plain = sectionOrder(to, carried).map((item) => item.ref);
  if (memory) {
    const rank = new Map(memory.map((id, i) => [id, i]));
    const idOf = (ref: string) => {
      const j = toIndex.get(ref);
      return identity(j === undefined ? undefined : toShapes[j], ref);
    };
    const sequence = plain
      .filter((ref) => rank.has(idOf(ref)))
      .sort((a, b) => rank.get(idOf(a))! - rank.get(idOf(b))!);
    plain.forEach((ref, i) => {
      if (rank.has(idOf(ref))) return;
      const anchor = plain
        .slice(0, i)
        .filter((other) => sequence.includes(other))
        .at(-1);
      sequence.splice(anchor === undefined ? 0 : sequence.indexOf(anchor) + 1, 0, ref);
    });
    if (sequence.join('\n') !== plain.join('\n')) carried.section_order = sequence.map(asRef);
  }

  // The stash forgets what the new template now holds, and keeps the newest entries.
  const kept = [
    ...incoming.filter(([name]) => !consumed.has(name) && !(name in left)),
    ...Object.entries(left),
  ];
  const entries = Object.fromEntries(kept.slice(-MAX_LAYOUT_STASH_ENTRIES));
  return { layout: carried, stash: memory ? { [ORDER_MEMORY]: { order: memory }, ...entries } : entries };
}

/** The stash after a switch, with the kind of every section whose values wait in the value stash. */
export function withStashKinds(stash: LayoutStash, kinds: Readonly<Record<string, string>>): LayoutStash {
  const named: LayoutStash = { ...stash };
  for (const [name, kind] of Object.entries(kinds))
    if (name !== ORDER_MEMORY) named[name] = { ...named[name], kind };
  return named;
}

/** The kinds the layout stash knows, by section name, for the value stash's sections. */
export function stashKindsOf(stash: LayoutStash): Record<string, string> {
  return Object.fromEntries(
    Object.entries(stash).flatMap(([name, entry]) =>
      entry.kind && name !== ORDER_MEMORY ? [[name, entry.kind]] : [],
    ),
  );
}
