import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/render/html.js';
import type { CvTemplate } from '../../src/templates/compile.js';
import { buildRenderModelFromFormData } from '../../src/cv-input/values.js';
import { PdfRenderer } from '../../src/render/pdf.js';
import { getTemplateRegistry } from '../../src/templates/registry.js';
import type { CvFormData } from '../../src/cv-input/values.js';
import type { InputFieldDefinition, TemplateDefinition } from '../../src/render/input.js';
import { CHROMIUM_PATH, HAS_CHROMIUM, pdfText } from './support.js';

// What people see is what they get at the edges — in every template the server lists (new templates are
// covered without touching this file). Each fixture is rendered to HTML, laid out by Chromium for print at the
// page's content width, and to PDF: no element's box may extend past the content box, and every value is whole in
// the PDF's text.

const registry = getTemplateRegistry();
const pdf = new PdfRenderer({ executablePath: CHROMIUM_PATH, poolSize: 2 });
let browser: Browser | undefined;
beforeAll(async () => {
  if (HAS_CHROMIUM) browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
});
afterAll(async () => {
  await browser?.close();
  await pdf.close();
});

const LONG_LINK = `https://www.example-portfolio.com/projects/${'distributed-systems/'.repeat(6)}case-study-with-a-long-name-${'x'.repeat(20)}`;
const LONG_WORD = `Supercalifragilistic${'expialidocious'.repeat(8)}`;
const LONG_EMAIL = 'maximilian.alexander.featherstonehaugh-worthington@engineering.example-company.co.uk';
const WIDE_AREA = 'Cloud & Infrastructure Platform Engineering';

/** A value for each field that is as long as people make them: links, emails, unbroken words, wide areas. */
function longValue(field: InputFieldDefinition, index: number): string | boolean | undefined {
  switch (field.widget_type) {
    case 'date':
      return `20${10 + index}-0${index + 1}-01`;
    case 'checkbox':
      return undefined;
    case 'email-input':
      return LONG_EMAIL;
    case 'phone-input':
      return '+44 20 7946 0958';
    case 'richtext-input':
      return `<p>${LONG_WORD} and a link <a href="${LONG_LINK}">${LONG_LINK}</a></p><ul><li>${LONG_WORD}</li></ul>`;
    default:
      if (field.role === 'link') return LONG_LINK;
      if (field.role === 'title' || field.role === 'name') return index === 0 ? WIDE_AREA : LONG_WORD;
      return LONG_WORD;
  }
}

function fixture(definition: TemplateDefinition, value: (field: InputFieldDefinition, index: number) => string | boolean | undefined): CvFormData {
  const formData: CvFormData = {};
  for (const section of definition.sections) {
    const values: Record<string, string | boolean> = {};
    for (const index of section.is_repeatable ? [0, 1] : [0]) {
      for (const field of section.input_fields) {
        const filled = value(field, index);
        if (filled !== undefined) values[`${field.name}-${field.id}-${index}`] = filled;
      }
    }
    formData[section.name] = values;
  }
  return formData;
}

/** The page's content width in CSS pixels: the @page size less its left and right margins. */
function contentWidth(html: string): number {
  const page = /@page\s*\{[^}]*\}/.exec(html)?.[0] ?? '';
  const mm = (value: string) => Number.parseFloat(value);
  const size = /size:\s*(A4|Letter)/i.exec(page)?.[1] ?? 'A4';
  const width = size.toLowerCase() === 'letter' ? 215.9 : 210;
  const margins = /margin:\s*([\d.]+)mm(?:\s+([\d.]+)mm)?(?:\s+([\d.]+)mm)?(?:\s+([\d.]+)mm)?/.exec(page);
  const right = margins ? mm(margins[2] ?? margins[1]) : 0;
  const left = margins ? mm(margins[4] ?? margins[2] ?? margins[1]) : 0;
  return ((width - left - right) / 25.4) * 96;
}

interface Overflow {
  element: string;
  text: string;
  left: number;
  right: number;
}

/** Every element whose box extends past the content box, laid out for print at the content width. */
async function overflows(html: string): Promise<Overflow[]> {
  const width = contentWidth(html);
  const page = await browser!.newPage({ viewport: { width: Math.floor(width), height: 1000 } });
  try {
    await page.emulateMedia({ media: 'print' });
    await page.setContent(html, { waitUntil: 'load' });
    return await page.evaluate((limit) => {
      const outside = (element: Element) => {
        const rects = Array.from(element.getClientRects());
        // Text that runs out of its box (white-space: nowrap, an unbreakable word) shows in a Range's rects.
        const range = document.createRange();
        range.selectNodeContents(element);
        rects.push(...Array.from(range.getClientRects()));
        return rects.find((rect) => rect.width > 0 && rect.height > 0 && (rect.right > limit + 1 || rect.left < -1));
      };
      const all = Array.from(document.body.querySelectorAll('*')).filter((element) => outside(element));
      // The innermost element is the one that overflows; its ancestors only contain it.
      return all
        .filter((element) => !all.some((other) => other !== element && element.contains(other)))
        .map((element) => {
          const rect = outside(element)!;
          return {
            element: `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`,
            text: (element.textContent ?? '').slice(0, 60),
            left: Math.round(rect.left),
            right: Math.round(rect.right),
          };
        });
    }, width);
  } finally {
    await page.close();
  }
}

