import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDocx } from '../../src/render/docx.js';
import { buildRenderModelFromFormData } from '../../src/cv-input/values.js';
import { getTemplateRegistry } from '../../src/templates/registry.js';
import { fidelityData, longExperienceData, pdfPageCount, pdfText, squash } from './support.js';

// Every template's Word file opened in a real word processor (LibreOffice Writer, headless): converted to text, to
// flat ODF (where Writer says which paragraphs it took for headings) and to PDF (where its pagination shows). Debian's
// libreoffice-writer-nogui provides it (npm run setup installs it); without it these tests are skipped.
const SOFFICE = process.env.SOFFICE_PATH ?? '/usr/bin/soffice';
const HAS_SOFFICE = existsSync(SOFFICE);
if (!HAS_SOFFICE) {
  console.warn(
    `word-processor.test.ts skipped: LibreOffice is not installed (${SOFFICE}). ` +
      'Install it with `apt-get install -y libreoffice-writer-nogui` (npm run setup does) or set SOFFICE_PATH.',
  );
}

const registry = getTemplateRegistry();
const ENTRIES = 12;
const n = (i: number) => String(i).padStart(2, '0');
const TOKEN = /T\d+x\d+/;

describe.runIf(HAS_SOFFICE)('Word files in LibreOffice Writer', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'cv-word-'));
  const out = path.join(work, 'out');
  // Writer locks its profile: a private one lets this run beside anything else that uses LibreOffice.
  const profile = pathToFileURL(path.join(work, 'profile')).href;
  const convert = (filter: string, files: string[]) =>
    execFileSync(SOFFICE, [`-env:UserInstallation=${profile}`, '--headless', '--norestore', '--convert-to', filter, '--outdir', out, ...files], {
      stdio: 'pipe',
      timeout: 400_000,
    });
  const read = (name: string) => readFileSync(path.join(out, name));

  beforeAll(async () => {
    mkdirSync(out);
    const filled: string[] = [];
    const long: string[] = [];
    for (const template of registry.templates) {
      const { definition, sample } = template;
      const fidelity = buildRenderModelFromFormData(definition, fidelityData(definition).formData);
      const lengthy = buildRenderModelFromFormData(definition, longExperienceData(definition, sample, ENTRIES));
      filled.push(path.join(work, `${template.slug}.docx`));
      long.push(path.join(work, `${template.slug}-long.docx`));
      writeFileSync(filled.at(-1)!, await renderDocx(template, fidelity));
      writeFileSync(long.at(-1)!, await renderDocx(template, lengthy));
    }
    // One Writer process per format, converting every file: starting Writer is most of the cost.
    convert('txt:Text (encoded):UTF8', filled);
    convert('fodt', filled);
    convert('pdf', long);
  }, 600_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  describe.each(registry.templates.map((t) => [t.slug, t] as const))('%s', (slug, template) => {
    const { definition } = template;
    const { formData, expectations } = fidelityData(definition);
    const model = buildRenderModelFromFormData(definition, formData);

    it('reads every entered value in its section, entries in order', () => {
      const text = squash(read(`${slug}.txt`).toString('utf8').replace(/^\ufeff/, ''));
      // Where each section's heading is, in template order; a section's values lie between it and the next.
      const starts = new Map<string, number>();
      let cursor = 0;
      for (const section of model.sections) {
        const at = text.indexOf(squash(section.name), cursor);
        expect(at, `heading "${section.name}" after ${cursor}`).toBeGreaterThanOrEqual(cursor);
        starts.set(section.name, at);
        cursor = at + section.name.length;
      }
      const names = model.sections.map((s) => s.name);
      const bounds = (section: string): [number, number] => {
        const start = starts.get(section) ?? 0;
        const next = starts.get(names[names.indexOf(section) + 1] ?? '') ?? (starts.has(section) ? text.length : (starts.get(names[0]) ?? text.length));
        return [start, next];
      };
      const lastOfFirstEntry = new Map<string, number>();
      for (const expectation of expectations) {
        const [start, end] = bounds(expectation.section);
        const where = `${expectation.section}.${expectation.field}[${expectation.index}] "${expectation.text}"`;
        const at = text.indexOf(squash(expectation.text), start);
        expect(at, `${where} missing`).toBeGreaterThanOrEqual(start);
        expect(at, `${where} outside its section`).toBeLessThan(end);
        // Values with a token are unique: the first entry's all come before the second entry's.
        if (!TOKEN.test(expectation.text)) continue;
        if (expectation.index === 0) lastOfFirstEntry.set(expectation.section, Math.max(at, lastOfFirstEntry.get(expectation.section) ?? -1));
        else expect(at, `${where} after the first entry`).toBeGreaterThan(lastOfFirstEntry.get(expectation.section) ?? -1);
      }
    });

    it('takes the name for the Title, section headings for Heading 1 and entry titles for Heading 2', () => {
      const odf = read(`${slug}.fodt`).toString('utf8');
      // Writer gives a paragraph with direct formatting an automatic style (P1, P2…) whose parent is the named style.
      const automatic = new Map(
        [...odf.matchAll(/<style:style ([^>]*)>/g)].flatMap((m) => {
          const name = /style:name="(P\d+)"/.exec(m[1])?.[1];
          const parent = /style:parent-style-name="([^"]+)"/.exec(m[1])?.[1];
          return name && parent ? [[name, parent] as const] : [];
        }),
      );
      const styleOf = (name: string) => automatic.get(name) ?? name;
      const paragraphStyles = [...odf.matchAll(/<text:(?:p|h) text:style-name="([^"]+)"/g)].map((m) => styleOf(m[1]));
      expect(paragraphStyles.filter((s) => s === 'Title')).toHaveLength(1);
      expect(paragraphStyles.filter((s) => s === 'Heading_20_1')).toHaveLength(model.sections.length);
      const titled = model.sections.filter((s) => s.isEntries).flatMap((s) => s.entries.filter((e) => e.title));
      expect(paragraphStyles.filter((s) => s === 'Heading_20_2')).toHaveLength(titled.length);
      // Writer makes them outline headings: its navigator and the PDF's bookmarks list them.
      expect(odf.match(/<text:h [^>]*text:outline-level="1"/g) ?? []).toHaveLength(model.sections.length);
      expect(odf.match(/<text:h [^>]*text:outline-level="2"/g) ?? []).toHaveLength(titled.length);
    });

    it('keeps every entry of a long CV on one page', () => {
      const pdf = read(`${slug}-long.pdf`);
      const pages = pdfPageCount(pdf);
      expect(pages).toBeGreaterThanOrEqual(2);
      const pageTexts = Array.from({ length: pages }, (_, p) => pdfText(pdf, { first: p + 1, last: p + 1 }));
      for (let i = 1; i <= ENTRIES; i++) {
        const tokens = [`Role${n(i)}`, `Employer${n(i)}`, `Bullet${n(i)}a`, `Bullet${n(i)}b`, `Bullet${n(i)}c`];
        const pagesOf = tokens.map((token) => pageTexts.findIndex((page) => page.includes(token)));
        expect(pagesOf.every((p) => p >= 0), `entry ${i} is printed`).toBe(true);
        expect(new Set(pagesOf).size, `entry ${i} on pages ${pagesOf.map((p) => p + 1).join(', ')}`).toBe(1);
      }
    });
  });
});
