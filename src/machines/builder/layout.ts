import type { CvLayout } from '../../api/cvs';
import type { TemplateSection } from '../../api/templates';
import {
  MAX_CUSTOM_SECTION_ENTRIES,
  MAX_CUSTOM_SECTIONS,
  sectionRefKey,
  type CustomEntryShape,
  type CustomSectionShape,
  type SectionRef,
} from '../../../rules/cv';

// A CV's own structure (issue 12) as pure functions over its layout: the builder's machine applies them, the
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

export function emptyCustomEntry(): Required<CustomEntryShape> {
  return { title: '', subtitle: '', location: '', start_date: '', end_date: '', current: false, description: '' };
}

/** A section of the builder's list: one of the template's (by its index) or one of the CV's own. */
export type SectionItem =
  | { kind: 'template'; ref: string; sectionIndex: number }
  | { kind: 'custom'; ref: string; key: string };

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
    ...layout.custom_sections.map((section): SectionItem => ({ kind: 'custom', ref: section.key, key: section.key })),
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
    custom_sections: layout.custom_sections.map((section) => (section.key === key ? change(section) : section)),
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
 * The layout for another template: the CV's own sections and their order carry over; a template section is
 * matched by its name in the new template (hidden, renamed and ordered alike); what has no match is dropped.
 */
export function layoutForTemplate(
  layout: CvLayout,
  from: readonly TemplateSection[],
  to: readonly TemplateSection[],
): CvLayout {
  const nameOf = new Map(from.flatMap((section) => (section.id === undefined ? [] : [[String(section.id), section.name]])));
  const refByName = new Map(
    to.flatMap((section) => (section.id === undefined ? [] : [[section.name, String(section.id)]])),
  );
  const pinned = to[0] ? templateRef(to[0]) : undefined;
  const custom = new Set(layout.custom_sections.map((section) => section.key));
  const translate = (ref: SectionRef): string | undefined => {
    const key = sectionRefKey(ref);
    if (custom.has(key)) return key;
    const name = nameOf.get(key);
    return name === undefined ? undefined : refByName.get(name);
  };
  // The personal details stay first and shown whatever the other template's order said.
  const refs = (list: readonly SectionRef[]) =>
    list.flatMap((ref) => {
      const translated = translate(ref);
      return translated === undefined || translated === pinned ? [] : [asRef(translated)];
    });
  const required = new Set(to.filter((section) => section.is_required).map((section) => String(section.id)));
  const titles: Record<string, string> = {};
  for (const [ref, title] of Object.entries(layout.section_titles)) {
    const translated = translate(ref);
    if (translated !== undefined) titles[translated] = title;
  }
  return {
    section_order: refs(layout.section_order),
    hidden_sections: refs(layout.hidden_sections).filter((ref) => !required.has(sectionRefKey(ref))),
    section_titles: titles,
    custom_sections: layout.custom_sections,
  };
}
