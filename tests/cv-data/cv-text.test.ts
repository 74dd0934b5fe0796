import { EMPTY_LAYOUT, moveSection, renameSection, setHidden } from '../../src/cv/layout';
import { cvExportFile } from '../../src/cv-data/cv-export';
import { cvDocument, escapeMarkdown, toMarkdown, toPlainText } from '../../src/cv-data/cv-text';
import { templateNamed } from '../machines/cv-data/support';

// Executive Classic: 101 Personal Details, 102 Professional Summary, 103 Work Experience, 104 Education, 105 Skills,
// 106 Certifications, 107 Projects, 108 Languages. Every widget type is filled: text, long text (summary), email,
// phone, date, checkbox, rich text.
const classic = templateNamed('executive-classic');
const formData = {
  'Personal Details': {
    'full_name-1001-0': 'Zoë 李',
    'job_title-1002-0': 'Chief *Operating* Officer',
    'email-1003-0': 'zoe@example.com',
    'phone-1004-0': '+44 20 7946 0958',
    'location-1005-0': 'London',
    'linkedin-1006-0': 'linkedin.com/in/zoe',
  },
  'Professional Summary': { 'summary-1008-0': 'Operations executive.\n\nمرحبا <b>bold</b>' },
  'Work Experience': {
    'job_title-1009-0': 'COO',
    'company-1010-0': 'Northbridge',
    'location-1011-0': 'London',
    'start_date-1012-0': '2019-04-01',
    'currently_working-1014-0': 'true',
    'description-1015-0':
      '<p>Runs <strong>operations</strong>.</p><ul><li><p>Cut costs 17%</p></li><li>Raised NPS</li></ul>',
    'job_title-1009-1': 'VP',
    'company-1010-1': 'Halcyon',
    'start_date-1012-1': '2013-09-01',
    'end_date-1013-1': '2019-03-31',
  },
  Skills: { 'skill_name-1022-0': 'Lean', 'skill_level-1023-0': 'Expert', 'skill_name-1022-1': 'P&L' },
  Certifications: { 'certification_name-1024-0': 'PMP', 'issue_date-1026-0': '2015-06-01' },
  Languages: { 'language-1034-0': 'French', 'proficiency-1035-0': 'Fluent' },
};

let layout = setHidden(EMPTY_LAYOUT, '108', true);
layout = renameSection(layout, '103', 'Career');
layout = moveSection(layout, classic.sections, '105', 0);
layout = {
  ...layout,
  custom_sections: [
    {
      key: 'custom-talks',
      title: 'Talks',
      entries: [
        {
          title: 'Keynote',
          subtitle: 'LogiConf',
          location: 'Tokyo',
          start_date: '2024-05',
          end_date: '',
          current: false,
          description: '<ul><li>On lean</li></ul>',
        },
      ],
    },
  ],
};

