import type { TemplateSection } from '../../src/api/templates';
import {
  EMPTY_LAYOUT,
  addCustomEntry,
  addCustomSection,
  canAddCustomSection,
  customSectionTitle,
  isDefaultLayout,
  isHidden,
  layoutForServer,
  layoutForTemplate,
  moveCustomEntry,
  moveSection,
  newCustomKey,
  removeCustomEntry,
  removeCustomSection,
  renameSection,
  sectionOrder,
  sectionTitle,
  setHidden,
  updateCustomEntry,
} from '../../src/cv/layout';

const FIELDS: Record<string, string[]> = {
  'Personal Details': ['full_name', 'email'],
  'Professional Summary': ['summary'],
  Profile: ['profile_summary'],
  'Work Experience': ['job_title', 'company', 'start_date', 'description'],
  'Career History': ['job_title', 'company', 'start_date', 'description'],
  Education: ['degree', 'institution'],
  Skills: ['skill_name', 'skill_level'],
  'Core Skills': ['skill_name', 'skill_level'],
  Languages: ['language', 'proficiency'],
};

const section = (id: number, name: string, required = false): TemplateSection => ({
  id,
  name,
  description: '',
  is_active: true,
  is_required: required,
  is_repeatable: false,
  input_fields: (FIELDS[name] ?? []).map((field, i) => ({
    id: id * 10 + i,
    name: field,
    widget_label: field,
    widget_type: 'text-input',
    description: '',
    is_required: false,
  })),
});

// Executive Classic's sections, as the API gives them.
const EXECUTIVE = [
  section(101, 'Personal Details', true),
  section(102, 'Professional Summary'),
  section(103, 'Work Experience', true),
  section(104, 'Education', true),
  section(105, 'Skills'),
];
// Another template with some of the same sections under other ids.
const SIDEBAR = [
  section(201, 'Personal Details', true),
  section(202, 'Skills', true),
  section(203, 'Work Experience'),
  section(204, 'Languages'),
];

const refs = (layout = EMPTY_LAYOUT, sections = EXECUTIVE) => sectionOrder(sections, layout).map((item) => item.ref);

