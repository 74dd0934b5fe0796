import { describe, expect, it } from 'vitest';
import { readDesign } from '../../src/cv-input/design.js';
import { renderDocx } from '../../src/render/docx.js';
import { renderHtml } from '../../src/render/html.js';
import { buildRenderModelFromFormData } from '../../src/cv-input/values.js';
import { printCv } from '../../src/render/print.js';
import type { CvFormData } from '../../src/cv-input/values.js';
import { getTemplateRegistry } from '../../src/templates/registry.js';
import { contrastOnWhite, readableAccent, type CvDesignShape } from '../../../rules/design.js';
import {
  HAS_CHROMIUM,
  docxDocumentXml,
  longExperienceData,
  pdfFonts,
  pdfInfo,
  pdfPageCount,
  pdfPagePixels,
  pdfText,
  squash,
  testPdfRenderer,
} from './support.js';

// A CV's design settings, applied the same way to the PDF and the Word file, for every template.

const registry = getTemplateRegistry();
const pdf = testPdfRenderer();

const ACCENT = '#8e24aa';
const SIDEBAR_TEMPLATES = new Set(['corporate-sidebar', 'creative-portfolio']);

const modelOf = (
  template: (typeof registry.templates)[number],
  data: CvFormData,
  design: CvDesignShape | null,
) => buildRenderModelFromFormData(template.definition, data, null, design ? readDesign(design)! : null);


/** How many pixels of the page are within `tolerance` of the colour in every channel. */
function pixelsOf(page: { rgb: Buffer }, hex: string, tolerance = 24): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  let count = 0;
  for (let i = 0; i + 2 < page.rgb.length; i += 3) {
    if (
      Math.abs(page.rgb[i]! - r!) <= tolerance &&
      Math.abs(page.rgb[i + 1]! - g!) <= tolerance &&
      Math.abs(page.rgb[i + 2]! - b!) <= tolerance
    )
      count += 1;
  }
  return count;
}

/** Every printed string of the form data (dates and rich text aside) in Arabic: a CV written right to left. */
function arabicData(sample: CvFormData): CvFormData {
  const words = ['خبرة', 'في', 'التحليل', 'المالي', 'وإدارة', 'المشاريع', 'الكبيرة'];
  let n = 0;
  const arabic = () =>
    `${words[n++ % words.length]} ${words[n++ % words.length]} ${words[n++ % words.length]}`;
  const out: CvFormData = {};
  for (const [section, values] of Object.entries(sample)) {
    out[section] = {};
    for (const [key, value] of Object.entries(values)) {
      const text = String(value);
      if (/^\d{4}-\d{2}/.test(text) || /@|https?:|^\+|^(true|false)$/.test(text)) out[section][key] = value;
      else if (text.includes('<')) out[section][key] = text.replace(/>([^<]+)</g, () => `>${arabic()}<`);
      else out[section][key] = arabic();
    }
  }
  return out;
}

describe('the accent colour stays readable', () => {
  it('keeps a dark colour and darkens a light one to 4.5:1 on white', () => {
    expect(readableAccent('#1F3A5F')).toBe('#1f3a5f');
    for (const light of ['#ffeb3b', '#00e5ff', '#ff9800', '#ffffff']) {
      const darkened = readableAccent(light);
      expect(contrastOnWhite(darkened), `${light} → ${darkened}`).toBeGreaterThanOrEqual(4.5);
      expect(contrastOnWhite(darkened)).toBeLessThan(4.8);
    }
  });
});

