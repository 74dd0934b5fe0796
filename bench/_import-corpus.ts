// The import accuracy corpus (bench/import-accuracy.ts and server/tests/cv-import/accuracy.test.ts): one full CV as
// JSON Resume, placed into every template by the web app's own mapping, rendered to PDF and Word by the server's
// engine; what each template actually shows (its export back to JSON Resume) is the truth its files are scored
// against. A plain Word CV exported by LibreOffice (server/tests/cv-import/fixtures) is the file made by another engine.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Window } from 'happy-dom';
import { fromJsonResume, toJsonResume, type JsonResume } from '../src/cv-data/json-resume';
import { EMPTY_LAYOUT } from '../src/cv/layout';
import type { TemplateSection } from '../src/api/templates';
import { readTemplateFolders, TEMPLATES_ROOT, type TemplateFolder } from '../server/src/templates/definition';
import { getTemplateRegistry } from '../server/src/templates/registry';
import { buildRenderModelFromFormData } from '../server/src/cv-input/values';
import { renderDocx } from '../server/src/render/docx';
import { renderHtml } from '../server/src/render/html';
import type { PdfRenderer } from '../server/src/render/pdf';
import { parseCvFile, type ImportKind } from '../server/src/cv-import/parse';

export const FULL_RESUME: JsonResume = {
  basics: {
    name: 'Margaret Okafor',
    label: 'Senior Software Engineer',
    email: 'margaret.okafor@example.com',
    phone: '+44 20 7946 0321',
    url: 'https://okafor.dev',
    summary:
      'Engineer with twelve years of building payment systems and the teams behind them. I like small services, clear contracts and measurable results.',
    location: { city: 'Manchester', countryCode: 'GB', region: 'England' },
    profiles: [
      { network: 'LinkedIn', url: 'https://linkedin.com/in/margaret-okafor' },
      { network: 'GitHub', url: 'https://github.com/mokafor' },
    ],
  },
  work: [
    {
      name: 'Northwind Payments',
      position: 'Lead Engineer',
      location: 'London, UK',
      startDate: '2021-04',
      summary: 'Led the card processing platform team of eight engineers.',
      highlights: [
        'Cut settlement time from two days to four hours',
        'Moved 40 services to a shared event bus',
      ],
    },
    {
      name: 'Brightline Software',
      position: 'Software Engineer',
      location: 'Leeds, UK',
      startDate: '2016-09',
      endDate: '2021-03',
      summary: 'Built the billing engine used by three thousand customers.',
      highlights: ['Designed the invoice renderer', 'Mentored four graduate engineers'],
    },
    {
      name: 'Harbour Analytics',
      position: 'Junior Developer',
      location: 'Bristol, UK',
      startDate: '2013-07',
      endDate: '2016-08',
      summary: 'Maintained data pipelines for retail clients.',
    },
  ],
  education: [
    {
      institution: 'University of Manchester',
      studyType: 'MSc',
      area: 'Computer Science',
      startDate: '2011-09',
      endDate: '2012-09',
    },
    {
      institution: 'University of Leeds',
      studyType: 'BSc',
      area: 'Mathematics',
      startDate: '2008-09',
      endDate: '2011-06',
    },
  ],
  skills: [
    { name: 'Backend', keywords: ['TypeScript', 'Go', 'PostgreSQL'] },
    { name: 'Practices', keywords: ['Code review', 'Incident response'] },
  ],
  languages: [
    { language: 'English', fluency: 'Native' },
    { language: 'French', fluency: 'Professional' },
  ],
  certificates: [
    { name: 'AWS Certified Solutions Architect', issuer: 'Amazon Web Services', date: '2022-05' },
  ],
  projects: [
    {
      name: 'Ledgerline',
      description: 'An open source double-entry ledger library.',
      url: 'https://github.com/mokafor/ledgerline',
      startDate: '2019-01',
    },
  ],
};

export interface CorpusFile {
  /** "clean-minimal.pdf", "libreoffice-plain.pdf". */
  name: string;
  kind: ImportKind;
  bytes: Buffer;
  /** What the file shows, as JSON Resume: the values it must give back. */
  truth: JsonResume;
}

// The web mapping reads rich text with the browser's DOMParser; under Node, happy-dom's (the web tests' DOM).
const domParser = () => {
  const scope = globalThis as { DOMParser?: unknown };
  scope.DOMParser ??= new Window().DOMParser;
};

function sectionsOf(folder: TemplateFolder): TemplateSection[] {
  return folder.definition.sections.map((section) => ({
    id: section.id,
    name: section.name,
    description: section.description,
    is_active: true,
    is_required: section.is_required,
    is_repeatable: section.is_repeatable,
    input_fields: section.input_fields.map(
      ({ id, name, widget_label, widget_type, description, is_required }) => ({
        id,
        name,
        widget_label,
        widget_type,
        description,
        is_required,
      }),
    ),
  }));
}

const FIXTURES = fileURLToPath(new URL('../server/tests/cv-import/fixtures/', import.meta.url));

/** The committed file made by another engine, and its truth. */
export function otherEngineFiles(): CorpusFile[] {
  return [
    {
      name: 'libreoffice-plain.pdf',
      kind: 'pdf',
      bytes: readFileSync(`${FIXTURES}libreoffice-plain.pdf`),
      truth: JSON.parse(readFileSync(`${FIXTURES}libreoffice-plain.json`, 'utf8')) as JsonResume,
    },
  ];
}

