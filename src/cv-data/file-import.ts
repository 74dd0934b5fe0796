import type { JsonResume } from './json-resume';

// What the server read from a PDF or Word file, as the rows the import dialog shows for checking: one row per value,
// under the section it was found in, with how sure the reader was. The person fixes or drops values; the rows then
// go back into the JSON Resume that the usual mapping places into the template. Nothing is dropped unless the
// person drops it: a value the reader could not place arrives in a section of its own and is shown here too.

/** Below this the reader was not sure: the row is marked for the person to check. */
export const UNCERTAIN_BELOW = 0.7;
export const UNCERTAIN_NOTE = 'Check this value';

export interface ReviewRow {
  /** The value's place in the resume: "basics.email", "work[0].position", "meta.cvBuilder.customSections[0]". */
  path: string;
  /** "Personal details", "Experience 1", or the heading of a section of the person's own. */
  group: string;
  label: string;
  value: string;
  /** Several lines (points, keywords, a section of one's own): one per line. */
  multiline: boolean;
  uncertain: boolean;
  dropped: boolean;
}

type Item = Record<string, unknown>;

const LIST_TITLES: Record<string, string> = {
  work: 'Experience',
  volunteer: 'Volunteering',
  education: 'Education',
  skills: 'Skills',
  languages: 'Languages',
  certificates: 'Certificates',
  projects: 'Projects',
  awards: 'Awards',
  publications: 'Publications',
  interests: 'Interests',
  references: 'References',
};

const LABELS: Record<string, string> = {
  name: 'Name',
  label: 'Title',
  email: 'Email',
  phone: 'Phone',
  url: 'Website',
  summary: 'Summary',
  position: 'Position',
  organization: 'Organisation',
  location: 'Location',
  startDate: 'Start date',
  endDate: 'End date',
  date: 'Date',
  highlights: 'Points',
  institution: 'School',
  studyType: 'Degree',
  area: 'Subject',
  courses: 'Courses',
  keywords: 'Keywords',
  level: 'Level',
  language: 'Language',
  fluency: 'Fluency',
  issuer: 'Issuer',
  description: 'Description',
  roles: 'Roles',
  title: 'Title',
  awarder: 'Awarded by',
  publisher: 'Publisher',
  releaseDate: 'Date',
  reference: 'Reference',
};

/** Where a list says it in its own word: a job's `name` is its employer. */
const LIST_LABELS: Record<string, string> = {
  'work.name': 'Employer',
  'skills.name': 'Skill',
  'interests.name': 'Interest',
};

const labelOf = (key: string, list?: string) => (list && LIST_LABELS[`${list}.${key}`]) ?? LABELS[key] ?? key;

function locationText(location: Item): string {
  return ['address', 'city', 'region', 'postalCode', 'countryCode']
    .flatMap((key) =>
      typeof location[key] === 'string' && location[key] !== '' ? [location[key] as string] : [],
    )
    .join(', ');
}