describe('Markdown and plain-text export', () => {
  const document = cvDocument(classic.sections, formData, layout);

  it('reads the CV in its order: personal details, then the sections shown, under their headings', () => {
    expect(document.name).toBe('Zoë 李');
    expect(document.contacts).toEqual([
      'zoe@example.com',
      '+44 20 7946 0958',
      'London',
      'linkedin.com/in/zoe',
    ]);
    expect(document.sections.map((section) => section.heading)).toEqual([
      'Skills',
      'Professional Summary',
      'Career',
      'Certifications',
      'Talks',
    ]);
  });

  it('Markdown: headings, details, dates and bullet lists; skills a list; what looks like markup is escaped', () => {
    expect(toMarkdown(document)).toBe(
      [
        '# Zoë 李',
        '',
        'Chief \\*Operating\\* Officer',
        '',
        'zoe@example.com · +44 20 7946 0958 · London · linkedin.com/in/zoe',
        '',
        '## Skills',
        '',
        '- Lean · Expert',
        '- P&L',
        '',
        '## Professional Summary',
        '',
        'Operations executive.',
        '',
        'مرحبا \\<b\\>bold\\</b\\>',
        '',
        '## Career',
        '',
        '### COO',
        '',
        'Northbridge · London  ',
        '*Apr 2019 – Present*',
        '',
        'Runs operations.',
        '',
        '- Cut costs 17%',
        '- Raised NPS',
        '',
        '### VP',
        '',
        'Halcyon  ',
        '*Sep 2013 – Mar 2019*',
        '',
        '## Certifications',
        '',
        '### PMP',
        '',
        '*Jun 2015*',
        '',
        '## Talks',
        '',
        '### Keynote',
        '',
        'LogiConf · Tokyo  ',
        '*May 2024*',
        '',
        '- On lean',
        '',
      ].join('\n'),
    );
  });

  it('plain text: the reading order an ATS sees, headings in capitals', () => {
    expect(toPlainText(document)).toBe(
      [
        'Zoë 李',
        'Chief *Operating* Officer',
        'zoe@example.com | +44 20 7946 0958 | London | linkedin.com/in/zoe',
        '',
        'SKILLS',
        '------',
        'Lean | Expert',
        '',
        'P&L',
        '',
        'PROFESSIONAL SUMMARY',
        '--------------------',
        'Operations executive.',
        'مرحبا <b>bold</b>',
        '',
        'CAREER',
        '------',
        'COO | Northbridge | London',
        'Apr 2019 – Present',
        'Runs operations.',
        '- Cut costs 17%',
        '- Raised NPS',
        '',
        'VP | Halcyon',
        'Sep 2013 – Mar 2019',
        '',
        'CERTIFICATIONS',
        '--------------',
        'PMP',
        'Jun 2015',
        '',
        'TALKS',
        '-----',
        'Keynote | LogiConf | Tokyo',
        'May 2024',
        '- On lean',
        '',
      ].join('\n'),
    );
  });

  it('prints a phone in its international format, as typed when it cannot be read', () => {
    const typed = (phone: string) =>
      cvDocument(classic.sections, { 'Personal Details': { 'phone-1004-0': phone } }, EMPTY_LAYOUT).contacts;
    expect(typed('+1 2025550143')).toEqual(['+1 202 555 0143']);
    expect(typed('+44 2079460958')).toEqual(['+44 20 7946 0958']);
    expect(typed('+1 202 555 0143 ext. 12')).toEqual(['+1 202 555 0143 ext. 12']);
    expect(typed('555 0143')).toEqual(['555 0143']);
    const markdown = toMarkdown(
      cvDocument(classic.sections, { 'Personal Details': { 'phone-1004-0': '+1 2025550143' } }, EMPTY_LAYOUT),
    );
    expect(markdown).toBe('+1 202 555 0143\n');
  });

  it('Markdown: a section of names and levels is a list; one with dates or prose keeps its headings', () => {
    const markdown = toMarkdown({
      contacts: [],
      sections: [
        { heading: 'Skills', entries: [{ title: 'TypeScript', details: [], paragraphs: [], bullets: [] }] },
        {
          heading: 'Projects',
          entries: [
            { title: 'Atlas', details: [], paragraphs: [], bullets: [] },
            { title: 'Beacon', details: [], paragraphs: ['A search engine.'], bullets: [] },
          ],
        },
      ],
    });
    expect(markdown).toBe(
      ['## Skills', '', '- TypeScript', '', '## Projects', '', '### Atlas', '', '### Beacon', '', 'A search engine.', ''].join(
        '\n',
      ),
    );
  });

  it('escapes a line that Markdown would read as a heading or a list', () => {
    expect(escapeMarkdown('# not a heading\n- not a list\n1. nor this')).toBe(
      '\\# not a heading\n\\- not a list\n\\1. nor this',
    );
  });

  it('files are named after the CV (or cv) with .json, .md and .txt', () => {
    const source = {
      name: 'Ops: 2026',
      templateId: classic.id,
      sections: classic.sections,
      formData,
      layout,
    };
    expect(cvExportFile('json', source).fileName).toBe('Ops  2026.json'.replace('  ', ' '));
    expect(cvExportFile('markdown', { ...source, name: '' }).fileName).toBe('cv.md');
    expect(cvExportFile('text', source)).toMatchObject({
      fileName: 'Ops 2026.txt',
      type: 'text/plain;charset=utf-8',
    });
    expect(JSON.parse(cvExportFile('json', source).content)).toMatchObject({ basics: { name: 'Zoë 李' } });
  });
});
