import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/render/html.js';
import { buildRenderModelFromFormData } from '../../src/cv-input/values.js';
import { getTemplateRegistry } from '../../src/templates/registry.js';
import type { CvFormData } from '../../src/cv-input/values.js';
import { fidelityData, HAS_CHROMIUM, pdfFonts, testPdfRenderer } from './support.js';

// Every script is embedded as a real font (TrueType/CID), never as Type 3 glyph drawings, which screening
// systems and some viewers read poorly — Latin, Cyrillic, Greek, Arabic, Hebrew, Chinese, Japanese and Korean, in
// regular, bold and italic text, in every template the server lists.

const registry = getTemplateRegistry();
const pdf = testPdfRenderer();

const SCRIPTS = [
  'Łódź Ærøskøbing Çelik',
  'Кириллица Москва',
  'Ελληνικά Αθήνα',
  'مهندسة برمجيات خبيرة',
  'מהנדסת תוכנה בכירה',
  '张伟 高级工程师',
  '日本語のテキスト 東京',
  '한국어 텍스트 서울',
];

/** Every text field of every section holds one script after another; rich text adds bold and italic. */
function everyScript(formData: CvFormData): CvFormData {
  let next = 0;
  const filled: CvFormData = {};
  for (const [section, values] of Object.entries(formData)) {
    filled[section] = Object.fromEntries(
      Object.entries(values).map(([key, value]) => {
        if (typeof value !== 'string' || /^\d{4}-\d{2}/.test(value) || value.includes('@') || value.startsWith('+')) return [key, value];
        const text = SCRIPTS[next++ % SCRIPTS.length];
        if (value.startsWith('<')) return [key, `<p>${text} <strong>${SCRIPTS[next % SCRIPTS.length]}</strong> <em>${SCRIPTS[(next + 1) % SCRIPTS.length]}</em></p>`];
        return [key, text];
      }),
    );
  }
  return filled;
}

describe.runIf(HAS_CHROMIUM).each(registry.templates.map((t) => [t.slug, t] as const))('%s fonts', (_slug, template) => {
  it('embeds every script as a real font, none as Type 3', async () => {
    const formData = everyScript(fidelityData(template.definition).formData);
    const model = buildRenderModelFromFormData(template.definition, formData);
    const fonts = pdfFonts(await pdf.render(renderHtml(template, model)));
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((font) => font.type === 'Type 3')).toEqual([]);
    // The CJK text is in the TrueType CJK face, not in Noto CJK's CFF outlines.
    expect(fonts.map((font) => font.name).join(' ')).toMatch(/WenQuanYiMicroHei/);
  });
});
