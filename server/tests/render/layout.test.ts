import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/render/html.js';
import { buildRenderModelFromFormData } from '../../src/cv-input/values.js';
import { getTemplateRegistry } from '../../src/templates/registry.js';
import { HAS_CHROMIUM, longExperienceData, pdfInfo, pdfPageCount, pdfPagePixels, pdfText, testPdfRenderer } from './support.js';

const registry = getTemplateRegistry();
const pdf = testPdfRenderer();

const ENTRIES = 12;
const n = (i: number) => String(i).padStart(2, '0');
// pdftotext starts each page with a form feed; the technical template prefixes headings with "##".
const lineKey = (line: string) => line.replace(/\f/g, '').trim().replace(/^#+\s*/, '').replace(/\s+/g, ' ').toLowerCase();
// The letters of a text in code-point order, white space dropped: pdftotext gives a right-to-left name's words in
// visual order and drops the space between CJK words, so the name is compared letter for letter, not as a string.
const letters = (text: string) => [...text.replace(/\s+/g, '')].sort().join('');

describe.runIf(HAS_CHROMIUM).each(registry.templates.map((t) => [t.slug, t] as const))('%s layout', (_slug, template) => {
  const data = longExperienceData(template.definition, template.sample, ENTRIES);
  const model = buildRenderModelFromFormData(template.definition, data);
  const printed = pdf.render(renderHtml(template, model));
  const sectionNames = model.sections.map((s) => s.name);

  /** Headings in this order, each entry's fields together and in order, dates inside their entry. */
  function expectReadingOrder(text: string, names: string[], where: string) {
    const lines = text.split('\n').map(lineKey);
    let previous = -1;
    for (const name of names) {
      // In drawing order a gutter heading shares its line with the first words beside it.
      const key = name.toLowerCase();
      const at = lines.findIndex((line, i) => i > previous && (line === key || line.startsWith(`${key} `)));
      expect(at, `${where}: heading "${name}" after line ${previous}`).toBeGreaterThan(previous);
      previous = at;
    }
    const flat = text.replace(/\s+/g, ' ');
    let cursor = -1;
    for (let i = 1; i <= ENTRIES; i++) {
      const order = [`Role${n(i)}`, `Employer${n(i)}`, `Bullet${n(i)}a`, `Bullet${n(i)}b`, `Bullet${n(i)}c`].map((token) => flat.indexOf(token));
      for (const at of order) expect(at, `${where}: entry ${i}`).toBeGreaterThan(cursor);
      expect(order, `${where}: entry ${i} reads in order`).toEqual([...order].sort((a, b) => a - b));
      const dates = flat.indexOf(`Mar ${1999 + i} – Feb ${2000 + i}`);
      expect(dates, `${where}: entry ${i} dates`).toBeGreaterThan(cursor);
      cursor = Math.max(...order);
      if (i < ENTRIES) expect(dates, `${where}: entry ${i} dates`).toBeLessThan(flat.indexOf(`Role${n(i + 1)}`));
    }
  }

  it('draws the text in reading order: name first, sections in template order, entries whole', async () => {
    const text = pdfText(await printed, { raw: true });
    const name = model.person.name!;
    const start = [...text.replace(/\s+/g, '')].slice(0, [...name.replace(/\s+/g, '')].length).join('');
    expect(letters(start), `the name is the first text: ${start}`).toBe(letters(name));
    expectReadingOrder(text, sectionNames, 'raw');
  });

  it('reads in order when pdftotext works out the reading order from the layout', async () => {
    const text = pdfText(await printed);
    if (model.side.length === 0) {
      expectReadingOrder(text, sectionNames, 'layout');
      return;
    }
    // pdftotext's layout analysis pairs blocks that sit level with each other across a sidebar and
    // the main column, so for the two sidebar templates it is held to each column's heading order;
    // the drawing order above is what keeps them whole for parsers that read the content stream.
    const lines = text.split('\n').map(lineKey);
    for (const column of [model.side, model.main]) {
      let previous = -1;
      for (const name of column.map((s) => s.name)) {
        const at = lines.findIndex((line, i) => i > previous && line === name.toLowerCase());
        expect(at, `layout: heading "${name}" after line ${previous}`).toBeGreaterThan(previous);
        previous = at;
      }
    }
  });

  it.runIf(/\.sidebar-fill\b/.test(template.css))('runs the sidebar colour to the edges of every page, one-page CVs too', async () => {
    const short = await pdf.render(renderHtml(template, buildRenderModelFromFormData(template.definition, template.sample)));
    const long = await printed;
    for (const [document, page] of [[short, 1], [long, 1], [long, 2]] as const) {
      const { width, height, rgb } = pdfPagePixels(document, page);
      const at = (x: number, y: number) => rgb.subarray((y * width + x) * 3, (y * width + x) * 3 + 3);
      const sidebar = at(1, Math.floor(height / 2));
      expect([...sidebar], 'the sidebar is coloured').not.toEqual([255, 255, 255]);
      // Top and bottom rows; the very last is a fraction of a pixel (A4 is 841.9 pt) that pdftoppm leaves white.
      for (const y of [0, height - 2]) expect([...at(1, y)], `page ${page}, row ${y}`).toEqual([...sidebar]);
    }
  });

  it.runIf(/\bfull-bleed-band\b/.test(template.layoutSource))('runs the header band to the top and side edges of page 1', async () => {
    const { width, rgb } = pdfPagePixels(await pdf.render(renderHtml(template, buildRenderModelFromFormData(template.definition, template.sample))), 1);
    const at = (x: number, y: number) => [...rgb.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)];
    const band = at(Math.floor(width / 2), 0);
    expect(band, 'the band is coloured').not.toEqual([255, 255, 255]);
    for (const x of [0, width - 2]) for (const y of [0, 8]) expect(at(x, y), `pixel ${x},${y}`).toEqual(band);
  });

  it('is a tagged (accessible) PDF by default', async () => {
    expect(pdfInfo(await printed)).toMatch(/^Tagged:\s+yes/m);
  });

  it('breaks pages cleanly: no entry split, no heading ending a page', async () => {
    const document = await printed;
    const pages = pdfPageCount(document);
    expect(pages).toBeGreaterThanOrEqual(2);
    const pageTexts = Array.from({ length: pages }, (_, p) => pdfText(document, { first: p + 1, last: p + 1 }));
    for (let i = 1; i <= ENTRIES; i++) {
      const tokens = [`Role${n(i)}`, `Employer${n(i)}`, `Bullet${n(i)}a`, `Bullet${n(i)}c`];
      const pagesOf = tokens.map((token) => pageTexts.findIndex((page) => page.includes(token)));
      expect(new Set(pagesOf).size, `entry ${i} on pages ${pagesOf.map((p) => p + 1).join(', ')}`).toBe(1);
    }
    const headings = new Set(sectionNames.map((name) => name.toLowerCase()));
    // In drawing order: the layout order can put a right-aligned line (an entry's dates) after a heading that ends the page.
    const drawn = Array.from({ length: pages }, (_, p) => pdfText(document, { first: p + 1, last: p + 1, raw: true }));
    drawn.slice(0, -1).forEach((page, p) => {
      const lines = page.split('\n').map(lineKey).filter(Boolean);
      expect(headings.has(lines[lines.length - 1]), `page ${p + 1} ends with heading "${lines[lines.length - 1]}"`).toBe(false);
    });
  });
});