/** Every template's PDF (when a renderer is given) and Word file of the full CV. */
export async function templateFiles(pdf: PdfRenderer | undefined, only?: string[]): Promise<CorpusFile[]> {
  domParser();
  const registry = getTemplateRegistry();
  const files: CorpusFile[] = [];
  for (const folder of readTemplateFolders(TEMPLATES_ROOT)) {
    if (only && !only.includes(folder.slug)) continue;
    const sections = sectionsOf(folder);
    const imported = fromJsonResume(FULL_RESUME, sections, folder.definition.id);
    const truth = toJsonResume(sections, imported.formData, EMPTY_LAYOUT, {
      templateId: folder.definition.id,
    });
    const template = registry.templates.find((t) => t.slug === folder.slug)!;
    const model = buildRenderModelFromFormData(template.definition, imported.formData);
    files.push({
      name: `${folder.slug}.docx`,
      kind: 'docx',
      bytes: await renderDocx(template, model),
      truth,
    });
    if (pdf)
      files.push({
        name: `${folder.slug}.pdf`,
        kind: 'pdf',
        bytes: await pdf.render(renderHtml(template, model)),
        truth,
      });
  }
  return files;
}

export { parseCvFile };

// ── scoring ──

/** Values found in the right field, and values looked for, by field ("work.position", "basics.email"). */
export type FieldScores = Record<string, { found: number; total: number }>;

type Item = Record<string, unknown>;

const normal = (value: string) =>
  value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.,;:]+$/, '')
    .trim();

function basicsValues(basics: Item | undefined): Map<string, string[]> {
  const values = new Map<string, string[]>();
  if (!basics) return values;
  for (const key of ['name', 'label', 'email', 'summary'] as const)
    if (typeof basics[key] === 'string') values.set(`basics.${key}`, [basics[key]]);
  if (typeof basics.phone === 'string') values.set('basics.phone', [basics.phone.replace(/\D/g, '')]);
  const location = basics.location as Item | undefined;
  if (location) {
    const parts = ['address', 'city', 'region', 'postalCode', 'countryCode'].flatMap((key) =>
      typeof location[key] === 'string' ? [location[key]] : [],
    );
    if (parts.length) values.set('basics.location', [parts.join(', ')]);
  }
  const links = [
    ...(typeof basics.url === 'string' ? [basics.url] : []),
    ...((basics.profiles as Item[] | undefined) ?? []).flatMap((profile) =>
      typeof profile.url === 'string' ? [profile.url] : [],
    ),
  ];
  if (links.length) values.set('basics.links', links);
  return values;
}

/** Each truth value counts once: found when the parsed document has it in the same field (of the same entry). */
export function scoreFile(truth: JsonResume, parsed: JsonResume, scores: FieldScores = {}): FieldScores {
  const count = (field: string, found: boolean) => {
    scores[field] ??= { found: 0, total: 0 };
    scores[field].total++;
    if (found) scores[field].found++;
  };
  const parsedBasics = basicsValues(parsed.basics as Item | undefined);
  for (const [field, values] of basicsValues(truth.basics as Item | undefined)) {
    const got = (parsedBasics.get(field) ?? []).map(normal);
    for (const value of values) {
      if (field === 'basics.summary')
        count(
          field,
          got.some((text) => text.replace(/\s/g, '').includes(normal(value).replace(/\s/g, ''))),
        );
      else count(field, got.includes(normal(value)));
    }
  }
  for (const [list, items] of Object.entries(truth)) {
    if (!Array.isArray(items) || list === 'basics') continue;
    const got = Array.isArray(parsed[list]) ? (parsed[list] as Item[]) : [];
    (items as Item[]).forEach((item, index) => {
      const other = got[index] ?? {};
      for (const [key, value] of Object.entries(item)) {
        const field = `${list}.${key}`;
        if (typeof value === 'string')
          count(field, typeof other[key] === 'string' && normal(other[key]) === normal(value));
        else if (Array.isArray(value)) {
          const have = Array.isArray(other[key])
            ? (other[key] as unknown[]).map((v) => normal(String(v)))
            : [];
          for (const element of value) count(field, have.includes(normal(String(element))));
        }
      }
    });
  }
  return scores;
}

export function totalOf(scores: FieldScores): { found: number; total: number } {
  return Object.values(scores).reduce(
    (sum, s) => ({ found: sum.found + s.found, total: sum.total + s.total }),
    { found: 0, total: 0 },
  );
}

/** "work.position   47/48  97.9%" lines, worst first, and the total. */
export function scoreTable(scores: FieldScores): string {
  const rows = Object.entries(scores)
    .sort((a, b) => a[1].found / a[1].total - b[1].found / b[1].total)
    .map(
      ([field, s]) =>
        `${field.padEnd(26)} ${`${s.found}/${s.total}`.padStart(8)}  ${((100 * s.found) / s.total).toFixed(1).padStart(5)}%`,
    );
  const total = totalOf(scores);
  rows.push(
    `${'TOTAL'.padEnd(26)} ${`${total.found}/${total.total}`.padStart(8)}  ${((100 * total.found) / total.total).toFixed(1).padStart(5)}%`,
  );
  return rows.join('\n');
}
