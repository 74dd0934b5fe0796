import { describe, expect, it } from 'vitest';
import { readLayout } from '../../src/cv-input/layout.js';
import { renderDocx } from '../../src/render/docx.js';
import { renderHtml } from '../../src/render/html.js';
import { buildRenderModelFromFormData } from '../../src/cv-input/values.js';
import type { TemplateDefinition } from '../../src/render/input.js';
import { getTemplateRegistry } from '../../src/templates/registry.js';
import {
  docxText,
  HAS_CHROMIUM,
  longExperienceData,
  pdfPageCount,
  pdfText,
  squash,
  testPdfRenderer,
} from './support.js';

// One render model applies a CV's own structure — its order, a hidden section, a renamed heading and
// sections of its own — so the preview, the PDF and the Word file agree, in every template the server has.

const registry = getTemplateRegistry();
const pdf = testPdfRenderer();

const RENAMED = 'Selected Highlights';
const CUSTOM = [
  {
    key: 'custom-volunteering',
    title: 'Community Work',
    entries: [
      {
        title: 'Mentor, Code Club',
        subtitle: 'Riverside Library',
        location: 'Leeds',
        start_date: '2019-09',
        current: true,
        description: '<p>Weekly sessions for <strong>twelve</strong> children.</p>',
      },
      { title: 'Organiser, Hack Day', start_date: '2018-05', end_date: '2018-05' },
    ],
  },
  {
    key: 'custom-talks',
    title: 'Talks',
    entries: [{ title: 'Typed state machines at scale', subtitle: 'NordicJS' }],
  },
];

/** A structure for this template: its non-personal sections reversed, the second hidden, the first renamed. */
function shapeFor(template: TemplateDefinition) {
  const sections = template.sections.filter((s) => s.is_active && s.display !== 'personal');
  const hideable = sections.filter((s) => !s.is_required);
  const hidden = hideable[hideable.length > 1 ? 1 : 0]!;
  const renamed = sections.find((s) => s !== hidden)!;
  const order = ['custom-talks', ...sections.map((s) => s.id).reverse(), 'custom-volunteering'];
  const layout = readLayout(
    {
      section_order: order,
      hidden_sections: [hidden.id],
      section_titles: { [String(renamed.id)]: RENAMED },
      custom_sections: CUSTOM,
    },
    template,
  )!;
  const named = (s: (typeof sections)[number]) => (s === renamed ? RENAMED : s.name);
  const shown = sections.filter((s) => s !== hidden).reverse();
  const expectedOrder = ['Talks', ...shown.map(named), 'Community Work'];
  // Two-column templates print each column in that order; custom sections join the main column.
  const mainOrder = ['Talks', ...shown.filter((s) => s.column !== 'side').map(named), 'Community Work'];
  const sideOrder = shown.filter((s) => s.column === 'side').map(named);
  return { layout, hidden, renamed, expectedOrder, mainOrder, sideOrder };
}

/** Each heading's first position in the text, which must rise in the expected order. */
function expectInOrder(text: string, headings: string[], where: string) {
  // Some templates print headings in capitals.
  const flat = squash(text).toLowerCase();
  let from = 0;
  for (const heading of headings) {
    const at = flat.indexOf(squash(heading).toLowerCase(), from);
    expect(
      at,
      `${where}: "${heading}" missing or out of order (expected ${headings.join(' → ')})`,
    ).toBeGreaterThanOrEqual(0);
    from = at + 1;
  }
}

