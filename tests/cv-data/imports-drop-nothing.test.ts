import schema from '@jsonresume/schema/schema.json';
import sample from '@jsonresume/schema/sample.resume.json';
import { readCvInput } from '../../server/src/cv-input/cv-body';
import { layoutJson } from '../../server/src/cv-input/layout';
import type { CvLayout } from '../../src/api/cvs';
import { entriesFromFormData, groupEntries } from '../../src/cv/form-data';
import { layoutForServer } from '../../src/cv/layout';
import {
  describeFlagged,
  describeImport,
  fromJsonResume,
  toJsonResume,
  withCurrentNames,
  type JsonResume,
} from '../../src/cv-data/json-resume';
import { firstSchemaProblem, firstShapeProblem } from '../../src/cv-data/json-resume-schema';
import { t } from '../../src/i18n/i18n';
import { TEMPLATES, sectionsOf, templateNamed } from '../machines/cv-data/support';

// Imports drop nothing: every property of the published JSON Resume schema reaches a field or a section of one's own
// and comes back out of an export after a save, at the same place, with the same value and the same precision.

type Node = {
  type?: string;
  format?: string;
  $ref?: string;
  properties?: Record<string, Node>;
  items?: Node;
};

/** The file's own details, not the CV's: an export writes its own (its version, its date). */
const FILE_DETAILS = new Set(['$schema', 'meta']);
/**
 * Dates of every precision JSON Resume allows, in turn: a month, a year, a day. One year and month, so an end date
 * never comes before its start (the server refuses that).
 */
const DATES = ['2020-02', '2020', '2020-02-04'];

/**
 * What an export gives back for a value: a day comes back as its month (the CV prints month and year; an export
 * invents no day, docs/decisions/0043-month-and-year-dates.md), everything else as it was.
 */
const exported = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.slice(0, 7) : value;

/** A document with a distinct value in every property the schema names (two of each list of texts). */
function fullResume(): JsonResume {
  let count = 0;
  const valueOf = (node: Node, path: string): unknown => {
    count += 1;
    if (node.$ref) return DATES[count % DATES.length];
    if (node.type === 'object' || node.properties) {
      return Object.fromEntries(
        Object.entries(node.properties ?? {}).flatMap(([prop, child]) =>
          path === '' && FILE_DETAILS.has(prop) ? [] : [[prop, valueOf(child, `${path}.${prop}`)]],
        ),
      );
    }
    if (node.type === 'array') {
      const item = node.items ?? { type: 'string' };
      return item.type === 'string'
        ? [valueOf(item, path), valueOf(item, path)]
        : [valueOf(item, `${path}[0]`)];
    }
    if (node.format === 'email') return `person${count}@example.com`;
    if (node.format === 'uri') return `https://example.com/${count}`;
    if (path.endsWith('countryCode')) return 'GB';
    if (path.endsWith('.phone')) return '+44 20 7946 0000';
    // Words a person writes, each value its own ('Value 12 of work[0].name'), no commas or ' in ' to split at.
    return `Value ${count} of${path.replace(/[[\].]+/g, ' ')}`;
  };
  return valueOf(schema as Node, '') as JsonResume;
}

/** Every value of a document by its path: `work[0].name` → 'Pied Piper', `skills[0].keywords` → ['HTML', …]. */
function leaves(value: unknown, path = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object')) found.set(path, value);
  else if (Array.isArray(value))
    value.forEach((item, index) => leaves(item, `${path}[${index}]`).forEach((v, k) => found.set(k, v)));
  else if (value !== null && typeof value === 'object') {
    for (const [prop, child] of Object.entries(value)) {
      if (path === '' && FILE_DETAILS.has(prop)) continue;
      leaves(child, path === '' ? prop : `${path}.${prop}`).forEach((v, k) => found.set(k, v));
    }
  } else if (value !== undefined && value !== '') found.set(path, value);
  return found;
}

/** Import into a template, save as the server stores it, read back, export. */
function roundTrip(folder: (typeof TEMPLATES)[number], resume: JsonResume): JsonResume {
  const sections = sectionsOf(folder);
  const imported = fromJsonResume(resume, sections, folder.definition.id);
  const saved = readCvInput(
    {
      name: 'Round trip',
      template: folder.definition.id,
      entries: entriesFromFormData(imported.formData),
      layout: layoutForServer(imported.layout),
    } as Parameters<typeof readCvInput>[0],
    folder.definition,
  );
  const reopened = groupEntries(sections, saved.entries);
  const layout = layoutJson(saved.layout!) as CvLayout;
  return toJsonResume(sections, reopened.formData, layout, { templateId: folder.definition.id });
}