/**
 * Spaces and hyphens aside: a line that ends in a link's '-' is joined by pdftotext without it (its
 * de-hyphenation, which parsers share), so 'distributed-' + 'systems' reads 'distributedsystems'.
 */
/** An Arabic CV: every text field in Arabic; links, emails, phone numbers and dates as people write them. */
function arabicValue(field: InputFieldDefinition, index: number): string | boolean | undefined {
  if (field.role === 'link' || field.widget_type === 'email-input' || field.widget_type === 'phone-input' || field.widget_type === 'date')
    return longValue(field, index) === LONG_LINK ? 'linkedin.com/in/layla' : field.widget_type === 'email-input' ? 'layla@example.com' : longValue(field, index);
  if (field.widget_type === 'checkbox') return undefined;
  if (field.widget_type === 'richtext-input') return '<p>قيادة فريق من عشرة مهندسين</p><ul><li>خفض التكاليف بنسبة الثلث</li></ul>';
  return index === 0 ? 'مديرة مشاريع تقنية' : 'بنك الخليج الرقمي';
}

/** Blocks of the CV that align to the left, with their text. */
async function leftToRightBlocks(html: string): Promise<string[]> {
  const page = await browser!.newPage({ viewport: { width: Math.floor(contentWidth(html)), height: 1000 } });
  try {
    await page.emulateMedia({ media: 'print' });
    await page.setContent(html, { waitUntil: 'load' });
    return await page.evaluate(() =>
      // Every line of an entry (a job, a degree, a skill, a link), and the entry itself.
      Array.from(document.body.querySelectorAll(':is(.entry, .list-item, .link-item), :is(.entry, .list-item, .link-item) *'))
        .filter((element) => {
          const style = getComputedStyle(element);
          if (style.display === 'inline' || !(element.textContent ?? '').trim()) return false;
          // Aligned to the left: a left-to-right block at its start, or a right-to-left one at its end.
          const align = style.textAlign;
          return style.direction === 'rtl' ? align === 'left' || align === 'end' : align === 'left' || align === 'start';
        })
        .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}: ${(element.textContent ?? '').slice(0, 40)}`),
    );
  } finally {
    await page.close();
  }
}

const unspaced = (text: string) => text.replace(/[\s-]+/g, '');

function expectWhole(text: string, values: string[], template: CvTemplate) {
  const flat = unspaced(text);
  for (const value of values) expect(flat, `${template.slug}: "${value.slice(0, 40)}…" is not whole in the PDF`).toContain(unspaced(value));
}

describe.runIf(HAS_CHROMIUM).each(registry.templates.map((t) => [t.slug, t] as const))('%s at the edges', (_slug, template) => {
  it('long links, emails, unbroken words and wide skill areas wrap inside the page', async () => {
    const model = buildRenderModelFromFormData(template.definition, fixture(template.definition, longValue));
    const html = renderHtml(template, model);
    expect(await overflows(html)).toEqual([]);
    expectWhole(pdfText(await pdf.render(html)), [LONG_LINK, LONG_EMAIL, LONG_WORD, WIDE_AREA], template);
  });

  it('a Chinese and Japanese CV stays inside the page, every value whole', async () => {
    const cjk = (field: InputFieldDefinition, index: number) => {
      const value = longValue(field, index);
      if (typeof value !== 'string' || field.role === 'link' || field.widget_type !== 'text-input') return value;
      return index === 0 ? '高级软件工程师（分布式系统）' : '東京都渋谷区のソフトウェア開発株式会社';
    };
    const model = buildRenderModelFromFormData(template.definition, fixture(template.definition, cjk));
    const html = renderHtml(template, model);
    expect(await overflows(html)).toEqual([]);
    expectWhole(pdfText(await pdf.render(html)), ['高级软件工程师（分布式系统）', LONG_LINK], template);
  });

  it('a contact line that wraps never starts a line with its separator', async () => {
    const model = buildRenderModelFromFormData(template.definition, fixture(template.definition, longValue));
    const lines = pdfText(await pdf.render(renderHtml(template, model))).split('\n');
    expect(lines.filter((line) => /^\s*[|/·•]\s/.test(line))).toEqual([]);
  });

  it('an Arabic CV aligns every line to the right, its Latin links, emails and dates included', async () => {
    const model = buildRenderModelFromFormData(template.definition, fixture(template.definition, arabicValue));
    expect(model.design.direction).toBe('rtl');
    expect(await leftToRightBlocks(renderHtml(template, model))).toEqual([]);
  });
});
