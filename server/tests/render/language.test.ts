import { describe, expect, it } from 'vitest';
import { readDesign } from '../../src/cv-input/design.js';
import { renderDocx } from '../../src/render/docx.js';
import { renderHtml } from '../../src/render/html.js';
import { buildRenderModelFromFormData } from '../../src/cv-input/values.js';
import { formatDate, presentWord, PRESENT } from '../../src/render/model.js';
import { CV_LANGUAGES } from '../../../rules/design.js';
import { getTemplateRegistry } from '../../src/templates/registry.js';
import type { CvFormData } from '../../src/cv-input/values.js';
import type { TemplateDefinition } from '../../src/render/input.js';
import { docxText, HAS_CHROMIUM, pdfText, testPdfRenderer } from './support.js';

// Month names and 'Present' follow the CV's language (design.language), in the HTML, the PDF and the
// Word file of every template; English CVs print as they always did.

const registry = getTemplateRegistry();
const pdf = testPdfRenderer();

describe('dates in the CV’s language', () => {
  it('English keeps the product’s abbreviations; other languages take Intl’s short month and year', () => {
    expect(formatDate('2020-09-15', 'en-GB')).toBe('Sep 2020');
    expect(formatDate('2020-03', 'ja')).toBe('2020年3月');
    expect(formatDate('2020-03-01', 'de')).toBe('März 2020');
    expect(formatDate('2020', 'ar')).toBe('2020');
    expect(formatDate('in 2020', 'fr')).toBe('in 2020');
  });

  it('knows Present in every language the Design panel offers', () => {
    for (const tag of CV_LANGUAGES) expect(PRESENT[tag], tag).toBeTruthy();
  });

  it('says Present in the CV’s language, English for one it does not know', () => {
    expect(presentWord('ar-EG')).toBe('حتى الآن');
    expect(presentWord('ja')).toBe('現在');
    expect(presentWord('pt-BR')).toBe('Atual');
    expect(presentWord('sw')).toBe('Present');
  });
});

/** The experience section's first entry, current, started in March 2020. */
function currentJob(definition: TemplateDefinition): CvFormData {
  const experience = definition.sections.find((section) => section.input_fields.some((field) => field.role === 'current'))!;
  const values: Record<string, string | boolean> = {};
  for (const field of experience.input_fields) {
    const key = `${field.name}-${field.id}-0`;
    if (field.role === 'title') values[key] = 'Lead';
    if (field.role === 'start') values[key] = '2020-03-01';
    if (field.role === 'current') values[key] = true;
  }
  const personal = definition.sections.find((section) => section.display === 'personal')!;
  const name = personal.input_fields.find((field) => field.role === 'name')!;
  return { [personal.name]: { [`${name.name}-${name.id}-0`]: 'Layla' }, [experience.name]: values };
}

describe.runIf(HAS_CHROMIUM).each(registry.templates.map((t) => [t.slug, t] as const))('%s in Japanese and Arabic', (_slug, template) => {
  it.each([
    ['ja', '2020年3月', '現在'],
    ['ar', formatDate('2020-03-01', 'ar'), 'حتى الآن'],
  ])('%s: the dates and Present in HTML, PDF and Word', async (language, month, present) => {
    const model = buildRenderModelFromFormData(template.definition, currentJob(template.definition), null, readDesign({ language })!);
    const html = renderHtml(template, model);
    expect(html).toContain(`lang="${language}"`);
    expect(html).toContain(month);
    expect(html).toContain(present);
    // pdftotext spells a lam-alef ligature backwards ('اآلن' for 'الآن'): words are compared by their letters.
    const letters = (word: string) => [...word.normalize('NFKC')].sort().join('');
    const printed = pdfText(await pdf.render(html));
    const words = new Set(printed.split(/[\s–\d]+/).map(letters));
    for (const word of `${month} ${present}`.split(/\s+/)) {
      const found = printed.replace(/\s+/g, '').includes(word) || words.has(letters(word));
      expect(found, `${word} in ${JSON.stringify(printed)}`).toBe(true);
    }
    const docx = docxText(await renderDocx(template, model));
    expect(docx).toContain(month);
    expect(docx).toContain(present);
  });
});
