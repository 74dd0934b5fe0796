import type { TemplateDetail } from '../../src/api/templates';
import { layoutInLanguage } from '../../src/cv/section-headings';
import { EMPTY_LAYOUT } from '../../src/cv/layout';
import { i18n } from '../../src/i18n/i18n';

const template = {
  id: 1,
  name: 'Classic',
  sections: [
    { id: 11, name: 'Personal Details', input_fields: [] },
    { id: 12, name: 'Work Experience', input_fields: [] },
    { id: 13, name: 'Volunteering', input_fields: [] },
  ],
} as unknown as TemplateDetail;

describe("a new CV's section headings in its language", () => {
  afterEach(() => i18n.activate('en'));

  it('heads the sections as the catalogue of the interface says, when the CV is in that language', () => {
    i18n.load('de', { 'Personal Details': 'Persönliche Daten', 'Work Experience': 'Berufserfahrung' });
    i18n.activate('de');
    expect(layoutInLanguage(template, 'de-AT')).toEqual({
      ...EMPTY_LAYOUT,
      // A heading the catalogue does not know stays the template's (no title of the CV's own).
      section_titles: { '11': 'Persönliche Daten', '12': 'Berufserfahrung' },
    });
  });

  it("keeps the template's headings for an English CV, and for a CV in another language than the interface's", () => {
    i18n.load('de', { 'Work Experience': 'Berufserfahrung' });
    i18n.activate('de');
    expect(layoutInLanguage(template, 'fr')).toBe(EMPTY_LAYOUT);
    i18n.activate('en');
    expect(layoutInLanguage(template, 'en')).toBe(EMPTY_LAYOUT);
  });
});
