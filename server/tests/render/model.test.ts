import { describe, expect, it } from 'vitest';
import { buildRenderModelFromEntries, buildRenderModelFromFormData, RenderInputError } from '../../src/cv-input/values.js';
import { formatDate } from '../../src/render/model.js';
import { parseFormDataKey } from '../../../rules/cv.js';
import { breakableHtml, sanitizeRichText } from '../../src/text/rich-text.js';
import { WIDGET_TYPES } from '../../src/render/input.js';
import { readTemplateFolders, TEMPLATES_ROOT } from '../../src/templates/definition.js';
import { getTemplateRegistry } from '../../src/templates/registry.js';

const executive = getTemplateRegistry().bySlug('executive-classic')!.definition;

describe('form data keys', () => {
  it('reads name-fieldId-repeatIndex from the right, so names may hold hyphens', () => {
    expect(parseFormDataKey('job_title-1009-3')).toEqual({ name: 'job_title', fieldId: 1009, index: 3 });
    expect(parseFormDataKey('start-date-of-role-1012-0')).toEqual({ name: 'start-date-of-role', fieldId: 1012, index: 0 });
    expect(parseFormDataKey('no-numbers')).toBeUndefined();
  });
});

describe('render model', () => {
  it('orders sections as the template does and entries by repeat index', () => {
    const model = buildRenderModelFromFormData(executive, {
      Skills: { 'skill_name-1022-0': 'Negotiation' },
      'Work Experience': {
        'job_title-1009-2': 'Third',
        'job_title-1009-0': 'First',
        'job_title-1009-1': 'Second',
      },
      'Personal Details': { 'full_name-1001-0': 'Ada Lovelace' },
    });
    expect(model.person.name).toBe('Ada Lovelace');
    expect(model.person.initials).toBe('AL');
    expect(model.sections.map((s) => s.key)).toEqual(['experience', 'skills']);
    expect(model.sections[0].entries.map((e) => e.title)).toEqual(['First', 'Second', 'Third']);
  });

  it('prints dates as month and year, and "Present" for a current position', () => {
    const model = buildRenderModelFromFormData(executive, {
      'Work Experience': {
        'job_title-1009-0': 'Now',
        'start_date-1012-0': '2020-03-15',
        'end_date-1013-0': '2021-01-01',
        'currently_working-1014-0': true,
        'job_title-1009-1': 'Before',
        'start_date-1012-1': '2018-11',
        'end_date-1013-1': '2020-02-28',
        'currently_working-1014-1': false,
      },
    });
    expect(model.sections[0].entries.map((e) => e.dates)).toEqual(['Mar 2020 – Present', 'Nov 2018 – Feb 2020']);
    expect(formatDate('2019')).toBe('2019');
    expect(formatDate('summer 2019')).toBe('summer 2019');
  });

  it('drops empty values, empty entries and keys of other templates', () => {
    const model = buildRenderModelFromFormData(executive, {
      'Work Experience': { 'job_title-1009-0': '  ', 'company-1010-1': 'Acme' },
      Whatever: { 'full_name-2001-0': 'Other template', 'garbage': 'x' },
    });
    expect(model.sections).toHaveLength(1);
    expect(model.sections[0].entries).toHaveLength(1);
    expect(model.sections[0].entries[0]).toMatchObject({ index: 1, subtitle: 'Acme' });
    expect(model.person.name).toBeUndefined();
  });

  it('builds the same model from saved entries', () => {
    const fromEntries = buildRenderModelFromEntries(executive, [
      { value: 'Ada Lovelace', index: 0, section_field: 1001 },
      { value: 'Analyst', index: 0, section_field: 1009 },
    ]);
    const fromForm = buildRenderModelFromFormData(executive, {
      'Personal Details': { 'full_name-1001-0': 'Ada Lovelace' },
      'Work Experience': { 'job_title-1009-0': 'Analyst' },
    });
    expect(fromEntries).toEqual(fromForm);
  });

  it('rejects values that are not text with a message naming them', () => {
    expect(() => buildRenderModelFromFormData(executive, { S: { 'x-1001-0': { a: 1 } } })).toThrow(RenderInputError);
    expect(() => buildRenderModelFromFormData(executive, { S: { 'x-1001-0': { a: 1 } } })).toThrow(/cv_data\["S"\]\["x-1001-0"\]/);
    expect(() => buildRenderModelFromFormData(executive, 'nope')).toThrow(/cv_data must be an object/);
    expect(() => buildRenderModelFromFormData(executive, { S: { 'x-1001-999': 'a' } })).toThrow(/repeat index/);
  });

  it('links only with safe schemes', () => {
    const model = buildRenderModelFromFormData(executive, {
      'Personal Details': {
        'email-1003-0': 'ada@example.com',
        'linkedin-1006-0': 'linkedin.com/in/ada',
        'website-1007-0': 'javascript:alert(1)',
      },
    });
    expect(model.person.contacts.map((c) => c.href)).toEqual(['mailto:ada@example.com', 'https://linkedin.com/in/ada', undefined]);
  });
});

