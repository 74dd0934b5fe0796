import sample from '@jsonresume/schema/sample.resume.json';
import { EMPTY_LAYOUT, addCustomSection, renameSection, setHidden, moveSection } from '../../src/cv/layout';
import { compactFormData } from '../../src/cv/form-data';
import {
  asUri,
  describeFlagged,
  describeImport,
  formDate,
  fromJsonResume,
  toJsonResume,
  type JsonResume,
} from '../../src/cv-data/json-resume';
import { firstSchemaProblem } from '../../src/cv-data/json-resume-schema';
import { t } from '../../src/i18n/i18n';
import { TEMPLATES, filledForm, sectionsOf, templateNamed } from '../machines/cv-data/support';

const minimal = templateNamed('clean-minimal');
const academic = templateNamed('academic-cv');
const creative = templateNamed('creative-portfolio');
const NOW = new Date('2026-01-02T03:04:05Z');

const importInto = (template: typeof minimal, resume: JsonResume) =>
  fromJsonResume(resume, template.sections, template.id);

describe('JSON Resume import, section by section', () => {
  const imported = importInto(minimal, sample);
  const values = (section: string) => imported.formData[section]!;

  it('basics: name, label, email, phone, the town (not the street), the website', () => {
    expect(values('Personal Details')).toEqual({
      'full_name-8001-0': 'Richard Hendriks',
      'job_title-8002-0': 'Programmer',
      'email-8003-0': 'richard.hendriks@mail.com',
      'phone-8004-0': '(912) 555-4321',
      'location-8005-0': 'San Francisco, California, US',
      'website-8007-0': 'http://richardhendricks.example.com',
    });
  });

  it('basics.profiles: a LinkedIn profile fills the LinkedIn field; the others become a section of their own', () => {
    const withLinkedIn = importInto(minimal, {
      basics: {
        profiles: [
          { network: 'LinkedIn', url: 'https://linkedin.com/in/rh' },
          { network: 'Twitter', username: 'rh', url: 'https://twitter.example.com/rh' },
        ],
      },
    });
    expect(withLinkedIn.formData['Personal Details']).toEqual({
      'linkedin-8006-0': 'https://linkedin.com/in/rh',
    });
    expect(withLinkedIn.layout.custom_sections).toEqual([
      {
        key: 'custom-profiles',
        title: 'Profiles',
        entries: [
          expect.objectContaining({
            title: 'Twitter',
            subtitle: 'rh',
            location: 'https://twitter.example.com/rh',
          }),
        ],
      },
    ]);
    // A template with a links section holds them there.
    const portfolio = importInto(creative, {
      basics: { profiles: [{ network: 'Dribbble', url: 'https://dribbble.com/x' }] },
    });
    expect(portfolio.formData.Portfolio).toEqual({
      'link_label-5008-0': 'Dribbble',
      'link_url-5009-0': 'https://dribbble.com/x',
    });
  });

  it('basics.summary goes to the summary section', () => {
    expect(values('Summary')['summary-8008-0']).toMatch(/^Richard hails from Tulsa/);
  });

  it('work: position, company, place, dates in the CV date form, summary and highlights as a bullet list', () => {
    expect(values('Experience')).toEqual({
      'job_title-8009-0': 'CEO/President',
      'company-8010-0': 'Pied Piper',
      'location-8011-0': 'Palo Alto, CA',
      'start_date-8012-0': '2013-12-01',
      'end_date-8013-0': '2014-12-01',
      'description-8015-0': expect.stringMatching(
        /^<p>Pied Piper is a multi-platform.*<\/p><ul><li>Build an algorithm.*<\/li><li>Successfully won Techcrunch Disrupt<\/li><li>Optimized/,
      ),
    });
  });

  it('work without an end date is ongoing: the "currently working" box is ticked', () => {
    const ongoing = importInto(minimal, { work: [{ name: 'Hooli', startDate: '2020-03' }] });
    expect(ongoing.formData.Experience).toEqual({
      'company-8010-0': 'Hooli',
      'start_date-8012-0': '2020-03',
      'currently_working-8014-0': 'true',
    });
  });

  it('education: study type and area as the degree, score as the grade', () => {
    expect(values('Education')).toEqual({
      'degree-8016-0': 'Bachelor in Information Technology',
      'institution-8017-0': 'University of Oklahoma',
      'start_date-8019-0': '2011-06-01',
      'end_date-8020-0': '2014-01-01',
      'grade-8021-0': '4.0',
    });
    // A template with an education description keeps the courses as bullets.
    expect(importInto(academic, sample).formData.Education!['education_description-6015-0']).toBe(
      '<ul><li>DB1101 - Basic SQL</li><li>CS2011 - Java Introduction</li></ul>',
    );
  });

  it('skills with their keywords, languages with their fluency, interests with theirs', () => {
    expect(values('Skills')).toEqual({
      'skill_name-8022-0': 'Web Development: HTML, CSS, Javascript',
      'skill_level-8023-0': 'Master',
      'skill_name-8022-1': 'Compression: Mpeg, MP4, GIF',
      'skill_level-8023-1': 'Master',
    });
    expect(values('Languages')).toEqual({
      'language-8034-0': 'English',
      'proficiency-8035-0': 'Native speaker',
    });
    expect(values('Interests')).toEqual({ 'interest-8036-0': 'Wildlife: Ferrets, Unicorns' });
  });

  it('projects: roles, dates, link, keywords as technologies, description and highlights', () => {
    const projects = importInto(templateNamed('technical-engineer'), {
      projects: [
        {
          name: 'Miss Direction',
          description: 'A mapping engine',
          highlights: ['Won award'],
          keywords: ['GoogleMaps', 'Chrome'],
          startDate: '2016-08-24',
          endDate: '2016-08-24',
          url: 'https://missdirection.example.com',
          roles: ['Team Lead'],
        },
      ],
    });
    expect(projects.formData['Projects & Open Source']).toEqual({
      'project_name-7018-0': 'Miss Direction',
      'project_role-7019-0': 'Team Lead',
      'start_date-7020-0': '2016-08-24',
      'end_date-7021-0': '2016-08-24',
      'project_url-7022-0': 'https://missdirection.example.com',
      'technologies-7023-0': 'GoogleMaps, Chrome',
      'project_description-7024-0': '<p>A mapping engine</p><ul><li>Won award</li></ul>',
    });
  });

  it('certificates, awards and publications where the template has them', () => {
    const certified = importInto(minimal, {
      certificates: [{ name: 'AWS', date: '2021-11-07', issuer: 'Amazon', url: 'https://example.com/aws' }],
    });
    expect(certified.formData.Certifications).toEqual({
      'certification_name-8030-0': 'AWS',
      'issuer-8031-0': 'Amazon',
      'issue_date-8032-0': '2021-11-07',
      'credential_url-8033-0': 'https://example.com/aws',
    });
    const scholar = importInto(academic, sample);
    expect(scholar.formData['Grants and Awards']).toEqual({
      'award_name-6028-0': 'Digital Compression Pioneer Award',
      'awarding_body-6029-0': 'Techcrunch',
      'award_date-6030-0': '2014-11-01',
      'award_details-6031-0': 'There is no spoon.',
    });
    expect(scholar.formData.Publications).toEqual({
      'publication_title-6023-0': 'Video compression for 3d media',
      'venue-6025-0': 'Hooli',
      'publication_date-6026-0': '2014-10-01',
      'publication_url-6027-0': 'http://en.wikipedia.org/wiki/Silicon_Valley_(TV_series)',
    });
  });

  it('what the template has no section for becomes a section of the CV’s own', () => {
    const titles = imported.layout.custom_sections.map((section) => section.title);
    expect(titles).toEqual([
      'Volunteering',
      'Awards',
      'Publications',
      'References',
      'Profiles',
      'More on Personal Details',
      'More on Experience',
      'More on Education',
      'More on Projects',
    ]);
    const volunteering = imported.layout.custom_sections[0]!;
    expect(volunteering).toEqual({
      key: 'custom-volunteer',
      title: 'Volunteering',
      entries: [
        {
          title: 'Teacher',
          subtitle: 'CoderDojo',
          location: 'http://coderdojo.example.com/',
          start_date: '2012-01-01',
          end_date: '2013-01-01',
          current: false,
          description:
            '<p>Global movement of free coding clubs for young people.</p><ul><li>Awarded &#39;Teacher of the Month&#39;</li></ul>',
        },
      ],
    });
    expect(imported.layout.custom_sections[3]!.entries[0]).toMatchObject({
      title: 'Erlich Bachman',
      description: expect.stringMatching(/^<p>It is my pleasure/),
    });
  });

  it('the summary counts entries and sections, names the sections of one’s own and the values that need a look', () => {
    expect(imported.summary).toMatchObject({ entries: 19, sections: 17 });
    expect(describeImport(imported.summary, t)).toBe(
      '19 entries in 17 sections; 9 parts added as sections of your own (Volunteering, Awards, Publications, References, Profiles, More on Personal Details, More on Experience, More on Education, More on Projects)',
    );
    expect(describeFlagged(imported.summary, t)).toBe(
      "1 value needs a look: Personal Details: 'Phone Number' ((912) 555-4321)",
    );
    expect(describeImport({ entries: 1, sections: 1, ownSections: [], notImported: [] }, t)).toBe(
      '1 entry in 1 section',
    );
  });

  it('text that looks like markup stays text; nothing is read as HTML', () => {
    const sneaky = importInto(minimal, {
      work: [{ name: '<img src=x onerror=alert(1)>', highlights: ['<script>alert(1)</script>'] }],
    });
    expect(sneaky.formData.Experience).toEqual({
      'company-8010-0': '<img src=x onerror=alert(1)>',
      'description-8015-0': '<ul><li>&lt;script&gt;alert(1)&lt;/script&gt;</li></ul>',
    });
  });

  it('more entries than a section holds go to a section of one’s own', () => {
    const many = importInto(minimal, {
      languages: Array.from({ length: 102 }, (_, i) => ({ language: `L${i}` })),
    });
    expect(Object.keys(many.formData.Languages!)).toHaveLength(100);
    expect(many.layout.custom_sections).toEqual([
      expect.objectContaining({
        key: 'custom-languages',
        entries: [expect.objectContaining({ title: 'L100' }), expect.objectContaining({ title: 'L101' })],
      }),
    ]);
    expect(many.summary.notImported).toEqual([]);
  });

  it('dates keep their precision (a month stays a month); links get a scheme', () => {
    expect(formDate('2020')).toBe('2020');
    expect(formDate('2020-03')).toBe('2020-03');
    expect(formDate('2020-03-15')).toBe('2020-03-15');
    expect(asUri('linkedin.com/in/x')).toBe('https://linkedin.com/in/x');
    expect(asUri('not a link')).toBeUndefined();
  });
});

