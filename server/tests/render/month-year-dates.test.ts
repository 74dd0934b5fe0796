import { describe, expect, it } from 'vitest';
import { buildRenderModelFromEntries, buildRenderModelFromFormData } from '../../src/cv-input/values.js';
import { extractPdfText } from '../../src/render/ats.js';
import { renderDocx } from '../../src/render/docx.js';
import { renderHtml } from '../../src/render/html.js';
import { getTemplateRegistry } from '../../src/templates/registry.js';
import { docxText, HAS_CHROMIUM, pdfText, squash, testPdfRenderer } from './support.js';

// Month-and-year dates (docs/decisions/0043-month-and-year-dates.md): an end date stored as 'present' prints
// 'Present', an old full date prints its month and year, in the HTML, the PDF, its ATS text and Word alike.

const executive = getTemplateRegistry().bySlug('executive-classic')!;
const pdf = testPdfRenderer();

// Executive Classic's Education: 1016 degree, 1019 start_date, 1020 end_date (no 'currently studying' box).
const formData = {
  'Personal Details': { 'full_name-1001-0': 'Ada Lovelace' },
  Education: {
    'degree-1016-0': 'MSc Mathematics',
    'start_date-1019-0': '2019-09',
    'end_date-1020-0': 'present',
    'degree-1016-1': 'BSc Mathematics',
    'start_date-1019-1': '2015-09-15',
    'end_date-1020-1': '2018-06',
  },
};

describe('month-and-year dates in every output', () => {
  const model = buildRenderModelFromFormData(executive.definition, formData);
  const education = model.sections.find((section) => section.key === 'education')!;

  it("the model: month and year, 'Present' for a stored present, no <time> for it", () => {
    expect(education.entries.map((entry) => entry.dates)).toEqual(['Sep 2019 – Present', 'Sep 2015 – Jun 2018']);
    expect(education.entries[0]!.endValue).toBeUndefined();
    expect(education.entries[1]!.endValue).toBe('2018-06');
  });

  it('a saved CV reads the same as the builder’s form data', () => {
    const saved = buildRenderModelFromEntries(executive.definition, [
      { value: '2019-09', index: 0, section_field: 1019 },
      { value: 'present', index: 0, section_field: 1020 },
    ]);
    expect(saved.sections[0]!.entries[0]!.dates).toBe('Sep 2019 – Present');
  });

  it('HTML and Word', async () => {
    const html = renderHtml(executive, model);
    expect(html).toContain('Sep 2019 – Present');
    expect(html).toContain('Sep 2015 – Jun 2018');
    expect(html).not.toContain('present<');
    const docx = docxText(await renderDocx(executive, model));
    expect(docx).toContain('Sep 2019 – Present');
    expect(docx).toContain('Sep 2015 – Jun 2018');
  });

  it.runIf(HAS_CHROMIUM)('the PDF and the text an ATS reads from it', async () => {
    const file = await pdf.render(renderHtml(executive, model));
    expect(squash(pdfText(file))).toContain(squash('Sep 2019 – Present'));
    const ats = await extractPdfText(file);
    expect(squash(ats)).toContain(squash('Sep 2019 – Present'));
    expect(squash(ats)).toContain(squash('Sep 2015 – Jun 2018'));
  });
});
