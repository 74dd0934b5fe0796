import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRenderModelFromFormData } from '../../src/cv-input/values.js';
import { TEMPLATE_DESIGN, type CvDesign } from '../../src/render/design.js';
import { renderDocx } from '../../src/render/docx.js';
import { buildLetterModel, printLetter, renderLetterHtml, type LetterContent } from '../../src/render/letter.js';
import { getTemplateRegistry } from '../../src/templates/registry.js';
import { HAS_CHROMIUM, decodeXml, docxPart, pdfPageCount, pdfPagePixels, pdfText, squash, testPdfRenderer } from './support.js';

/*
 * A cover letter in every template (server/src/render/letter.ts, templates/_partials/letter.hbs): the template's own
 * header with the person's name from the CV, the design's accent colour, the letter's parts in reading order, a PDF
 * that prints and a Word file with Title and Heading styles. LETTER_PNG_DIR=dir writes each first page as a PNG to look at.
 */

const registry = getTemplateRegistry();
const ACCENT = '#1565c0';
const DESIGN: CvDesign = { ...TEMPLATE_DESIGN, accentColor: ACCENT };

const LETTER: LetterContent = {
  recipient_name: 'Jane Roe',
  company: 'Acme Ltd',
  address: '1 Main Street\nSpringfield',
  date: '2024-05-03',
  subject: 'Application for Analyst Programmer',
  salutation: 'Dear Ms Roe,',
  body: '<p>I am writing to apply for the <strong>Analyst Programmer</strong> role.</p><ul><li>Engines</li><li>Notes</li></ul><p>Thank you for your time.</p>',
  closing: 'Yours sincerely,',
  signature_name: 'Letter Signer',
};

const pdf = HAS_CHROMIUM ? testPdfRenderer() : undefined;

describe.each(registry.templates.map((t) => [t.slug, t] as const))('a cover letter in %s', (slug, template) => {
  const { person } = buildRenderModelFromFormData(template.definition, template.sample);
  const model = buildLetterModel(template, person, DESIGN, LETTER);
  const html = renderLetterHtml(template, model);

  it('has the template’s header with the CV’s name, the accent colour and the letter in order', () => {
    expect(person.name, 'the sample has a name').toBeTruthy();
    expect(html).toContain(`class="cv cv-${slug} cover-letter"`);
    expect(html).toContain(`--accent:${ACCENT}`);
    const name = html.indexOf(`>${person.name!.replace(/&/g, '&amp;').replace(/'/g, '&#x27;')}</h1>`);
    expect(name, 'the name is the header’s h1').toBeGreaterThan(-1);
    const parts = ['Jane Roe', 'Acme Ltd', 'Springfield', '3 May 2024', 'Application for Analyst Programmer', 'Dear Ms Roe,', 'Analyst Programmer</strong>', 'Yours sincerely,', 'Letter Signer'];
    let at = name;
    for (const part of parts) {
      const found = html.indexOf(part, at);
      expect(found, part).toBeGreaterThan(at);
      at = found;
    }
    // No CV section heading is printed for the letter, and nothing of the CV's sections.
    // (A sidebar template titles its contact block: part of its header.)
    expect(html.replace(/<h2 class="section-title">Contact<\/h2>/, "")).not.toMatch(/<h2 class="section-title">[^<]+<\/h2>/);
  });

  it.skipIf(!HAS_CHROMIUM)('prints: the name first, then the letter, on one page', async () => {
    const printed = await printLetter(pdf!, template, model);
    const text = squash(pdfText(printed));
    expect(pdfPageCount(printed)).toBe(1);
    const first = squash(person.name!).split(' ')[0]!;
    for (const part of ['Jane Roe', 'Acme Ltd', 'Dear Ms Roe,', 'Thank you for your time.', 'Yours sincerely,', 'Letter Signer']) {
      expect(text, part).toContain(part);
      expect(text.indexOf(first), `${part} after the name`).toBeLessThan(text.indexOf(part));
    }
    if (process.env.LETTER_PNG_DIR) {
      mkdirSync(process.env.LETTER_PNG_DIR, { recursive: true });
      const { width, height, rgb } = pdfPagePixels(printed, 1, 60);
      writeFileSync(path.join(process.env.LETTER_PNG_DIR, `${slug}.ppm`), Buffer.concat([Buffer.from(`P6\n${width} ${height}\n255\n`), rgb]));
    }
  });

  it('as Word: the name is the Title, the subject Heading 1, the letter in order', async () => {
    const docx = await renderDocx(template, model);
    const xml = docxPart(docx, 'word/document.xml');
    const styled = (style: string) =>
      [...xml.matchAll(/<w:p>([\s\S]*?)<\/w:p>|<w:p [^>]*>([\s\S]*?)<\/w:p>/g)]
        .map((m) => m[1] ?? m[2])
        .filter((body) => body.includes(`<w:pStyle w:val="${style}"/>`))
        .map((body) => decodeXml([...body.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('')));
    expect(styled('Title')).toEqual([person.name]);
    expect(styled('Heading1')).toEqual([LETTER.subject]);
    const text = decodeXml(xml.replace(/<[^>]+>/g, ' '));
    let at = 0;
    for (const part of ['Jane Roe', 'Springfield', '3 May 2024', 'Dear Ms Roe,', 'Engines', 'Yours sincerely,', 'Letter Signer']) {
      const found = text.indexOf(part, at);
      expect(found, part).toBeGreaterThan(-1);
      at = found;
    }
    const styles = docxPart(docx, 'word/styles.xml');
    for (const id of ['Title', 'Heading1']) expect(styles).toContain(`w:styleId="${id}"`);
    expect(docxPart(docx, 'docProps/core.xml')).toContain('<dc:subject>Cover letter</dc:subject>');
  });
});

describe('a letter in its own script', () => {
  it('an Arabic letter in the right-to-left template is a right-to-left document', () => {
    const template = registry.bySlug('right-to-left')!;
    const { person } = buildRenderModelFromFormData(template.definition, template.sample);
    const arabic: LetterContent = {
      ...LETTER,
      recipient_name: 'سارة أحمد',
      subject: 'طلب وظيفة محلل',
      salutation: 'السيدة سارة المحترمة،',
      body: '<p>أكتب إليكم للتقدم إلى وظيفة المحلل المبرمج.</p>',
      closing: 'مع خالص التحية،',
      signature_name: 'ليلى حداد',
    };
    const html = renderLetterHtml(template, buildLetterModel(template, person, { ...DESIGN, language: 'ar' }, arabic));
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('طلب وظيفة محلل');
  });

  it('a Japanese design dates the letter in Japanese', () => {
    const template = registry.bySlug('japanese-chinese')!;
    const { person } = buildRenderModelFromFormData(template.definition, template.sample);
    const html = renderLetterHtml(template, buildLetterModel(template, person, { ...DESIGN, language: 'ja' }, LETTER));
    expect(html).toContain('<time datetime="2024-05-03">2024年5月3日</time>');
    expect(html).toContain('<html lang="ja">');
  });
});
