import { describe, expect, it } from 'vitest';
import { atsChecks, atsReport, splitReading } from '../../src/render/ats.js';
import { renderDocx } from '../../src/render/docx.js';
import { renderHtml } from '../../src/render/html.js';
import { headingEms, nameEms } from '../../src/render/model.js';
import { withPdfProperties } from '../../src/render/pdf-info.js';
import { printCv } from '../../src/render/print.js';
import { TEMPLATE_DESIGN } from '../../src/render/design.js';
import { BUNDLED_FONTS } from '../../src/render/fonts.js';
import { buildRenderModelFromFormData } from '../../src/cv-input/values.js';
import { getTemplateRegistry } from '../../src/templates/registry.js';
import { printedPhone } from '../../../rules/phone-format.js';
import { docxPart, decodeXml, HAS_CHROMIUM, pdfInfo, pdfText, testPdfRenderer } from './support.js';

// What the printed and exported CV says about itself and its person: the phone in its international format, the
// PDF's and the Word file's properties, names and headings every text extractor reads whole (docs/decisions/0042).

const registry = getTemplateRegistry();
const pdf = testPdfRenderer();
const executive = registry.bySlug('executive-classic')!;
const corporate = registry.bySlug('corporate-sidebar')!;
const compact = registry.bySlug('compact-one-page')!;

const personal = (template: typeof executive, values: Record<string, string>) => {
  const section = template.definition.sections[0]!;
  const field = (name: string) => section.input_fields.find((f) => f.name === name || f.role === name)!;
  return {
    [section.name]: Object.fromEntries(Object.entries(values).map(([name, value]) => [`${field(name).name}-${field(name).id}-0`, value])),
  };
};

