import type { CvLayout } from '../../src/api/cvs';
import { PLAIN_DESIGN } from '../../src/cv/design';
import { EMPTY_LAYOUT } from '../../src/cv/layout';
import {
  compareVersions,
  isSameContent,
  readableValue,
  say,
  type ComparedVersion,
  type VersionComparison,
  type Words,
} from '../../src/cv/version-diff';
import { t } from '../../src/i18n/i18n';

const field = (id: number, widget_label: string) => ({
  id,
  name: widget_label.toLowerCase().replace(/ /g, '_'),
  widget_label,
  widget_type: 'text-input',
  description: '',
  is_required: false,
});

const SECTIONS = [
  { id: 101, name: 'Personal Details', input_fields: [field(1001, 'Full Name'), field(1002, 'Job Title')] },
  { id: 102, name: 'Professional Summary', input_fields: [field(1008, 'Summary')] },
  { id: 103, name: 'Work Experience', input_fields: [field(1009, 'Job Title'), field(1010, 'Company')] },
  { id: 108, name: 'Languages', input_fields: [field(1030, 'Language')] },
];

function version(
  entries: Array<[number, number, string]>,
  extra: Partial<ComparedVersion> = {},
): ComparedVersion {
  return {
    templateName: 'Executive Classic',
    sections: SECTIONS,
    entries: entries.map(([section_field, index, value]) => ({ section_field, index, value })),
    ...extra,
  };
}

const BASE: Array<[number, number, string]> = [
  [1001, 0, 'Ada Lovelace'],
  [1002, 0, 'Analyst'],
  [1009, 0, 'Engine programmer'],
  [1010, 0, 'Babbage & Co'],
];

/** A comparison's words, said in English: the words the dialog shows. */
function inEnglish(comparison: VersionComparison) {
  const said = (words: Words) => say(words, t);
  return {
    ...(comparison.template
      ? { template: `${said(comparison.template.from)} → ${said(comparison.template.to)}` }
      : {}),
    sections: comparison.sections.map((changes) => ({
      section: said(changes.section),
      ...Object.fromEntries(
        (['added', 'removed', 'changed'] as const).map((kind) => [
          kind,
          changes[kind].map((change) => ({
            field: said(change.field),
            ...(change.from !== undefined ? { from: said(change.from) } : {}),
            ...(change.to !== undefined ? { to: said(change.to) } : {}),
          })),
        ]),
      ),
    })),
    layout: comparison.layout.map(said),
    design: comparison.design.map(said),
  };
}

