import { msg, type Message } from '../../rules/languages';
import type { JsonResume } from './json-resume';

// What the server read from a PDF or Word file, as the rows the import dialog shows for checking: one row per value,
// under the section it was found in, with how sure the reader was. The person fixes or drops values; the rows then
// go back into the JSON Resume that the usual mapping places into the template. Nothing is dropped unless the
// person drops it: a value the reader could not place arrives in a section of its own and is shown here too.

/** Below this the reader was not sure: the row is marked for the person to check. */
export const UNCERTAIN_BELOW = 0.7;
export const UNCERTAIN_NOTE = msg('Check this value');

export interface ReviewRow {
  /** The value's place in the resume: "basics.email", "work[0].position", "meta.cvBuilder.customSections[0]". */
  path: string;
  /** "Personal details", "Experience 1", or the heading of a section of the person's own. */
  group: string;
  /** The group in the dialog's words, to show through `t`; none where it is the file's own (a section's heading). */
  groupName?: Message;
  label: string;
  /** The label in the dialog's words, to show through `t`; none where it is the file's own (a profile's network). */
  labelName?: Message;
  value: string;
  /** Several lines (points, keywords, a section of one's own): one per line. */
  multiline: boolean;
  uncertain: boolean;
  dropped: boolean;
}

type Item = Record<string, unknown>;

/** Each list's group: its title, and its title numbered when the list holds several entries ('Experience 2'). */
const LIST_TITLES: Record<string, { title: string; numbered: string }> = {
  work: { title: msg('Experience'), numbered: msg('Experience {number}') },
  volunteer: { title: msg('Volunteering'), numbered: msg('Volunteering {number}') },
  education: { title: msg('Education'), numbered: msg('Education {number}') },
  skills: { title: msg('Skills'), numbered: msg('Skills {number}') },
  languages: { title: msg('Languages'), numbered: msg('Languages {number}') },
  certificates: { title: msg('Certificates'), numbered: msg('Certificates {number}') },
  projects: { title: msg('Projects'), numbered: msg('Projects {number}') },
  awards: { title: msg('Awards'), numbered: msg('Awards {number}') },
  publications: { title: msg('Publications'), numbered: msg('Publications {number}') },
  interests: { title: msg('Interests'), numbered: msg('Interests {number}') },
  references: { title: msg('References'), numbered: msg('References {number}') },
};

const PERSONAL_DETAILS = msg('Personal details');
const SUMMARY = msg('Summary');

const LABELS: Record<string, string> = {
  name: msg('Name'),
  label: msg('Title'),
  email: msg('Email'),
  phone: msg('Phone'),
  url: msg('Website'),
  summary: msg('Summary'),
  position: msg('Position'),
  organization: msg('Organisation'),
  location: msg('Location'),
  startDate: msg('Start date'),
  endDate: msg('End date'),
  date: msg('Date'),
  highlights: msg('Points'),
  institution: msg('School'),
  studyType: msg('Degree'),
  area: msg('Field of study'),
  courses: msg('Courses'),
  keywords: msg('Keywords'),
  level: msg('Level'),
  language: msg('Language'),
  fluency: msg('Fluency'),
  issuer: msg('Issuer'),
  description: msg('Description'),
  roles: msg('Roles'),
  title: msg('Title'),
  awarder: msg('Awarded by'),
  publisher: msg('Publisher'),
  releaseDate: msg('Date'),
  reference: msg('Reference'),
};

/** Where a list says it in its own word: a job's `name` is its employer. */
const LIST_LABELS: Record<string, string> = {
  'work.name': msg('Employer'),
  'skills.name': msg('Skill'),
  'interests.name': msg('Interest'),
};

/** Words to show: ours (the English words, shown through `t`), or the file's own (shown as they are). */
interface Named {
  text: string;
  name?: Message;
}

const ours = (words: string, name: Message = words): Named => ({ text: words, name });
const theFiles = (text: string): Named => ({ text });

function labelOf(key: string, list?: string): Named {
  const label = (list && LIST_LABELS[`${list}.${key}`]) ?? LABELS[key];
  return label ? ours(label) : theFiles(key);
}

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
  const add = (path: string, group: Named, label: Named, value: unknown, sureAt = path) => {
    const multiline = Array.isArray(value);
    const text = multiline ? (value as unknown[]).map(String).join('\n') : String(value ?? '');
    if (text.trim() === '') return;
    const sure = confidence[sureAt];
    // A long value (a summary, a description) gets a box of several lines, so it can be read whole.
    const long = multiline || text.includes('\n') || text.length > 60;
    rows.push({
      path,
      group: group.text,
      ...(group.name !== undefined ? { groupName: group.name } : {}),
      label: label.text,
      ...(label.name !== undefined ? { labelName: label.name } : {}),
      value: text,
      multiline: long,
      uncertain: sure !== undefined && sure < UNCERTAIN_BELOW,
      dropped: false,
    });
  };
  const personal = ours(PERSONAL_DETAILS);
  const basics = (resume.basics ?? {}) as Item;
  for (const key of ['name', 'label', 'email', 'phone', 'url'])
    if (typeof basics[key] === 'string') add(`basics.${key}`, personal, labelOf(key), basics[key]);
  if (basics.location && typeof basics.location === 'object')
    add('basics.location', personal, ours(msg('Location')), locationText(basics.location as Item));
  ((basics.profiles as Item[] | undefined) ?? []).forEach((profile, index) =>
    add(
      `basics.profiles[${index}].url`,
      personal,
      profile.network === undefined || profile.network === null
        ? ours(msg('Profile'))
        : theFiles(String(profile.network)),
      profile.url,
    ),
  );
  if (typeof basics.summary === 'string') add('basics.summary', ours(SUMMARY), ours(SUMMARY), basics.summary);
  for (const [list, { title, numbered }] of Object.entries(LIST_TITLES)) {
    const items = resume[list];
    if (!Array.isArray(items)) continue;
    (items as Item[]).forEach((item, index) => {
      const group =
        items.length > 1
          ? ours(`${title} ${index + 1}`, { id: numbered, values: { number: index + 1 } })
          : ours(title);
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
    add(
      path,
      section.title === undefined || section.title === null
        ? ours(msg('More from the file'))
        : theFiles(section.title),
      ours(msg('Kept as a section of its own')),
      text.split('\n'),
      path,
    );
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