describe('rich text', () => {
  it('keeps the allowlist and drops everything else', () => {
    expect(
      sanitizeRichText(
        '<p style="color:red" onclick="x()">Hi <b>bold</b> <i>it</i> <u>u</u></p><script>evil()</script>' +
          '<ol><li><a href="https://ok.example" target="_blank">ok</a></li><li><a href="javascript:evil()">bad</a></li></ol>' +
          '<a href="mailto:a@b.c">mail</a><img src=x onerror=evil()><iframe></iframe><h1>Title</h1>',
      ),
    ).toBe(
      '<p>Hi <b>bold</b> <i>it</i> <u>u</u></p><ol><li><a href="https://ok.example">ok</a></li><li><a>bad</a></li></ol>' +
        '<a href="mailto:a@b.c">mail</a><p>Title</p>',
    );
  });
});

describe('template folders', () => {
  const folders = readTemplateFolders(TEMPLATES_ROOT);

  it('offer at least 16 templates in at least 8 categories, using every widget type', () => {
    expect(folders.length).toBeGreaterThanOrEqual(16);
    expect(new Set(folders.map((f) => f.definition.category.name)).size).toBeGreaterThanOrEqual(8);
    const widgets = new Set(folders.flatMap((f) => f.definition.sections.flatMap((s) => s.input_fields.map((i) => i.widget_type))));
    expect([...widgets].sort()).toEqual([...WIDGET_TYPES].sort());
  });

  it('cover the sections a CV needs, plus publications and portfolio links', () => {
    const keys = new Set(folders.flatMap((f) => f.definition.sections.map((s) => s.key)));
    for (const key of ['personal', 'summary', 'experience', 'education', 'skills', 'languages', 'certifications', 'projects', 'publications', 'portfolio']) {
      expect(keys.has(key), key).toBe(true);
    }
    for (const folder of folders) {
      const experience = folder.definition.sections.find((s) => s.key === 'experience');
      expect(experience?.is_repeatable, folder.slug).toBe(true);
      expect(folder.definition.sections.find((s) => s.key === 'education')?.is_repeatable, folder.slug).toBe(true);
    }
  });

  it('output raw HTML only for sanitised bodies and escaped links with break points, and fetch nothing', () => {
    for (const folder of folders) {
      for (const triple of folder.layoutSource.matchAll(/\{\{\{\s*([^}\s]+)\s*\}\}\}/g)) {
        expect(['body', 'link.html'], `${folder.slug}/layout.hbs: {{{${triple[1]}}}}`).toContain(triple[1]);
      }
      expect(folder.css, `${folder.slug}/style.css`).not.toMatch(/url\(|@import/);
    }
  });

  it('sample data fills every section with fields of the template', () => {
    for (const folder of folders) {
      const model = buildRenderModelFromFormData(folder.definition, folder.sample);
      expect(model.person.name, folder.slug).toBeTruthy();
      expect(model.sections.length, folder.slug).toBeGreaterThanOrEqual(folder.definition.sections.length - 2);
    }
  });
});

describe('links and emails as HTML with break points', () => {
  it('break only between their parts, escaped, adding no character', () => {
    expect(breakableHtml('ada.lovelace@example.co.uk')).toBe('ada.<wbr>lovelace@<wbr>example.<wbr>co.<wbr>uk');
    expect(breakableHtml('https://x.io/a-b?q=1&r=<2>')).toBe(
      'https://<wbr>x.<wbr>io/<wbr>a-<wbr>b?<wbr>q&#x3D;<wbr>1&amp;<wbr>r&#x3D;<wbr>&lt;2&gt;',
    );
    expect(breakableHtml('plain')).toBe('plain');
  });

  it('are what contacts and entry links print; phone numbers and places stay as typed', () => {
    const template = getTemplateRegistry().bySlug('executive-classic')!;
    const model = buildRenderModelFromFormData(template.definition, {
      'Personal Details': { 'email-1003-0': 'a.b@c.org', 'phone-1004-0': '+44 20 7946 0958', 'location-1005-0': 'St. Ives' },
    });
    expect(model.person.contacts.map((contact) => contact.html)).toEqual([
      'a.<wbr>b@<wbr>c.<wbr>org',
      '+44 20 7946 0958',
      'St. Ives',
    ]);
  });
});
