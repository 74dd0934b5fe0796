import { afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SectionDefinition, TemplateDefinition } from '../../src/render/input.js';
import type { CvFormData } from '../../src/cv-input/values.js';
import { formatDate } from '../../src/render/model.js';
import { DEFAULT_CHROMIUM_PATH, PdfRenderer } from '../../src/render/pdf.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;
export const HAS_CHROMIUM = existsSync(CHROMIUM_PATH);

/** The test file's PDF renderer: Chromium at CHROMIUM_PATH with a pool of two pages, closed after the file's tests. */
export function testPdfRenderer(): PdfRenderer {
  const pdf = new PdfRenderer({ executablePath: CHROMIUM_PATH, poolSize: 2 });
  afterAll(() => pdf.close());
  return pdf;
}

function withTempFile<T>(name: string, contents: Buffer, work: (file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'cv-render-test-'));
  const file = path.join(dir, name);
  try {
    writeFileSync(file, contents);
    return work(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// pdftotext marks right-to-left runs with Unicode bidi controls; they are not part of the text.
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The text an ATS parser gets from the PDF (optionally pages first..last). By default pdftotext
 * works out reading order from the layout; `raw` keeps the order the PDF draws text in, which is
 * what parsers built on PDFBox or Tika read.
 */
export function pdfText(pdf: Buffer, options: { first?: number; last?: number; raw?: boolean } = {}): string {
  return withTempFile('cv.pdf', pdf, (file) => {
    const args = ['-enc', 'UTF-8'];
    if (options.first) args.push('-f', String(options.first));
    if (options.last) args.push('-l', String(options.last));
    if (options.raw) args.push('-raw');
    return execFileSync('pdftotext', [...args, file, '-'], { encoding: 'utf8' }).replace(BIDI_CONTROLS, '');
  });
}

/** Page `page` of the PDF rasterised by pdftoppm at `dpi`: RGB bytes, row by row. */
export function pdfPagePixels(pdf: Buffer, page = 1, dpi = 24): { width: number; height: number; rgb: Buffer } {
  return withTempFile('cv.pdf', pdf, (file) => {
    // Binary PPM on stdout: "P6\n<width> <height>\n255\n" then the pixels.
    const ppm = execFileSync('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), file], { maxBuffer: 64 * 1024 * 1024 });
    const [, width, height] = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 32).toString('latin1'))!.map(Number);
    return { width, height, rgb: ppm.subarray(ppm.length - width * height * 3) };
  });
}

export function pdfInfo(pdf: Buffer): string {
  return withTempFile('cv.pdf', pdf, (file) => execFileSync('pdfinfo', [file], { encoding: 'utf8' }));
}

/** The fonts a PDF embeds, as pdffonts lists them: name and type ('CID TrueType', 'Type 3', …). */
export function pdfFonts(pdf: Buffer): Array<{ name: string; type: string }> {
  const listing = withTempFile('cv.pdf', pdf, (file) => execFileSync('pdffonts', [file], { encoding: 'utf8' }));
  return listing
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const [, name, type] = /^(\S+)\s+(.+?)\s{2,}/.exec(line) ?? [];
      return { name: name ?? line, type: type ?? '' };
    });
}

export function pdfPageCount(pdf: Buffer): number {
  return Number(/^Pages:\s+(\d+)/m.exec(pdfInfo(pdf))?.[1] ?? 0);
}

/** One part of a .docx package, e.g. `word/styles.xml` or `docProps/core.xml`. */
export function docxPart(docx: Buffer, part: string): string {
  return withTempFile('cv.docx', docx, (file) => execFileSync('unzip', ['-p', file, part], { encoding: 'utf8' }));
}

export function docxDocumentXml(docx: Buffer): string {
  return docxPart(docx, 'word/document.xml');
}

export function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The text of a .docx body, each paragraph on its own line. */
export function docxText(docx: Buffer): string {
  const xml = docxDocumentXml(docx);
  return xml
    .split(/<\/w:p>/)
    .map((paragraph) => [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => decodeXml(m[1])).join(''))
    .join('\n');
}

