import { findDates, resumeDateOf } from '../../src/cv-import/dates.js';
import { sectionKindOf } from '../../src/cv-import/headings.js';
import type { TextLine } from '../../src/cv-import/lines.js';
import { parseLines } from '../../src/cv-import/parse.js';

// The parser's parts: headings in several languages, dates as CVs print them, and lines that fit nowhere kept.

const line = (text: string, extra: Partial<TextLine> = {}): TextLine => ({
  text,
  size: 10,
  bold: false,
  heading: false,
  bullet: false,
  ...extra,
});

describe('headings', () => {
  it.each([
    ['Experience', 'work'],
    ['BERUFSERFAHRUNG', 'work'],
    ['Expérience professionnelle', 'work'],
    ['Experiencia laboral', 'work'],
    ['Ausbildung', 'education'],
    ['Formation :', 'education'],
    ['## Technical Skills', 'skills'],
    ['Sprachen', 'languages'],
    ['Licences & Certifications', 'certificates'],
  ])('%s is %s', (text, kind) => expect(sectionKindOf(text)).toBe(kind));

  it('a sentence that starts like a heading is not one', () => {
    expect(sectionKindOf('Experience with payment systems')).toBeUndefined();
  });
});

describe('dates', () => {
  it.each([
    ['Apr 2021 – Present', '2021-04', undefined, true],
    ['04/2021 – heute', '2021-04', undefined, true],
    ['janv. 2019 - déc. 2020', '2019-01', '2020-12', false],
    ['März 2018 bis Mai 2019', '2018-03', '2019-05', false],
    ['seit 2020', '2020', undefined, true],
    ['2015 – 2018', '2015', '2018', false],
  ])('%s', (text, startDate, endDate, current) => {
    expect(findDates(text)).toMatchObject({ startDate, endDate, current });
  });

  it('a job title before its dates is what is left of the line', () => {
    expect(findDates('Lead Engineer Apr 2021 – Present')?.rest).toBe('Lead Engineer');
  });

  it('a word that is no month is no date', () => {
    expect(resumeDateOf('Manchester 2021')).toBeUndefined();
  });
});

describe('parseLines', () => {
  it('keeps what sits under an unknown heading as a section of the person’s own', () => {
    const heading = { size: 12, bold: true };
    const { resume, confidence } = parseLines([
      line('Ada Lovelace', { size: 24 }),
      line('ada@example.com · +44 20 7946 0321'),
      line('EXPERIENCE', heading),
      line('Analyst'),
      line('Analytical Engines · London'),
      line('2018 – 2020'),
      line('EHRENAMTLICHES', heading),
      line('Taught mathematics at the village school.'),
    ]);
    expect(resume.basics).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0321',
    });
    expect(resume.work).toEqual([
      {
        position: 'Analyst',
        name: 'Analytical Engines',
        location: 'London',
        startDate: '2018',
        endDate: '2020',
      },
    ]);
    expect(resume.meta?.cvBuilder?.customSections).toEqual([
      {
        key: 'custom-imported-1',
        title: 'EHRENAMTLICHES',
        entries: [{ description: '<p>Taught mathematics at the village school.</p>' }],
      },
    ]);
    expect(confidence['meta.cvBuilder.customSections[0]']).toBeLessThan(0.7);
  });

  it('a web address without https:// among the contact details is the website, not the summary', () => {
    const { resume } = parseLines([
      line('Ada Lovelace', { size: 24 }),
      line('Node.js and ASP.NET Developer'),
      line('ada@example.com · adalovelace.dev · +44 20 7946 0321'),
      line('EXPERIENCE', { size: 12, bold: true }),
      line('Analyst'),
    ]);
    expect(resume.basics).toMatchObject({
      name: 'Ada Lovelace',
      label: 'Node.js and ASP.NET Developer',
      email: 'ada@example.com',
      url: 'https://adalovelace.dev',
      phone: '+44 20 7946 0321',
    });
    expect(resume.basics?.summary).toBeUndefined();
  });
});
