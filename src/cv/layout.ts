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

export const NEW_CUSTOM_SECTION_TITLE = 'Custom Section';

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
 * What a template switch could not place, by section name: whether the section was hidden, its heading, and what
 * stood before it (a section's name or a custom section's key; '' for the first place). A switch to a template
 * that has a section of that name gives it back, so going to another template and back loses nothing.
 */
export type LayoutStash = Record<string, { hidden?: true; title?: string; after?: string }>;

/** How many sections the layout stash remembers at most. */
export const MAX_LAYOUT_STASH_ENTRIES = 50;

const fieldNames = (section: TemplateSection) => new Set(section.input_fields.map((field) => field.name));

/**
 * Which section of the new template each section of the old one becomes: the personal details each other, then
 * the same name, then the section that shares most of its fields (Work Experience → Career History share every
 * field; a summary kept under another field name has no match, as its text waits in the value stash).
 */
function matchSections(
  from: readonly TemplateSection[],
  to: readonly TemplateSection[],
): Map<string, string> {
  const matches = new Map<string, string>();
  const taken = new Set<string>();
  const pair = (a: TemplateSection, b: TemplateSection) => {
    const [fromRef, toRef] = [templateRef(a), templateRef(b)];
    if (fromRef === undefined || toRef === undefined || taken.has(toRef) || matches.has(fromRef)) return;
    matches.set(fromRef, toRef);
    taken.add(toRef);
  };
  if (from[0] && to[0]) pair(from[0], to[0]);
  const candidates = to.slice(1);
  for (const section of from.slice(1)) {
    const same = candidates.find(
      (other) => other.name === section.name && !taken.has(templateRef(other) ?? ''),
    );
    if (same) pair(section, same);
  }
  for (const section of from.slice(1)) {
    if (matches.has(templateRef(section) ?? '')) continue;
    const mine = fieldNames(section);
    let best: TemplateSection | undefined;
    let bestShared = 0;
    for (const other of candidates) {
      if (taken.has(templateRef(other) ?? '')) continue;
      const theirs = fieldNames(other);
      const shared = [...mine].filter((name) => theirs.has(name)).length;
      // Most of the smaller section's fields in common: the same kind of section under another name.
      if (shared > bestShared && shared * 2 > Math.min(mine.size, theirs.size)) {
        best = other;
        bestShared = shared;
      }
    }
    if (best) pair(section, best);
  }
  return matches;
}

/**
 * The layout for another template. The CV's own sections and the order carry over; each template section goes to
 * its match in the new template (see matchSections) hidden, renamed and placed alike. A section with no match
 * waits in the stash by its name; a section of the new template that the stash knows comes back as it was, the
 * others take their place in the template's order.
 */
export function layoutForTemplate(
  layout: CvLayout,
  from: readonly TemplateSection[],
  to: readonly TemplateSection[],
  stash: LayoutStash = {},
): { layout: CvLayout; stash: LayoutStash } {
  const matches = matchSections(from, to);
  const fromName = new Map(
    from.flatMap((section) => (section.id === undefined ? [] : [[String(section.id), section.name]])),
  );
  const toRefByName = new Map(
    to.flatMap((section) => (section.id === undefined ? [] : [[section.name, String(section.id)]])),
  );
  const custom = new Set(layout.custom_sections.map((section) => section.key));
  const translate = (ref: SectionRef): string | undefined => {
    const key = sectionRefKey(ref);
    return custom.has(key) ? key : matches.get(key);
  };
  const hiddenBefore = new Set(layout.hidden_sections.map(sectionRefKey));
  const ordered = layout.section_order.length > 0;

  // The order as the person sees it, carried over; what has no match is remembered with what stood before it.
  const sequence: string[] = [];
  const left: LayoutStash = {};
  let previous = '';
  for (const item of sectionOrder(from, layout)) {
    const translated = translate(item.ref);
    const name = item.kind === 'custom' ? item.key : (fromName.get(item.ref) ?? item.ref);
    if (translated !== undefined) sequence.push(translated);
    else {
      const title = layout.section_titles[item.ref];
      const entry = {
        ...(hiddenBefore.has(item.ref) ? { hidden: true as const } : {}),
        ...(title !== undefined ? { title } : {}),
        ...(ordered ? { after: previous } : {}),
      };
      if (Object.keys(entry).length > 0) left[name] = entry;
    }
    previous = name;
  }

  // The new template's other sections: where the stash says, else after the section before them in the template.
  const hidden = new Set<string>();
  const titles: Record<string, string> = {};
  let stashUsed = false;
  const pinned = to[0] ? templateRef(to[0]) : undefined;
  const rest = to.slice(1);
  rest.forEach((section, i) => {
    const ref = templateRef(section);
    if (ref === undefined || sequence.includes(ref)) return;
    const saved = stash[section.name];
    if (saved?.hidden) hidden.add(ref);
    if (saved?.title !== undefined) titles[ref] = saved.title;
    let at = -1;
    if (saved?.after !== undefined) {
      stashUsed = true;
      if (saved.after === '') at = 0;
      else {
        const anchor = custom.has(saved.after) ? saved.after : toRefByName.get(saved.after);
        if (anchor !== undefined && sequence.includes(anchor)) at = sequence.indexOf(anchor) + 1;
      }
    }
    if (at < 0) {
      const before = rest
        .slice(0, i)
        .map(templateRef)
        .filter((other) => other !== undefined && sequence.includes(other));
      const anchor = before.at(-1);
      at = anchor === undefined ? 0 : sequence.indexOf(anchor) + 1;
    }
    sequence.splice(at, 0, ref);
  });

  for (const ref of layout.hidden_sections) {
    const translated = translate(ref);
    if (translated !== undefined) hidden.add(translated);
  }
  for (const [ref, title] of Object.entries(layout.section_titles)) {
    const translated = translate(ref);
    if (translated !== undefined) titles[translated] = title;
  }
  const required = new Set(to.filter((section) => section.is_required).map((section) => String(section.id)));
  if (pinned !== undefined) required.add(pinned);

  const carried: CvLayout = {
    section_order: [],
    hidden_sections: [...hidden].filter((ref) => !required.has(ref)).map(asRef),
    section_titles: titles,
    custom_sections: layout.custom_sections,
  };
  const plain = sectionOrder(to, carried).map((item) => item.ref);
  const own = sequence.filter((ref) => ref !== pinned);
  if ((ordered || stashUsed) && own.join('\n') !== plain.join('\n')) carried.section_order = own.map(asRef);

  // The stash forgets what the new template now holds, and keeps the newest entries.
  const toNames = new Set(to.map((section) => section.name));
  const kept = Object.entries({ ...stash, ...left }).filter(([name]) => !toNames.has(name) || name in left);
  return { layout: carried, stash: Object.fromEntries(kept.slice(-MAX_LAYOUT_STASH_ENTRIES)) };
}