describe('a phone prints in its international format', () => {
  it('as the profile shows it, and as typed when libphonenumber cannot read it', () => {
    expect(printedPhone('+1 2025550143')).toBe('+1 202 555 0143');
    expect(printedPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(printedPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(printedPhone('+1 202 555 0143 ext. 7')).toBe('+1 202 555 0143 ext. 7');
    expect(printedPhone('020 7946 0958')).toBe('020 7946 0958');
    expect(printedPhone('+1 555')).toBe('+1 555');
  });

  const model = buildRenderModelFromFormData(
    executive.definition,
    personal(executive, { full_name: 'Ada Lovelace', phone: '+1 2025550143' }),
  );

  it('in the model, the HTML and the Word file; the link dials the digits', async () => {
    const phone = model.person.contacts.find((contact) => contact.kind === 'phone')!;
    expect(phone).toMatchObject({ text: '+1 202 555 0143', href: 'tel:+12025550143' });
    expect(renderHtml(executive, model)).toContain('+1 202 555 0143');
    expect(decodeXml(docxPart(await renderDocx(executive, model), 'word/document.xml'))).toContain('+1 202 555 0143');
  });

  it.runIf(HAS_CHROMIUM)('in the PDF and the text an ATS reads from it', async () => {
    const printed = (await printCv(pdf, executive, model)).pdf;
    expect(pdfText(printed)).toContain('+1 202 555 0143');
    const report = await atsReport(model, printed);
    expect(report.text).toContain('+1 202 555 0143');
    expect(report.checks.find((check) => check.id === 'contact')?.passed).toBe(true);
  });
});

describe('the PDF and the Word file say whose CV it is and what made it', () => {
  const model = buildRenderModelFromFormData(executive.definition, executive.sample);

  it.runIf(HAS_CHROMIUM)('PDF: Title the name’s CV, Author the person, Creator CV Builder; text and pages intact', async () => {
    const printed = (await printCv(pdf, executive, model)).pdf;
    const info = pdfInfo(printed);
    expect(info).toMatch(/^Title:\s+Eleanor Whitfield – CV$/m);
    expect(info).toMatch(/^Author:\s+Eleanor Whitfield$/m);
    expect(info).toMatch(/^Creator:\s+CV Builder$/m);
    expect(info).not.toMatch(/HeadlessChrome/);
    expect(info).toMatch(/^Tagged:\s+yes/m);
    expect(pdfText(printed)).toContain('Eleanor Whitfield');
    // pdf.js (the ATS view's reader) reads the updated file too.
    expect((await atsReport(model, printed)).text).toContain('Eleanor Whitfield');
  });

  it.runIf(HAS_CHROMIUM)('any script in the Author; a CV without a name has no Author', async () => {
    const named = buildRenderModelFromFormData(executive.definition, personal(executive, { full_name: 'Zoë 李 حداد' }));
    expect(pdfInfo((await printCv(pdf, executive, named)).pdf)).toMatch(/^Author:\s+Zoë 李 حداد$/m);
    const nameless = buildRenderModelFromFormData(executive.definition, personal(executive, { email: 'a@example.com' }));
    const info = pdfInfo((await printCv(pdf, executive, nameless)).pdf);
    expect(info).not.toMatch(/^Author:/m);
    expect(info).toMatch(/^Creator:\s+CV Builder$/m);
  });

  it('a PDF it does not recognise is returned unchanged', () => {
    const odd = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\nstartxref\n0\n%%EOF\n');
    expect(withPdfProperties(odd, { author: 'A', creator: 'CV Builder' })).toBe(odd);
  });

  it.runIf(HAS_CHROMIUM)('costs well under a millisecond on a two-page CV (docs/benchmarks.md: p50 ≤ 60 ms)', async () => {
    const printed = await pdf.render(renderHtml(executive, model));
    const runs = 200;
    const started = performance.now();
    for (let i = 0; i < runs; i++) withPdfProperties(printed, { author: 'Eleanor Whitfield', creator: 'CV Builder' });
    expect((performance.now() - started) / runs).toBeLessThan(2);
  });

  it('Word: the title, the person as Author (dc:creator), CV Builder as last modified by', async () => {
    const core = decodeXml(docxPart(await renderDocx(executive, model), 'docProps/core.xml'));
    expect(core).toContain('<dc:title>Eleanor Whitfield – CV</dc:title>');
    expect(core).toContain('<dc:creator>Eleanor Whitfield</dc:creator>');
    expect(core).toContain('<cp:lastModifiedBy>CV Builder</cp:lastModifiedBy>');
    const nameless = buildRenderModelFromFormData(executive.definition, personal(executive, { email: 'a@example.com' }));
    expect(decodeXml(docxPart(await renderDocx(executive, nameless), 'docProps/core.xml'))).not.toContain('<dc:creator>');
  });
});

describe('the ATS check notices a word or a name split', () => {
  it('reads a split inside a word, whole words on two lines are fine, a link may break at its break points', () => {
    expect(splitReading('P ROFESSIONAL S UMMARY', 'Professional Summary')).toBe('P ROFESSIONAL S UMMARY');
    expect(splitReading('Konstantinopou\nlos', 'Konstantinopoulos')).toBe('Konstantinopou los');
    expect(splitReading('Eleanor\nWhitfield', 'Eleanor Whitfield')).toBeUndefined();
    expect(splitReading('example.com/\nprojects', 'example.com/projects')).toBeUndefined();
    expect(splitReading('高级\n工程师', '高级工程师')).toBeUndefined();
    expect(splitReading('nothing here', 'Eleanor')).toBeUndefined();
  });

  it('says so in words in the values check', () => {
    const model = buildRenderModelFromFormData(
      executive.definition,
      personal(executive, { full_name: 'Ada Konstantinopoulos', email: 'ada@example.com' }),
    );
    const values = atsChecks(model, 'Ada Konstantino\npoulos\nada@example.com').find((check) => check.id === 'values')!;
    expect(values.passed).toBe(false);
    expect(values.problems).toEqual(['Name: Ada Konstantinopoulos is split, read as “Ada Konstantino poulos”']);
    expect(atsChecks(model, 'Ada Konstantinopoulos\nada@example.com')[0]).toMatchObject({ passed: true, problems: [] });
  });
});

describe('names at the edges of the header', () => {
  it('a name’s and a heading’s longest word are measured in ems', () => {
    expect(nameEms(undefined)).toBe(1);
    expect(nameEms('Ada Konstantinopoulos')).toBeGreaterThan(nameEms('Ada Lovelace'));
    expect(headingEms('Certifications')).toBeGreaterThan(nameEms('Certifications'));
    const model = buildRenderModelFromFormData(executive.definition, executive.sample);
    expect(model.sections.every((section) => section.nameEms === headingEms(section.name))).toBe(true);
  });

  // The widths travel in the document's one style element: the preview's content security policy refuses style
  // attributes, which would leave the name and headings at full size there.
  it('the widths are the style element\'s variables, and no template writes a style attribute', () => {
    for (const template of registry.templates) {
      const html = renderHtml(template, buildRenderModelFromFormData(template.definition, template.sample));
      expect(html, template.slug).not.toMatch(/<[^>]+\sstyle=/);
      expect(html, template.slug).toMatch(/--name-ems:[\d.]+;--title-ems:[\d.]+;/);
    }
  });

  // A name of 14 letters in every design font: whole in the PDF's text, not broken inside the sidebar.
  it.runIf(HAS_CHROMIUM)('Corporate Sidebar: a 14-letter name is whole in every design font', async () => {
    for (const font of [null, ...BUNDLED_FONTS.map((f) => f.id)]) {
      for (const name of ['Maximilian Wolfensteinberg', 'WWWWWWWWWWWWWW Mm']) {
        const model = buildRenderModelFromFormData(
          corporate.definition,
          personal(corporate, { full_name: name, job_title: 'Engineer', email: 'max@example.com' }),
          null,
          { ...TEMPLATE_DESIGN, font },
        );
        const printed = (await printCv(pdf, corporate, model)).pdf;
        const text = pdfText(printed);
        expect(splitReading(text, name), `${font}: ${name}`).toBeUndefined();
        expect(atsChecks(model, (await atsReport(model, printed)).text)[0], `${font}`).toMatchObject({ passed: true });
      }
    }
  });

  it.runIf(HAS_CHROMIUM)('Compact One-Page: a long link beside the name leaves the name whole', async () => {
    const link = `https://www.example-portfolio.com/projects/${'distributed-systems/'.repeat(6)}case-study-${'x'.repeat(20)}`;
    const model = buildRenderModelFromFormData(
      compact.definition,
      personal(compact, { full_name: 'Eleanor Whitfield', job_title: 'Engineer', email: 'e@example.com', link }),
    );
    const printed = (await printCv(pdf, compact, model)).pdf;
    const text = pdfText(printed, { raw: true });
    expect(text).toMatch(/^Eleanor Whitfield/m);
    expect(splitReading(text, 'Eleanor Whitfield')).toBeUndefined();
  });
});

// Every template in every design font at the small size (where small capitals a font lacks came out as
// 'P rofessional S ummary') and the large one (where Modern Split's 'Certifications' broke in its heading column):
// the name and every heading are read whole by pdftotext, in its layout order and in drawing order (-raw, what
// PDFBox- and Tika-based parsers read).
describe.each(registry.templates.map((t) => [t.slug, t] as const))('%s: headings whole in every font', (_slug, template) => {
  it.runIf(HAS_CHROMIUM)('pdftotext reads the name and every heading whole, small and large', async () => {
    const fonts = [null, ...BUNDLED_FONTS.map((f) => f.id)];
    const designs = fonts.flatMap((font) => (['small', 'large'] as const).map((fontSize) => ({ font, fontSize })));
    const results = await Promise.all(
      designs.map(async ({ font, fontSize }) => {
        const model = buildRenderModelFromFormData(template.definition, template.sample, null, {
          ...TEMPLATE_DESIGN,
          font,
          fontSize,
        });
        const printed = (await printCv(pdf, template, model)).pdf;
        const texts = [pdfText(printed), pdfText(printed, { raw: true })];
        return [model.person.name ?? '', ...model.sections.map((s) => s.name)].flatMap((value) =>
          texts.flatMap((text) => {
            const split = splitReading(text, value);
            return split === undefined ? [] : [`${font ?? 'template font'} ${fontSize}: ${value} → ${split}`];
          }),
        );
      }),
    );
    expect(results.flat()).toEqual([]);
  });
});