describe('imports drop nothing: a full, schema-valid resume round trip', () => {
  const full = fullResume();

  it('the full resume is valid against the schema and names every property it has', () => {
    expect(firstSchemaProblem(full)).toBeUndefined();
    expect(leaves(full).size).toBeGreaterThan(60);
  });

  it.each(TEMPLATES.map((folder) => [folder.slug, folder] as const))(
    '%s: import, save and export give back every value at its place',
    (_slug, folder) => {
      const back = roundTrip(folder, full);
      expect(firstSchemaProblem(back)).toBeUndefined();
      const expected = leaves(full);
      const actual = leaves(back);
      const missing = [...expected].filter(
        ([path, value]) => JSON.stringify(actual.get(path)) !== JSON.stringify(exported(value)),
      );
      expect(missing).toEqual([]);
    },
  );

  it('the JSON Resume project’s sample comes back whole too', () => {
    const back = roundTrip(
      TEMPLATES.find((folder) => folder.slug === 'executive-classic')!,
      {
        ...sample,
        basics: { ...sample.basics, phone: '+1 (912) 555-4321' },
      },
    );
    const expected = leaves({ ...sample, basics: { ...sample.basics, phone: '+1 (912) 555-4321' } });
    const actual = leaves(back);
    expect(
      [...expected].filter(
        ([path, value]) => JSON.stringify(actual.get(path)) !== JSON.stringify(exported(value)),
      ),
    ).toEqual([]);
  });
});

describe('imports drop nothing: the older field names', () => {
  const older: JsonResume = {
    bio: {
      name: 'Ada Lovelace',
      website: 'https://ada.example.com',
      picture: 'https://ada.example.com/me.png',
    },
    work: [
      {
        company: 'Analytical Engines Ltd',
        website: 'https://engines.example.com',
        position: 'Analyst',
        startDate: '1842-09',
      },
      { company: 'Babbage & Co', position: 'Translator', startDate: '1840', endDate: '1842' },
    ],
    volunteer: [
      { organization: 'Royal Society', website: 'https://royalsociety.example.com', position: 'Guest' },
    ],
    education: [{ institution: 'Home', gpa: '4.0', area: 'Mathematics', studyType: 'Tutoring' }],
    awards: [{ title: 'Notes', awardDate: '1843' }],
    publications: [{ name: 'Notes on the Engine', website: 'https://notes.example.com' }],
    hobbies: [{ name: 'Horses' }],
  };

  it('are read as the 1.0 names: every employer, link, score and picture arrives', () => {
    const template = templateNamed('executive-classic');
    const imported = fromJsonResume(older, template.sections, template.id);
    expect(imported.formData['Work Experience']).toMatchObject({
      'company-1010-0': 'Analytical Engines Ltd',
      'start_date-1012-0': '1842-09',
      'company-1010-1': 'Babbage & Co',
      'start_date-1012-1': '1840',
      'end_date-1013-1': '1842',
    });
    expect(imported.formData['Personal Details']).toMatchObject({
      'full_name-1001-0': 'Ada Lovelace',
      'website-1007-0': 'https://ada.example.com',
    });
    expect(imported.formData.Education).toMatchObject({ 'grade-1021-0': '4.0' });
    const own = Object.fromEntries(imported.layout.custom_sections.map((section) => [section.key, section]));
    expect(own['custom-work-details']!.entries[0]).toMatchObject({
      title: 'Analytical Engines Ltd',
      description: '<ul><li>Website: https://engines.example.com</li></ul>',
    });
    expect(own['custom-basics-details']!.entries[0]!.description).toBe(
      '<ul><li>Photo: https://ada.example.com/me.png</li></ul>',
    );
    expect(own['custom-awards']!.entries[0]).toMatchObject({ title: 'Notes', start_date: '1843' });
    expect(own['custom-publications']!.entries[0]).toMatchObject({ location: 'https://notes.example.com' });
    expect(own['custom-interests']!.entries[0]).toMatchObject({ title: 'Horses' });
    expect(imported.summary.notImported).toEqual([]);
  });

  it('export writes the 1.0 names', () => {
    const back = roundTrip(
      TEMPLATES.find((folder) => folder.slug === 'executive-classic')!,
      older,
    );
    expect(back.work).toEqual([
      expect.objectContaining({ name: 'Analytical Engines Ltd', url: 'https://engines.example.com' }),
      expect.objectContaining({ name: 'Babbage & Co', startDate: '1840', endDate: '1842' }),
    ]);
    expect(back.basics).toMatchObject({
      url: 'https://ada.example.com',
      image: 'https://ada.example.com/me.png',
    });
    expect(back.education).toEqual([
      expect.objectContaining({ score: '4.0', studyType: 'Tutoring', area: 'Mathematics' }),
    ]);
  });

  it('a newer name beside an older one wins; the older one is kept as a line of its own', () => {
    const both = withCurrentNames({ work: [{ name: 'New', company: 'Old' }] });
    expect(both.work).toEqual([{ name: 'New', company: 'Old' }]);
    const template = templateNamed('executive-classic');
    const imported = fromJsonResume(both, template.sections, template.id);
    expect(imported.layout.custom_sections[0]!.entries[0]!.description).toBe(
      '<ul><li>company: Old</li></ul>',
    );
  });
});