describe('JSON Resume export', () => {
  it.each(TEMPLATES.map((folder) => [folder.slug, folder] as const))(
    '%s: the sample CV and a CV with every field filled are valid against the schema',
    (_slug, folder) => {
      const sections = sectionsOf(folder);
      const sampleForm = Object.fromEntries(
        Object.entries(folder.sample).map(([name, values]) => [
          name,
          Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])),
        ]),
      );
      for (const formData of [sampleForm, filledForm(sections)]) {
        const resume = toJsonResume(sections, formData, EMPTY_LAYOUT, {
          templateId: folder.definition.id,
          now: NOW,
        });
        expect(firstSchemaProblem(resume)).toBeUndefined();
        expect(resume.meta).toMatchObject({ version: 'v1.0.0', lastModified: '2026-01-02T03:04:05' });
      }
    },
  );

  it.each(TEMPLATES.map((folder) => [folder.slug, folder] as const))(
    '%s: export then import into the same template gives the same form data (non-Latin text included)',
    (_slug, folder) => {
      const sections = sectionsOf(folder);
      const formData = filledForm(sections);
      const resume = JSON.parse(
        JSON.stringify(toJsonResume(sections, formData, EMPTY_LAYOUT, { templateId: folder.definition.id })),
      ) as JsonResume;
      expect(firstSchemaProblem(resume)).toBeUndefined();
      const back = fromJsonResume(resume, sections, folder.definition.id);
      expect(compactFormData(back.formData)).toEqual(formData);
      expect(back.layout).toEqual(EMPTY_LAYOUT);
    },
  );

  it('writes month and year, never a day the CV does not print; an entry that has not ended has no endDate', () => {
    const education = minimal.sections.find((section) => section.name === 'Education')!;
    const start = education.input_fields.find((field) => field.name === 'start_date')!;
    const end = education.input_fields.find((field) => field.name === 'end_date')!;
    const school = education.input_fields.find((field) => field.name === 'institution')!;
    const resume = toJsonResume(
      minimal.sections,
      {
        Education: {
          [`institution-${school.id}-0`]: 'Open University',
          [`start_date-${start.id}-0`]: '2019-09-15',
          [`end_date-${end.id}-0`]: 'present',
          [`institution-${school.id}-1`]: 'Birkbeck',
          [`start_date-${start.id}-1`]: '2015',
          [`end_date-${end.id}-1`]: '2018-06',
        },
      },
      EMPTY_LAYOUT,
      { templateId: minimal.id },
    );
    expect(firstSchemaProblem(resume)).toBeUndefined();
    const [first, second] = resume.education as Array<Record<string, unknown>>;
    expect(first).toMatchObject({ startDate: '2019-09' });
    expect(first).not.toHaveProperty('endDate');
    expect(second).toMatchObject({ startDate: '2015', endDate: '2018-06' });
  });

  it('maps the template’s sections to JSON Resume’s by meaning', () => {
    const resume = toJsonResume(minimal.sections, filledForm(minimal.sections), EMPTY_LAYOUT, {
      templateId: minimal.id,
    });
    expect(Object.keys(resume)).toEqual([
      '$schema',
      'basics',
      'work',
      'education',
      'certificates',
      'skills',
      'languages',
      'interests',
      'projects',
      'meta',
    ]);
    expect(resume.work).toEqual([
      {
        position: expect.any(String),
        name: expect.any(String),
        location: expect.any(String),
        startDate: '2012-09',
        summary: 'T8015x0 led 中文 团队',
        highlights: ['T8015x0 bullet مرحبا', 'Zoë <second>'],
      },
      expect.objectContaining({ endDate: '2013-10' }),
    ]);
    expect((resume.basics as { profiles: unknown }).profiles).toEqual([
      { network: 'LinkedIn', url: 'https://example.com/T8006x0' },
    ]);
  });

  it('follows the layout: hidden sections left out, sections of one’s own kept, order and headings in meta', () => {
    const formData = filledForm(minimal.sections);
    let layout = setHidden(EMPTY_LAYOUT, '809', true);
    layout = renameSection(layout, '803', 'Career');
    layout = moveSection(layout, minimal.sections, '805', 0);
    layout = addCustomSection(layout, 'custom-talks', 'Talks');
    layout = {
      ...layout,
      custom_sections: [
        {
          key: 'custom-talks',
          title: 'Talks',
          entries: [
            {
              title: 'Keynote 東京',
              subtitle: '',
              location: '',
              start_date: '2024-05',
              end_date: '',
              current: false,
              description: '',
            },
          ],
        },
        {
          key: 'custom-volunteer',
          title: 'Volunteering',
          entries: [
            {
              title: 'Mentor',
              subtitle: 'CoderDojo',
              location: '',
              start_date: '2019-01',
              end_date: '',
              current: true,
              description: '<ul><li>Taught kids</li></ul>',
            },
          ],
        },
      ],
    };
    const resume = toJsonResume(minimal.sections, formData, layout, { templateId: minimal.id });
    expect(firstSchemaProblem(resume)).toBeUndefined();
    expect(resume.interests).toBeUndefined();
    expect(resume.volunteer).toEqual([
      { position: 'Mentor', organization: 'CoderDojo', startDate: '2019-01', highlights: ['Taught kids'] },
    ]);
    const back = fromJsonResume(resume, minimal.sections, minimal.id);
    expect(back.layout.section_titles).toEqual({ '803': 'Career' });
    expect(back.layout.hidden_sections).toEqual([809]);
    expect(back.layout.section_order[0]).toBe(805);
    expect(back.layout.custom_sections.map((section) => section.key).sort()).toEqual([
      'custom-talks',
      'custom-volunteer',
    ]);
    expect(
      back.layout.custom_sections.find((section) => section.key === 'custom-volunteer')!.entries[0],
    ).toMatchObject({
      title: 'Mentor',
      current: true,
    });
    // Into another template the order and headings (which name that template's sections) are not carried.
    expect(fromJsonResume(resume, academic.sections, academic.id).layout.section_titles).toEqual({});
  });

  it('a link or an email the schema would refuse is written so it is not refused', () => {
    const resume = toJsonResume(
      minimal.sections,
      {
        'Personal Details': {
          'email-8003-0': 'not an email',
          'website-8007-0': 'my site',
          'linkedin-8006-0': 'linkedin.com/in/x',
        },
      },
      EMPTY_LAYOUT,
      { templateId: minimal.id },
    );
    expect(firstSchemaProblem(resume)).toBeUndefined();
    expect(resume.basics).toEqual({
      profiles: [
        { network: 'Website', username: 'my site' },
        { network: 'LinkedIn', url: 'https://linkedin.com/in/x' },
      ],
    });
  });
});

describe('JSON Resume schema problems in words', () => {
  it('names the first problem and where it is', () => {
    // A problem is a message, in English here.
    const problem = (document: unknown) => {
      const message = firstSchemaProblem(document);
      return message === undefined ? undefined : t(message);
    };
    expect(problem({ work: [{}, {}, { startDate: 'March 2020' }] })).toBe(
      'work[2].startDate must be a date like 2020-01 or 2020-01-31',
    );
    expect(problem({ basics: { email: 'nope' } })).toBe(
      'basics.email must be an email address like name@example.com',
    );
    expect(problem({ skills: 'lots' })).toBe('skills must be a list');
    expect(problem([1, 2])).toBe('The resume must be an object');
    expect(problem(sample)).toBeUndefined();
  });
});