describe.each(registry.templates.map((t) => [t.slug, t] as const))(
  '%s shaped by its person',
  (_slug, template) => {
    const { layout, hidden, renamed, expectedOrder, mainOrder, sideOrder } = shapeFor(template.definition);
    const filled = (names: string[]) => names.filter((name) => model.sections.some((s) => s.name === name));
    const formData = longExperienceData(template.definition, template.sample, 4);
    const model = buildRenderModelFromFormData(template.definition, formData, layout);
    const html = renderHtml(template, model);

    it('orders, hides, renames and adds sections in the model', () => {
      expect(model.sections.map((s) => s.name)).toEqual(filled(expectedOrder));
      expect(model.main.map((s) => s.name)).toEqual(filled(mainOrder));
      expect(model.side.map((s) => s.name)).toEqual(filled(sideOrder));
      expect(model.sections.some((s) => s.id === hidden.id)).toBe(false);
      expect(model.sections.find((s) => s.id === renamed.id)?.name).toBe(RENAMED);
      const volunteering = model.sections.find((s) => s.key === 'custom-volunteering')!;
      expect(volunteering.entries[0]).toMatchObject({
        title: 'Mentor, Code Club',
        dates: 'Sep 2019 – Present',
      });
      expect(volunteering.entries[0]!.body).toContain('<strong>twelve</strong>');
    });

    it('without a layout the CV prints as its template says', () => {
      const plain = buildRenderModelFromFormData(template.definition, formData);
      const templateOrder = template.definition.sections.map((s) => s.id);
      const ids = plain.sections.map((s) => s.id);
      expect(ids).toEqual([...ids].sort((a, b) => templateOrder.indexOf(a) - templateOrder.indexOf(b)));
      expect(plain.sections.every((s) => s.id !== 0)).toBe(true);
    });

    it('the Word file has the same sections in the same order', async () => {
      const text = docxText(await renderDocx(template, model));
      expectInOrder(text, filled(expectedOrder), 'docx');
      expect(squash(text).toLowerCase()).not.toContain(squash(hidden.name).toLowerCase());
      for (const title of [
        'Mentor, Code Club',
        'Organiser, Hack Day',
        'Typed state machines at scale',
        'twelve children',
      ]) {
        expect(squash(text)).toContain(squash(title));
      }
    });

    it.runIf(HAS_CHROMIUM)('the PDF reads its sections in that order, the hidden one absent', async () => {
      const text = pdfText(await pdf.render(html));
      expectInOrder(text, filled(mainOrder), 'pdf main column');
      expectInOrder(text, filled(sideOrder), 'pdf side column');
      expect(squash(text).toLowerCase()).not.toContain(squash(hidden.name).toLowerCase());
      for (const title of [
        'Mentor, Code Club',
        'Organiser, Hack Day',
        'Typed state machines at scale',
        'twelve children',
      ]) {
        expect(squash(text)).toContain(squash(title));
      }
    });

    it.runIf(HAS_CHROMIUM)('never splits an entry of a section of its own across pages', async () => {
      const many = Array.from({ length: 14 }, (_, i) => ({
        title: `Award${n(i)} title`,
        subtitle: `Giver${n(i)}`,
        start_date: '2015-01',
        end_date: '2016-01',
        description: `<p>First${n(i)} line of a longer description that fills its space.</p><ul><li>Point${n(i)}a</li><li>Point${n(i)}b</li><li>Last${n(i)} point</li></ul>`,
      }));
      const long = readLayout(
        { custom_sections: [{ key: 'custom-awards', title: 'Awards', entries: many }] },
        template.definition,
      )!;
      const printed = await pdf.render(
        renderHtml(template, buildRenderModelFromFormData(template.definition, formData, long)),
      );
      const pages = pdfPageCount(printed);
      expect(pages).toBeGreaterThanOrEqual(2);
      const pageTexts = Array.from({ length: pages }, (_, p) => pdfText(printed, { first: p + 1, last: p + 1 }));
      many.forEach((_entry, i) => {
        const pagesOf = [`Award${n(i)}`, `Giver${n(i)}`, `First${n(i)}`, `Last${n(i)}`].map((token) =>
          pageTexts.findIndex((page) => page.includes(token)),
        );
        expect(pagesOf.every((page) => page >= 0), `entry ${i} printed`).toBe(true);
        expect(new Set(pagesOf).size, `entry ${i} on pages ${pagesOf.map((p) => p + 1).join(', ')}`).toBe(1);
      });
    });
  },
);

const n = (i: number) => String(i).padStart(2, '0');
