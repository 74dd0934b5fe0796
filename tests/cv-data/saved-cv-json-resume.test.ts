import { savedCvJsonResume } from '../../src/cv-data/saved-cv-json-resume';

// The module the server's data download loads: a saved CV as JSON Resume from the API's own answers.

const TEMPLATE = {
  id: 1,
  name: 'Executive Classic',
  sections: [
    {
      id: 101,
      name: 'Personal Details',
      input_fields: [
        { id: 1001, name: 'full_name', widget_label: 'Full Name', widget_type: 'text-input' },
        { id: 1003, name: 'email', widget_label: 'Email', widget_type: 'email-input' },
      ],
    },
    {
      id: 103,
      name: 'Work Experience',
      is_repeatable: true,
      input_fields: [
        { id: 1009, name: 'job_title', widget_label: 'Job Title', widget_type: 'text-input' },
        { id: 1010, name: 'company', widget_label: 'Company', widget_type: 'text-input' },
      ],
    },
  ],
};

const CV = {
  id: 7,
  uuid: '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f',
  url: 'http://localhost:8000/v1/GeneratedCV/7/',
  name: 'Software Engineer',
  template: 1,
  created: '2026-11-01T09:00:00.000Z',
  last_updated: '2026-11-02T09:00:00.000Z',
  entries: [
    { id: 1, value: 'Ada Lovelace', index: 0, section_field: 1001 },
    { id: 2, value: 'ada@example.com', index: 0, section_field: 1003 },
    { id: 3, value: 'Analyst', index: 0, section_field: 1009 },
    { id: 4, value: 'Babbage & Co', index: 0, section_field: 1010 },
    { id: 5, value: 'Notes author', index: 3, section_field: 1009 },
  ],
  layout: {
    section_order: [],
    hidden_sections: [],
    section_titles: { '103': 'Where I Worked' },
    custom_sections: [],
  },
  design: null,
};

describe('a saved CV as JSON Resume, from the API answers', () => {
  it('reads the answers as the app does and converts them with the one mapping', () => {
    const resume = savedCvJsonResume(CV, TEMPLATE, new Date('2026-11-26T10:00:00Z'));
    expect(resume).toMatchObject({
      basics: { name: 'Ada Lovelace', email: 'ada@example.com' },
      work: [{ name: 'Babbage & Co', position: 'Analyst' }, { position: 'Notes author' }],
      meta: { lastModified: '2026-11-26T10:00:00', cvBuilder: { template: 1 } },
    });
    expect((resume.meta as { cvBuilder: { layout: object } }).cvBuilder.layout).toMatchObject({
      section_titles: { '103': 'Where I Worked' },
    });
  });

  it('says which answer it could not read', () => {
    expect(() => savedCvJsonResume({ name: 'x' }, TEMPLATE)).toThrow(/^The CV could not be read: /);
    expect(() => savedCvJsonResume(CV, { id: 'one' })).toThrow(/^Its template could not be read: /);
  });
});