/** "<p>a</p><p>b</p>" → "a\nb" (a section of one's own holds paragraphs). */
function paragraphsText(html: string): string {
  return html
    .split(/<\/p>/)
    .map((part) =>
      part
        .replace(/<[^>]+>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
        .trim(),
    )
    .filter(Boolean)
    .join('\n');
}

function paragraphsHtml(text: string): string {
  const escape = (line: string) =>
    line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escape(line)}</p>`)
    .join('');
}

/** Every value of the resume as a row, in the order of the file: the person, then each section and entry. */
export function reviewRows(resume: JsonResume, confidence: Record<string, number>): ReviewRow[] {
  const rows: ReviewRow[] = [];
  const add = (path: string, group: string, label: string, value: unknown, sureAt = path) => {
    const multiline = Array.isArray(value);
    const text = multiline ? (value as unknown[]).map(String).join('\n') : String(value ?? '');
    if (text.trim() === '') return;
    const sure = confidence[sureAt];
    // A long value (a summary, a description) gets a box of several lines, so it can be read whole.
    const long = multiline || text.includes('\n') || text.length > 60;
    rows.push({
      path,
      group,
      label,
      value: text,
      multiline: long,
      uncertain: sure !== undefined && sure < UNCERTAIN_BELOW,
      dropped: false,
    });
  };
  const basics = (resume.basics ?? {}) as Item;
  for (const key of ['name', 'label', 'email', 'phone', 'url'])
    if (typeof basics[key] === 'string') add(`basics.${key}`, 'Personal details', labelOf(key), basics[key]);
  if (basics.location && typeof basics.location === 'object')
    add('basics.location', 'Personal details', 'Location', locationText(basics.location as Item));
  ((basics.profiles as Item[] | undefined) ?? []).forEach((profile, index) =>
    add(
      `basics.profiles[${index}].url`,
      'Personal details',
      String(profile.network ?? 'Profile'),
      profile.url,
    ),
  );
  if (typeof basics.summary === 'string') add('basics.summary', 'Summary', 'Summary', basics.summary);
  for (const [list, title] of Object.entries(LIST_TITLES)) {
    const items = resume[list];
    if (!Array.isArray(items)) continue;
    (items as Item[]).forEach((item, index) => {
      const group = items.length > 1 ? `${title} ${index + 1}` : title;
      for (const [key, value] of Object.entries(item))
        if (typeof value === 'string' || Array.isArray(value))
          add(`${list}[${index}].${key}`, group, labelOf(key, list), value);
    });
  }
  const meta = resume.meta as
    { cvBuilder?: { customSections?: Array<{ title?: string; entries?: Item[] }> } } | undefined;
  (meta?.cvBuilder?.customSections ?? []).forEach((section, index) => {
    const text = (section.entries ?? [])
      .map((entry) => paragraphsText(String(entry.description ?? '')))
      .join('\n');
    const path = `meta.cvBuilder.customSections[${index}]`;
    add(path, section.title ?? 'More from the file', 'Kept as a section of its own', text.split('\n'), path);
  });
  return rows;
}

/** Sets a value at a path such as "work[0].highlights" (undefined: removes it). */
function setAt(target: Item, path: string, value: unknown) {
  const keys = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let node: Item = target;
  for (const key of keys.slice(0, -1)) {
    if (node[key] === undefined || typeof node[key] !== 'object') return;
    node = node[key] as Item;
  }
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

/** The resume with the person's fixes and without what they dropped. */
export function resumeOfRows(resume: JsonResume, rows: readonly ReviewRow[]): JsonResume {
  const result = structuredClone(resume) as Item;
  for (const row of rows) {
    const lines = row.value
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (row.path === 'basics.location') {
      const [city, ...rest] = row.value.split(/\s*,\s*/);
      setAt(
        result,
        'basics.location',
        row.dropped || !row.value.trim()
          ? undefined
          : { city, ...(rest.length ? { region: rest.join(', ') } : {}) },
      );
    } else if (row.path.startsWith('meta.cvBuilder.customSections[')) {
      setAt(result, `${row.path}.entries`, row.dropped ? [] : [{ description: paragraphsHtml(row.value) }]);
    } else if (row.dropped || !row.value.trim()) setAt(result, row.path, undefined);
    else if (/\.(highlights|keywords|courses|roles)$/.test(row.path)) setAt(result, row.path, lines);
    else setAt(result, row.path, row.value.trim());
  }
  // A section of one's own whose lines were all dropped goes; entries left empty go.
  const meta = (result.meta as Item | undefined)?.cvBuilder as
    { customSections?: Array<{ entries: unknown[] }> } | undefined;
  if (meta?.customSections)
    meta.customSections = meta.customSections.filter((section) => section.entries.length > 0);
  for (const list of Object.keys(LIST_TITLES)) {
    if (Array.isArray(result[list])) {
      result[list] = (result[list] as Item[]).filter((item) => Object.keys(item).length > 0);
      if ((result[list] as Item[]).length === 0) delete result[list];
    }
  }
  const basics = result.basics as Item | undefined;
  if (basics && Array.isArray(basics.profiles))
    basics.profiles = (basics.profiles as Item[]).filter((profile) => typeof profile.url === 'string');
  return result as JsonResume;
}