describe('imports drop nothing: links and values the rules refuse', () => {
  const template = templateNamed('executive-classic');

  it('javascript: and data: addresses are refused and named; they reach no field and no export', () => {
    const resume: JsonResume = {
      basics: {
        name: 'Mallory',
        url: 'javascript:alert(1)',
        image: 'data:image/png;base64,AAAA',
        profiles: [{ network: 'LinkedIn', url: 'JaVaScRiPt:alert(2)' }],
      },
      certificates: [{ name: 'Trust me', url: 'java\tscript:alert(3)' }],
      work: [{ name: 'Evil Corp', homepage: 'data:text/html,<script>alert(4)</script>' }],
    };
    expect(firstShapeProblem(resume)).toBeUndefined();
    const imported = fromJsonResume(resume, template.sections, template.id);
    expect(JSON.stringify([imported.formData, imported.layout])).not.toMatch(/javascript|data:/i);
    const refused = (place: string, scheme: string) => ({
      id: '{place} ({scheme}: addresses are not allowed)',
      values: { place, scheme },
    });
    expect(imported.summary.notImported).toEqual([
      refused('basics.url', 'javascript'),
      refused('basics.image', 'data'),
      refused('basics.profiles[0].url', 'javascript'),
      refused('work[0].homepage', 'data'),
      refused('certificates[0].url', 'javascript'),
    ]);
    expect(describeImport(imported.summary, t)).toMatch(/not imported: basics\.url \(javascript: addresses/);
  });

  it('an export never writes one, even one typed into a field', () => {
    const sections = template.sections;
    const resume = toJsonResume(
      sections,
      {
        'Personal Details': {
          'full_name-1001-0': 'Mallory',
          'website-1007-0': 'javascript:alert(1)',
          'linkedin-1006-0': 'data:text/html,x',
        },
        Certifications: { 'certification_name-1024-0': 'X', 'credential_url-1027-0': 'javascript:alert(1)' },
      },
      { section_order: [], hidden_sections: [], section_titles: {}, custom_sections: [] },
      { templateId: template.id },
    );
    expect(JSON.stringify(resume)).not.toMatch(/javascript|data:text/i);
  });

  it('a phone number that cannot exist, "Upon request" and an email that is not one are kept as written and named', () => {
    const resume: JsonResume = {
      basics: { name: 'Richard', phone: 'Upon request', email: 'richard at example' },
    };
    expect(firstShapeProblem(resume)).toBeUndefined();
    expect(t(firstSchemaProblem(resume)!)).toBe(
      'basics.email must be an email address like name@example.com',
    );
    const imported = fromJsonResume(resume, template.sections, template.id);
    expect(imported.formData['Personal Details']).toMatchObject({
      'phone-1004-0': 'Upon request',
      'email-1003-0': 'richard at example',
    });
    expect(describeFlagged(imported.summary, t)).toBe(
      "2 values need a look: Personal Details: 'Email' (richard at example); Personal Details: 'Phone Number' (Upon request)",
    );
  });
});

describe('imports drop nothing: a line with a colon of its own', () => {
  it('"About the company: Goal: speed" comes back whole', () => {
    const template = templateNamed('executive-classic');
    const imported = fromJsonResume(
      { work: [{ name: 'Hooli', description: 'Goal: speed' }] },
      template.sections,
      template.id,
    );
    const back = toJsonResume(template.sections, imported.formData, imported.layout, {
      templateId: template.id,
    });
    expect(back.work).toEqual([{ name: 'Hooli', description: 'Goal: speed' }]);
  });
});