describe('compareVersions', () => {
  it('the same content has no changes', () => {
    const comparison = compareVersions(version(BASE), version([...BASE].reverse()));
    expect(comparison).toEqual({ sections: [], layout: [], design: [] });
    expect(isSameContent(comparison)).toBe(true);
  });

  it('lists values added, removed and changed, per section, with the entry they belong to', () => {
    const newer = version([
      [1001, 0, 'Ada King'],
      [1009, 0, 'Engine programmer'],
      [1010, 0, 'Babbage & Co'],
      [1009, 1, 'Notes author'],
      [1008, 0, '<p>Wrote the <strong>first</strong> program</p>'],
    ]);
    const comparison = compareVersions(version(BASE), newer);
    // The template's words are said through the catalogue, the person's values as they are.
    expect(comparison.sections[1]!.added[0]).toEqual({
      field: { id: '{field} (Entry {entry})', values: { field: 'Job Title', entry: 2 } },
      to: { own: 'Notes author' },
    });
    expect(inEnglish(comparison).sections).toEqual([
      {
        section: 'Personal Details',
        added: [],
        removed: [{ field: 'Job Title', from: 'Analyst' }],
        changed: [{ field: 'Full Name', from: 'Ada Lovelace', to: 'Ada King' }],
      },
      {
        section: 'Work Experience',
        added: [{ field: 'Job Title (Entry 2)', to: 'Notes author' }],
        removed: [],
        changed: [],
      },
      {
        section: 'Professional Summary',
        added: [{ field: 'Summary', to: 'Wrote the first program' }],
        removed: [],
        changed: [],
      },
    ]);
    expect(isSameContent(comparison)).toBe(false);
  });

  it('places both versions under the newer headings, so a renamed section is not all removed and added', () => {
    const layout: CvLayout = { ...EMPTY_LAYOUT, section_titles: { '103': 'Career' } };
    const comparison = compareVersions(version(BASE), version(BASE, { layout }));
    expect(comparison.sections).toEqual([]);
    // The template's name for the section is said in the interface's language; the heading the person wrote is theirs.
    expect(comparison.layout).toEqual([
      {
        id: 'Heading renamed: “{from}” → “{to}”',
        values: { from: 'Work Experience', to: { own: 'Career' } },
      },
    ]);
    expect(inEnglish(comparison).layout).toEqual(['Heading renamed: “Work Experience” → “Career”']);
  });

  it('lists layout changes: order, hidden, shown again and sections of the CV’s own', () => {
    const volunteering = {
      key: 'custom-volunteering',
      title: 'Volunteering',
      entries: [
        {
          title: 'Mentor',
          subtitle: 'Code Club',
          location: '',
          start_date: '2020-02',
          end_date: '',
          current: true,
          description: '',
        },
      ],
    };
    const older: CvLayout = { ...EMPTY_LAYOUT, section_order: [102, 103, 108], hidden_sections: [108] };
    const newer: CvLayout = {
      ...EMPTY_LAYOUT,
      section_order: [108, 102, 103],
      hidden_sections: [102],
      custom_sections: [volunteering],
    };
    const comparison = compareVersions(version(BASE, { layout: older }), version(BASE, { layout: newer }));
    expect(inEnglish(comparison).layout).toEqual([
      'Section added: Volunteering',
      'Section order changed',
      'Hidden: Professional Summary',
      'Shown again: Languages',
    ]);
    expect(inEnglish(comparison).sections).toEqual([
      {
        section: 'Volunteering',
        added: [
          { field: 'Title', to: 'Mentor' },
          { field: 'Subtitle', to: 'Code Club' },
          { field: 'Start date', to: '2020-02' },
          { field: 'Current', to: 'Yes' },
        ],
        removed: [],
        changed: [],
      },
    ]);
  });

  it('lists design changes in words, against the template’s look when a version has none', () => {
    const design = {
      ...PLAIN_DESIGN,
      page_size: 'Letter' as const,
      accent_color: '#1565c0',
      fit_one_page: true,
    };
    const comparison = compareVersions(version(BASE), version(BASE, { design }));
    // 'Letter' the paper size is shown as it is (not the cover letter's word).
    expect(comparison.design[0]).toEqual({
      id: 'Page size: {from} → {to}',
      values: { from: { own: 'A4' }, to: { own: 'Letter' } },
    });
    expect(inEnglish(comparison).design).toEqual([
      'Page size: A4 → Letter',
      'Accent colour: the template’s colour → #1565c0',
      'Fit to one page: off → on',
    ]);
  });

  it('says the photo, the margins and a section of one’s own without a title in the same words as before', () => {
    const design = {
      ...PLAIN_DESIGN,
      margins: 'wide' as const,
      photo: { ...PLAIN_DESIGN.photo, shape: 'square' as const, border: true, grayscale: true },
    };
    const untitled = { key: 'custom-a', title: ' ', entries: [] };
    const comparison = compareVersions(
      version(BASE),
      version(BASE, { design, layout: { ...EMPTY_LAYOUT, custom_sections: [untitled] } }),
    );
    expect(inEnglish(comparison).design).toEqual([
      'Margins: normal → wide',
      `Photo: ${PLAIN_DESIGN.photo.shape}, ${PLAIN_DESIGN.photo.size} → square, ${PLAIN_DESIGN.photo.size}, border, grayscale`,
    ]);
    expect(inEnglish(comparison).layout).toEqual(['Section added: Custom Section']);
    expect(comparison.layout).toEqual([
      { id: 'Section added: {section}', values: { section: 'Custom Section' } },
    ]);
  });

  it('names a template switch', () => {
    const other = version([[1001, 0, 'Ada Lovelace']], { templateName: 'Modern Split' });
    const comparison = compareVersions(version(BASE), other);
    expect(comparison.template).toEqual({ from: 'Executive Classic', to: 'Modern Split' });
    expect(inEnglish(comparison).template).toBe('Executive Classic → Modern Split');
  });

  it('a value whose field neither template knows is still listed', () => {
    const comparison = compareVersions(version([]), version([[9999, 0, 'x']]));
    expect(inEnglish(comparison).sections).toEqual([
      { section: 'Other values', added: [{ field: 'Field 9999', to: 'x' }], removed: [], changed: [] },
    ]);
  });
});

describe('readableValue', () => {
  it('drops markup and entities, keeps the words', () => {
    expect(readableValue('<ul><li>One &amp; two</li><li>three</li></ul>')).toBe('One & two three');
  });
});