describe('a CV’s own structure', () => {
  it('lists the sections after the personal details in the template’s order, its own sections last', () => {
    expect(refs()).toEqual(['102', '103', '104', '105']);
    const withCustom = addCustomSection(EMPTY_LAYOUT, 'custom-talks');
    expect(refs(withCustom)).toEqual(['102', '103', '104', '105', 'custom-talks']);
    expect(isDefaultLayout(EMPTY_LAYOUT)).toBe(true);
    expect(isDefaultLayout(withCustom)).toBe(false);
  });

  it('moves a section; the order is then the CV’s own, without the pinned personal details', () => {
    const moved = moveSection(EMPTY_LAYOUT, EXECUTIVE, '104', 0);
    expect(refs(moved)).toEqual(['104', '102', '103', '105']);
    expect(moved.section_order).toEqual([104, 102, 103, 105]);
    // Out of range moves stop at the ends; an unknown section changes nothing.
    expect(refs(moveSection(moved, EXECUTIVE, '104', 99))).toEqual(['102', '103', '105', '104']);
    expect(moveSection(moved, EXECUTIVE, '101', 2)).toBe(moved);
    const custom = moveSection(addCustomSection(moved, 'custom-talks'), EXECUTIVE, 'custom-talks', 1);
    expect(custom.section_order).toEqual([104, 'custom-talks', 102, 103, 105]);
  });

  it('hides and shows a section, and renames it for this CV (blank gives the template’s name back)', () => {
    const hidden = setHidden(EMPTY_LAYOUT, '105', true);
    expect(isHidden(hidden, '105')).toBe(true);
    expect(setHidden(hidden, '105', true).hidden_sections).toEqual([105]);
    expect(isHidden(setHidden(hidden, '105', false), '105')).toBe(false);
    const renamed = renameSection(EMPTY_LAYOUT, '103', '  Professional Experience ');
    expect(sectionTitle(renamed, '103', 'Work Experience')).toBe('Professional Experience');
    expect(sectionTitle(renameSection(renamed, '103', '   '), '103', 'Work Experience')).toBe('Work Experience');
  });

  it('adds, edits, reorders and removes entries of a custom section; removing the section leaves no trace', () => {
    let layout = addCustomSection(EMPTY_LAYOUT, 'custom-talks', 'Talks');
    layout = updateCustomEntry(layout, 'custom-talks', 0, 'title', 'First talk');
    layout = addCustomEntry(layout, 'custom-talks');
    layout = updateCustomEntry(layout, 'custom-talks', 1, 'title', 'Second talk');
    layout = updateCustomEntry(layout, 'custom-talks', 1, 'current', true);
    layout = moveCustomEntry(layout, 'custom-talks', 1, 0);
    expect(layout.custom_sections[0]!.entries.map((entry) => entry.title)).toEqual(['Second talk', 'First talk']);
    expect(layout.custom_sections[0]!.entries[0]!.current).toBe(true);
    expect(removeCustomEntry(layout, 'custom-talks', 0).custom_sections[0]!.entries.map((e) => e.title)).toEqual([
      'First talk',
    ]);
    layout = renameSection(setHidden(moveSection(layout, EXECUTIVE, 'custom-talks', 0), 'custom-talks', true), 'custom-talks', 'x');
    const removed = removeCustomSection(layout, 'custom-talks');
    expect(removed.custom_sections).toEqual([]);
    expect(removed.section_order).not.toContain('custom-talks');
    expect(removed.hidden_sections).toEqual([]);
    expect(removed.section_titles).toEqual({});
  });

  it('stops at 20 custom sections; new keys never repeat', () => {
    let layout = EMPTY_LAYOUT;
    for (let i = 0; i < 25; i++) layout = addCustomSection(layout, newCustomKey(layout));
    expect(layout.custom_sections).toHaveLength(20);
    expect(canAddCustomSection(layout)).toBe(false);
    expect(new Set(layout.custom_sections.map((s) => s.key)).size).toBe(20);
    let n = 0;
    const fixed = () => [0.1, 0.1, 0.2][n++]!;
    const first = addCustomSection(EMPTY_LAYOUT, newCustomKey(EMPTY_LAYOUT, fixed));
    expect(newCustomKey(first, fixed)).not.toBe(first.custom_sections[0]!.key);
  });

  it('carries the structure to another template by section kind; what has no match waits in the stash', () => {
    let layout = moveSection(EMPTY_LAYOUT, EXECUTIVE, '105', 0);
    layout = setHidden(layout, '102', true);
    layout = setHidden(layout, '105', true);
    layout = renameSection(layout, '103', 'Professional Experience');
    layout = addCustomSection(layout, 'custom-talks', 'Talks');
    const { layout: moved, stash } = layoutForTemplate(layout, EXECUTIVE, SIDEBAR);
    // Skills (105 → 202) first, Work Experience (103 → 203), Languages in its template place, then Talks.
    expect(sectionOrder(SIDEBAR, moved).map((item) => item.ref)).toEqual(['202', '203', '204', 'custom-talks']);
    // Skills is required in the new template: it cannot stay hidden.
    expect(moved.hidden_sections).toEqual([]);
    expect(moved.section_titles).toEqual({ '203': 'Professional Experience' });
    expect(moved.custom_sections.map((s) => s.key)).toEqual(['custom-talks']);
    // The hidden summary has no place there: the stash remembers it, and the order memory where it stood.
    expect(stash['Professional Summary']).toEqual({ kind: 'summary', hidden: true });
    expect(stash['']!.order).toEqual(['skills', 'summary', 'experience', 'education', 'custom-talks']);
  });

  it('matches a section under another name by its fields', () => {
    const TIMELINE = [
      section(401, 'Personal Details', true),
      section(402, 'Profile'),
      section(403, 'Career History', true),
      section(404, 'Core Skills'),
      section(405, 'Education'),
    ];
    let layout = moveSection(EMPTY_LAYOUT, EXECUTIVE, '105', 0);
    layout = renameSection(layout, '103', 'Where I worked');
    layout = setHidden(layout, '105', true);
    const { layout: moved } = layoutForTemplate(layout, EXECUTIVE, TIMELINE);
    expect(moved.section_titles).toEqual({ '403': 'Where I worked' });
    expect(moved.hidden_sections).toEqual([404]);
    // Profile is the summary under another name: it comes after Core Skills, as the summary came after Skills.
    expect(sectionOrder(TIMELINE, moved).map((item) => item.ref)).toEqual(['404', '402', '403', '405']);
  });

  it('gives a section back as it was after a switch to a template without it and back', () => {
    let layout = moveSection(EMPTY_LAYOUT, EXECUTIVE, '102', 3);
    layout = setHidden(layout, '102', true);
    layout = renameSection(layout, '102', 'About');
    const before = sectionOrder(EXECUTIVE, layout).map((item) => item.ref);
    expect(before).toEqual(['103', '104', '105', '102']);
    const there = layoutForTemplate(layout, EXECUTIVE, SIDEBAR);
    const back = layoutForTemplate(there.layout, SIDEBAR, EXECUTIVE, there.stash);
    expect(sectionOrder(EXECUTIVE, back.layout).map((item) => item.ref)).toEqual(before);
    expect(back.layout.hidden_sections).toEqual([102]);
    expect(back.layout.section_titles['102']).toBe('About');
    // Given back, it leaves the stash.
    expect(back.stash['Professional Summary']).toBeUndefined();
  });

  it('keeps a template without a custom order in the template’s order', () => {
    const { layout: moved } = layoutForTemplate(setHidden(EMPTY_LAYOUT, '102', true), EXECUTIVE, SIDEBAR);
    expect(moved.section_order).toEqual([]);
    expect(isDefaultLayout(moved)).toBe(true);
  });

  it('prints a section of the CV’s own without a title as ‘Custom Section’, and sends it so', () => {
    const layout = addCustomSection(EMPTY_LAYOUT, 'custom-a', '  ');
    expect(customSectionTitle(layout.custom_sections[0]!)).toBe('Custom Section');
    expect(layoutForServer(layout).custom_sections[0]!.title).toBe('Custom Section');
    const titled = addCustomSection(EMPTY_LAYOUT, 'custom-b', 'Talks');
    expect(layoutForServer(titled)).toBe(titled);
  });
});