describe.runIf(HAS_CHROMIUM).each(registry.templates.map((t) => [t.slug, t] as const))(
  '%s design',
  (slug, template) => {
    const sample = template.sample;

    it('prints Letter (612×792 pt) in the PDF and the .docx section', async () => {
      const model = modelOf(template, sample, { page_size: 'Letter' });
      const printed = await printCv(pdf, template, model);
      expect(pdfInfo(printed.pdf)).toMatch(/Page size:\s+612 x 792 pts/);
      expect(docxDocumentXml(await renderDocx(template, model))).toMatch(/<w:pgSz w:w="12240" w:h="15840"/);
      // Without a design: A4, as before.
      expect(pdfInfo((await printCv(pdf, template, modelOf(template, sample, null))).pdf)).toMatch(
        /Page size:\s+59\d(\.\d+)? x 84\d(\.\d+)? pts \(A4\)/,
      );
    });

    it('fits a 2-page CV on one page with every value still in the text, and says when it cannot', async () => {
      let entries = 1;
      let data = longExperienceData(template.definition, sample, entries);
      while (pdfPageCount(await pdf.render(renderHtml(template, modelOf(template, data, null)))) < 2) {
        entries += 1;
        data = longExperienceData(template.definition, sample, entries);
      }
      const fitted = await printCv(pdf, template, modelOf(template, data, { fit_one_page: true }));
      expect(fitted.fitsOnePage, `${entries} entries`).toBe(true);
      expect(pdfPageCount(fitted.pdf)).toBe(1);
      const text = squash(pdfText(fitted.pdf));
      for (let i = 1; i <= entries; i++) {
        const n = String(i).padStart(2, '0');
        for (const token of [`Role${n}`, `Employer${n}`, `Bullet${n}a`, `Bullet${n}c`])
          expect(text).toContain(token);
      }

      const far = longExperienceData(template.definition, sample, 14);
      const overflowing = await printCv(pdf, template, modelOf(template, far, { fit_one_page: true }));
      expect(overflowing.fitsOnePage).toBe(false);
      expect(pdfPageCount(overflowing.pdf)).toBeGreaterThan(1);
    });

    it('prints the chosen accent colour in the PDF and the .docx', async () => {
      const model = modelOf(template, sample, { accent_color: ACCENT });
      const page = pdfPagePixels((await printCv(pdf, template, model)).pdf, 1, 100);
      // ATS Plain prints no colour at all: its stylesheet never uses the accent, chosen or not.
      if (template.css.includes('var(--accent)')) expect(pixelsOf(page, ACCENT)).toBeGreaterThan(20);
      else expect(pixelsOf(page, ACCENT)).toBe(0);
      expect(docxDocumentXml(await renderDocx(template, model))).toContain(
        `w:color w:val="${ACCENT.slice(1).toUpperCase()}"`,
      );
    });

    it('embeds the chosen bundled font in the PDF', async () => {
      const font =
        template.definition.style.fontFamily === 'Liberation Serif' ? 'dejavu-sans' : 'liberation-serif';
      const face = font === 'dejavu-sans' ? 'DejaVuSans' : 'LiberationSerif';
      const fonts = pdfFonts((await printCv(pdf, template, modelOf(template, sample, { font }))).pdf);
      // Embedded as a subset: its name carries the subset tag ('ABCDEF+DejaVuSans').
      expect(fonts.map((row) => row.name), JSON.stringify(fonts)).toContainEqual(expect.stringContaining(`+${face}`));
    });

    it('prints an Arabic CV right to left: w:bidi on the .docx paragraphs, the sidebar on the right', async () => {
      const data = arabicData(sample);
      const model = modelOf(template, data, { direction: 'auto' });
      expect(model.design.direction).toBe('rtl');
      const xml = docxDocumentXml(await renderDocx(template, model));
      const paragraphs = xml.split('</w:p>').filter((p) => p.includes('<w:t'));
      expect(paragraphs.every((p) => p.includes('<w:bidi/>'))).toBe(true);

      const html = renderHtml(template, model);
      expect(html).toContain('dir="rtl"');
      if (!SIDEBAR_TEMPLATES.has(slug)) return;
      const sidebarColour = (page: ReturnType<typeof pdfPagePixels>, x: number) => {
        const y = Math.floor(page.height * 0.8);
        const i = (y * page.width + Math.floor(page.width * x)) * 3;
        return [page.rgb[i]!, page.rgb[i + 1]!, page.rgb[i + 2]!];
      };
      const isWhite = ([r, g, b]: number[]) => r! > 245 && g! > 245 && b! > 245;
      const rtl = pdfPagePixels((await printCv(pdf, template, model)).pdf, 1, 24);
      expect(isWhite(sidebarColour(rtl, 0.95)), 'the right edge carries the sidebar').toBe(false);
      expect(isWhite(sidebarColour(rtl, 0.05)), 'the left edge is the page').toBe(true);
      const ltr = pdfPagePixels(
        (await printCv(pdf, template, modelOf(template, data, { direction: 'ltr' }))).pdf,
        1,
        24,
      );
      expect(isWhite(sidebarColour(ltr, 0.05))).toBe(false);
    });
  },
);