/** Collapses every run of white space, so a value wrapped over two lines still matches. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

// Distinctive values: every script and every character that must be escaped, spread over the fields.
export const FLAVOURS = [
  (token: string) => `${token} Zoë Ångström Çelik`,
  // CJK leads: pdftotext splits a line that ends in CJK after Latin into two blocks (its quirk).
  (token: string) => `张伟 高级工程师 ${token}`,
  // No lam-alef: pdftotext spells RTL ligatures backwards (ى ل for لى), whatever the PDF says.
  () => 'مهندسة برمجيات خبيرة',
  (token: string) => `${token} <script>alert("x")</script> & Co`,
  (token: string) => `${token} "Quoted" O'Brien`,
];

export interface Expectation {
  section: string;
  field: string;
  index: number;
  /** What the reader must see. */
  text: string;
}

function richText(token: string): { value: string; texts: string[] } {
  return {
    value:
      `<p>${token} led <strong>中文 团队</strong> and <em>équipe</em> <u>under</u></p>` +
      '<script>alert("rich")</script><img src="x" onerror="alert(2)">' +
      `<ul><li>${token} bullet <a href="https://example.com/${token}">good link</a></li>` +
      '<li><a href="javascript:alert(3)">bad link</a> مرحبا</li></ul>',
    texts: [`${token} led`, '中文 团队', 'équipe', `${token} bullet`, 'good link', 'bad link', 'مرحبا'],
  };
}

/**
 * Form data with a distinctive value in every field of every section (two entries for repeatable
 * sections: the first with 'currently working here' ticked, the second with an end date).
 */
export function fidelityData(template: TemplateDefinition): { formData: CvFormData; expectations: Expectation[] } {
  const formData: CvFormData = {};
  const expectations: Expectation[] = [];
  let flavour = 0;
  const fill = (section: SectionDefinition, index: number) => {
    const values = (formData[section.name] ??= {});
    const ticked = index === 0 && section.input_fields.some((f) => f.role === 'current');
    for (const field of section.input_fields) {
      const token = `T${field.id}x${index}`;
      const key = `${field.name}-${field.id}-${index}`;
      const expect = (text: string) => expectations.push({ section: section.name, field: field.name, index, text });
      switch (field.widget_type) {
        case 'date': {
          const value = `${2000 + (field.id % 20)}-${String((field.id % 12) + 1).padStart(2, '0')}-15`;
          values[key] = value;
          if (!(field.role === 'end' && ticked)) expect(formatDate(value));
          break;
        }
        case 'checkbox':
          if (ticked) {
            values[key] = true;
            expect('Present');
          }
          break;
        case 'richtext-input': {
          const rich = richText(token);
          values[key] = rich.value;
          for (const text of rich.texts) expect(text);
          break;
        }
        case 'email-input':
          values[key] = `t${field.id}.${index}@example.com`;
          expect(values[key] as string);
          break;
        case 'phone-input':
          values[key] = `+44 20 7946 ${String(field.id).slice(-4)}`;
          expect(values[key] as string);
          break;
        default: {
          const value = field.role === 'link' ? `example.com/${token}` : FLAVOURS[flavour++ % FLAVOURS.length](token);
          values[key] = value;
          expect(value);
        }
      }
    }
  };
  for (const section of template.sections) {
    fill(section, 0);
    if (section.is_repeatable) fill(section, 1);
  }
  return { formData, expectations };
}

/** Twelve positions, each with its own tokens, to push a CV over several pages. */
export function longExperienceData(template: TemplateDefinition, sample: CvFormData, entries = 12): CvFormData {
  const experience = template.sections.find((s) => s.key === 'experience');
  if (!experience) throw new Error(`${template.name} has no experience section`);
  const values: Record<string, unknown> = {};
  for (let i = 0; i < entries; i++) {
    const n = String(i + 1).padStart(2, '0');
    for (const field of experience.input_fields) {
      const key = `${field.name}-${field.id}-${i}`;
      if (field.role === 'title') values[key] = `Role${n} Senior Analyst`;
      else if (field.role === 'subtitle') values[key] = `Employer${n} Holdings`;
      else if (field.role === 'location') values[key] = `City${n}`;
      else if (field.role === 'start') values[key] = `${2000 + i}-03-01`;
      else if (field.role === 'end') values[key] = `${2001 + i}-02-01`;
      else if (field.widget_type === 'richtext-input') {
        values[key] =
          `<ul><li>Bullet${n}a delivered a programme that cut costs by a third across four regional teams.</li>` +
          `<li>Bullet${n}b introduced weekly reviews and a shared roadmap adopted by every department.</li>` +
          `<li>Bullet${n}c mentored six analysts, two of whom now lead their own teams.</li></ul>`;
      }
    }
  }
  return { ...sample, [experience.name]: values };
}
