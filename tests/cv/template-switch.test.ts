import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CvLayout } from '../../src/api/cvs';
import type { TemplateSection } from '../../src/api/templates';
import { compactFormData, formDataKey, stashSummary } from '../../src/cv/form-data';
import {
  EMPTY_LAYOUT,
  addCustomSection,
  moveSection,
  renameSection,
  sectionOrder,
  setHidden,
  templateRef,
} from '../../src/cv/layout';
import { inferSectionKind, sectionKind } from '../../src/cv/section-kinds';
import { switchTemplate, type SwitchableCv } from '../../src/cv/template-switch';

// A template switch keeps the CV's shape: over every pair of the server's 16 templates and random paths through
// them, going away and coming back gives the same CV — values, hidden sections, order and headings — and a
// section finds the one of its kind under any name. The templates are the server's own data, as the API gives
// them: with their sections' keys, and without them (a backend that does not send keys).

interface RawTemplate {
  id: number;
  name: string;
  sections: Array<TemplateSection & { key: string; order: number }>;
}

const TEMPLATES: RawTemplate[] = readdirSync(join(process.cwd(), 'server/templates'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map(
    (entry) =>
      JSON.parse(
        readFileSync(join(process.cwd(), 'server/templates', entry.name, 'template.json'), 'utf8'),
      ) as RawTemplate,
  )
  .sort((a, b) => a.id - b.id);

/** A template's sections as GET /v1/CvTemplate/{id}/ answers them (in their order), with or without keys. */
function sectionsOf(template: RawTemplate, withKeys: boolean): TemplateSection[] {
  return [...template.sections]
    .sort((a, b) => a.order - b.order)
    .map((section) => ({
      id: section.id,
      ...(withKeys ? { key: section.key } : {}),
      name: section.name,
      description: '',
      is_active: true,
      is_required: section.is_required,
      is_repeatable: section.is_repeatable,
      input_fields: section.input_fields.map((field) => ({
        id: field.id,
        name: field.name,
        widget_label: field.widget_label,
        widget_type: field.widget_type,
        description: '',
        is_required: field.is_required,
      })),
    }));
}

const byName = (name: string) => TEMPLATES.find((template) => template.name === name)!;

/** A small seeded generator (mulberry32), so a failing path can be run again. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function valueFor(widget: string, text: string, next: () => number): string {
  switch (widget) {
    case 'checkbox':
      return 'true';
    case 'date':
      return `20${10 + Math.floor(next() * 15)}-0${1 + Math.floor(next() * 9)}-01`;
    case 'phone-input':
      return '+44 20 7946 0958';
    case 'email-input':
      return 'ada@example.com';
    case 'richtext-input':
      return next() < 0.5 ? `<p><strong>${text}</strong> in rich text</p>` : text;
    default:
      return text;
  }
}

/** A CV on `sections` with a value in most fields, a few entries per repeatable section, and a shape of its own. */
function randomCv(sections: readonly TemplateSection[], next: () => number): SwitchableCv {
  const formData: Record<string, Record<string, string>> = {};
  for (const section of sections) {
    const values: Record<string, string> = {};
    const entries = section.is_repeatable ? 1 + Math.floor(next() * 3) : 1;
    for (let index = 0; index < entries; index++) {
      for (const field of section.input_fields) {
        if (next() < 0.2) continue;
        values[formDataKey(field.name, field.id, index)] = valueFor(
          field.widget_type,
          `${section.name} ${field.name} ${index}`,
          next,
        );
      }
    }
    formData[section.name] = values;
  }
  let layout: CvLayout = EMPTY_LAYOUT;
  if (next() < 0.5) layout = addCustomSection(layout, 'custom-talks', 'Talks');
  if (next() < 0.3) layout = renameSection(layout, templateRef(sections[0]!)!, 'About Me');
  for (const section of sections.slice(1)) {
    const ref = templateRef(section)!;
    if (!section.is_required && next() < 0.35) layout = setHidden(layout, ref, true);
    if (next() < 0.3) layout = renameSection(layout, ref, `My ${section.name}`);
  }
  if (next() < 0.75) {
    const count = sectionOrder(sections, layout).length;
    for (let moves = 0; moves < 4; moves++) {
      const items = sectionOrder(sections, layout);
      const item = items[Math.floor(next() * items.length)]!;
      layout = moveSection(layout, sections, item.ref, Math.floor(next() * count));
    }
  }
  return { formData, layout, stash: {}, layoutStash: {} };
}

/** What a person sees of a CV's shape: the order, what is hidden, the headings and the sections of their own. */
function shapeOf(sections: readonly TemplateSection[], layout: CvLayout) {
  return {
    order: sectionOrder(sections, layout).map((item) => item.ref),
    hidden: layout.hidden_sections.map(String).sort(),
    titles: layout.section_titles,
    custom: layout.custom_sections,
  };
}

function walk(cv: SwitchableCv, path: readonly TemplateSection[][]): SwitchableCv {
  let current = cv;
  for (let i = 1; i < path.length; i++) current = switchTemplate(current, path[i - 1]!, path[i]!);
  return current;
}

function expectSameCv(home: readonly TemplateSection[], before: SwitchableCv, after: SwitchableCv) {
  expect(compactFormData(after.formData)).toEqual(compactFormData(before.formData));
  expect(shapeOf(home, after.layout)).toEqual(shapeOf(home, before.layout));
  // Everything that waited for this template is back: nothing is left waiting.
  expect(compactFormData(after.stash)).toEqual({});
}

describe('section kinds', () => {
  it('reads every section of every template as its key, from its fields and name alone', () => {
    for (const template of TEMPLATES) {
      for (const section of sectionsOf(template, false)) {
        const raw = template.sections.find((s) => s.id === section.id)!;
        expect(
          `${template.name}: ${section.name} → ${inferSectionKind({ name: section.name, fields: section.input_fields })}`,
        ).toBe(`${template.name}: ${section.name} → ${raw.key}`);
      }
    }
  });

  it('takes the key the API sends over what the name says', () => {
    expect(sectionKind({ key: 'summary', name: 'Hello', input_fields: [] })).toBe('summary');
  });
});

describe.each([
  ['with the keys the API sends', true],
  ['without keys (kinds read from fields and names)', false],
])('template switches keep the shape, %s', (_, withKeys) => {
  const sections = new Map(TEMPLATES.map((template) => [template.id, sectionsOf(template, withKeys)]));

  it('gives the same CV back after going to any template and back, for every pair of templates', () => {
    const next = random(36);
    for (const home of TEMPLATES) {
      for (const away of TEMPLATES) {
        if (away === home) continue;
        const homeSections = sections.get(home.id)!;
        for (let run = 0; run < 3; run++) {
          const cv = randomCv(homeSections, next);
          const back = walk(cv, [homeSections, sections.get(away.id)!, homeSections]);
          try {
            expectSameCv(homeSections, cv, back);
          } catch (error) {
            throw new Error(`${home.name} → ${away.name} → ${home.name}: ${String(error)}`);
          }
        }
      }
    }
  }, 120_000);

  it('gives the same CV back after random paths through several templates', () => {
    const next = random(5);
    for (let run = 0; run < 400; run++) {
      const home = TEMPLATES[Math.floor(next() * TEMPLATES.length)]!;
      const homeSections = sections.get(home.id)!;
      const stops = 1 + Math.floor(next() * 5);
      const path = [homeSections];
      for (let i = 0; i < stops; i++)
        path.push(sections.get(TEMPLATES[Math.floor(next() * TEMPLATES.length)]!.id)!);
      path.push(homeSections);
      const cv = randomCv(homeSections, next);
      try {
        expectSameCv(homeSections, cv, walk(cv, path));
      } catch (error) {
        const names = path.map((stop) => TEMPLATES.find((t) => sections.get(t.id) === stop)!.name);
        throw new Error(`${names.join(' → ')}: ${String(error)}`);
      }
    }
  }, 120_000);

  it('keeps the hidden summary hidden and Languages above it through Modern Split and ATS Plain (the reported path)', () => {
    const classic = sections.get(byName('Executive Classic').id)!;
    const split = sections.get(byName('Modern Split').id)!;
    const plain = sections.get(byName('ATS Plain').id)!;
    let layout = moveSection(EMPTY_LAYOUT, classic, '108', 0);
    layout = setHidden(layout, '102', true);
    layout = renameSection(layout, '103', 'Where I Worked');
    const cv: SwitchableCv = {
      formData: {
        'Personal Details': { 'full_name-1001-0': 'Ada Lovelace' },
        'Professional Summary': { 'summary-1008-0': 'Engineer of analytical engines.' },
        'Work Experience': { 'job_title-1009-0': 'Engineer', 'company-1010-0': 'Analytical Engines Ltd' },
        Languages: { 'language-1034-0': 'French' },
      },
      layout,
      stash: {},
      layoutStash: {},
    };
    expect(classic.find((s) => s.id === 108)!.input_fields[0]!.id).toBe(1034);

    // In Modern Split the summary is its "About Me": filled, hidden, below Languages; nothing is "not shown".
    const there = switchTemplate(cv, classic, split);
    expect(there.formData['About Me']).toEqual({ 'about_summary-3008-0': 'Engineer of analytical engines.' });
    expect(there.layout.hidden_sections).toEqual([302]);
    const order = sectionOrder(split, there.layout).map((item) => item.ref);
    expect(order.indexOf('307')).toBeLessThan(order.indexOf('302'));
    expect(there.layout.section_titles).toEqual({ '303': 'Where I Worked' });
    expect(stashSummary(there.stash, split)).toEqual([]);

    const onward = switchTemplate(there, split, plain);
    expect(onward.formData.Summary).toEqual({ 'summary-9008-0': 'Engineer of analytical engines.' });
    expect(onward.layout.hidden_sections).toEqual([902]);

    const home = switchTemplate(onward, plain, classic);
    expectSameCv(classic, cv, home);
    expect(home.layout.hidden_sections).toEqual([102]);
    expect(sectionOrder(classic, home.layout)[0]!.ref).toBe('108');
  });
});
