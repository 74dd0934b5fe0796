import { describe, expect, it } from 'vitest';
import { renderDocx } from '../../src/render/docx.js';
import { renderHtml } from '../../src/render/html.js';
import { buildRenderModelFromEntries, buildRenderModelFromFormData } from '../../src/cv-input/values.js';
import { parseFormDataKey } from '../../../rules/cv.js';
import { escapeHtml } from '../../src/text/rich-text.js';
import { getTemplateRegistry } from '../../src/templates/registry.js';
import { docxDocumentXml, docxText, fidelityData, HAS_CHROMIUM, pdfText, squash, testPdfRenderer } from './support.js';

const registry = getTemplateRegistry();
const pdf = testPdfRenderer();

const unspaced = (text: string) => text.replace(/\s+/g, '');
const CJK_RUNS = /[\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]+|[^\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]+/g;

/**
 * Present as a phrase, or at least as the same characters when a narrow column wrapped it.
 * Chromium embeds Noto CJK (CFF outlines) as Type 3 fonts, and pdftotext lays a Type 3 run out as
 * its own text line when Latin text precedes it on the line; so for mixed values each script run
 * must be there, whole, rather than the value as one string.
 */
function expectToRead(haystack: string, text: string, where: string) {
  const flat = unspaced(haystack);
  const found =
    squash(haystack).includes(squash(text)) ||
    flat.includes(unspaced(text)) ||
    (text.match(CJK_RUNS) ?? []).every((run) => !run.trim() || flat.includes(unspaced(run)));
  expect(found, `${where}: "${text}" missing`).toBe(true);
}

const DANGEROUS = [/<script/i, /javascript:/i, /onerror/i, /<img/i];

describe.each(registry.templates.map((t) => [t.slug, t] as const))('%s fidelity', (_slug, template) => {
  const { formData, expectations } = fidelityData(template.definition);
  const model = buildRenderModelFromFormData(template.definition, formData);
  const html = renderHtml(template, model);

  it('fills every section of the template', () => {
    expect(model.person.name).toBeTruthy();
    expect(model.sections.map((s) => s.name)).toEqual(
      template.definition.sections.filter((s) => s.display !== 'personal').map((s) => s.name),
    );
  });

  it('HTML holds every value, escaped, and nothing executable', () => {
    // Links and emails carry break points (<wbr>), which add no character.
    const text = html.replaceAll('<wbr>', '');
    for (const expectation of expectations) {
      expect(text, `${expectation.section}.${expectation.field}[${expectation.index}]`).toContain(escapeHtml(expectation.text));
    }
    for (const pattern of DANGEROUS) expect(html).not.toMatch(pattern);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    // Right-to-left values get their direction from their own text.
    expect(html).toMatch(/dir="auto"[^>]*>مهندسة برمجيات خبيرة/);
  });

  it('the saved-entries path renders the same document as form data', () => {
    const entries = Object.values(formData).flatMap((values) =>
      Object.entries(values).map(([key, value]) => {
        const parsed = parseFormDataKey(key)!;
        return { value, index: parsed.index, section_field: parsed.fieldId };
      }),
    );
    expect(renderHtml(template, buildRenderModelFromEntries(template.definition, entries))).toBe(html);
  });

  it('Word document holds every value and no markup', async () => {
    const docx = await renderDocx(template, model);
    const text = docxText(docx);
    for (const expectation of expectations) {
      expectToRead(text, expectation.text, `docx ${expectation.section}.${expectation.field}[${expectation.index}]`);
    }
    const xml = docxDocumentXml(docx);
    expect(xml).not.toMatch(/<script/i);
    expect(xml).toContain('&lt;script&gt;');
    expect(xml).not.toContain('javascript:');
  });

  it.runIf(HAS_CHROMIUM)('PDF text holds every value (Chinese, Arabic, accents, markup characters)', async () => {
    const text = pdfText(await pdf.render(html));
    for (const expectation of expectations) {
      expectToRead(text, expectation.text, `pdf ${expectation.section}.${expectation.field}[${expectation.index}]`);
    }
    expect(text).toContain('<script>alert("x")</script>');
  });
});
