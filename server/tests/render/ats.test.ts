import { describe, expect, it } from 'vitest';
import { atsChecks, atsReport, extractPdfText, type AtsCheck } from '../../src/render/ats.js';
import { renderHtml } from '../../src/render/html.js';
import { buildRenderModelFromFormData } from '../../src/cv-input/values.js';
import { getTemplateRegistry } from '../../src/templates/registry.js';
import { fidelityData, HAS_CHROMIUM, testPdfRenderer } from './support.js';

const registry = getTemplateRegistry();
const pdf = testPdfRenderer();

const failed = (checks: AtsCheck[]) => checks.filter((check) => !check.passed);

describe('the ATS checklist', () => {
  const executive = registry.bySlug('executive-classic')!;
  const formData = {
    'Personal Details': {
      'full_name-1001-0': 'Ada Lovelace',
      'email-1003-0': 'ada@example.com',
      'phone-1004-0': '+44 20 7946 0001',
    },
    'Professional Summary': { 'summary-1008-0': 'Analyst of engines.\nFirst program' },
    'Work Experience': { 'job_title-1009-0': 'Lead Analyst', 'company-1010-0': 'Babbage & Co' },
  };
  const model = buildRenderModelFromFormData(executive.definition, formData);
  const sections = model.sections.map((section) => section.name);
  const good = [
    'Ada Lovelace',
    'ada@example.com | +44 20 7946 0001',
    ...sections.flatMap((name) =>
      name === 'Professional Summary'
        ? [name, 'Analyst of engines.', 'First program']
        : [name, 'Lead Analyst', 'Babbage & Co'],
    ),
  ].join('\n');

  it('passes a text that holds every value, in order, contacts first', () => {
    expect(sections).toEqual(['Professional Summary', 'Work Experience']);
    expect(failed(atsChecks(model, good))).toEqual([]);
  });

  it('finds a value wrapped over lines, in other case, with a soft hyphen', () => {
    const wrapped = good.replace('Babbage & Co', 'BAB\u00adBAGE\n&\nCO');
    expect(failed(atsChecks(model, wrapped))).toEqual([]);
  });

  it('lists a value the text lacks, by where it was entered', () => {
    const [values] = atsChecks(model, good.replace('First program', ''));
    expect(values).toEqual({ id: 'values', passed: false, problems: ['Professional Summary › Summary: First program'] });
  });

  it('says which section is read out of order', () => {
    const swapped = good.replace('Professional Summary', 'X').replace('Work Experience', 'Professional Summary').replace('\nX\n', '\nWork Experience\n');
    const order = atsChecks(model, swapped).find((check) => check.id === 'order')!;
    expect(order.passed).toBe(false);
    expect(order.problems).toEqual(['Work Experience is read before Professional Summary']);
  });

  it('says which contact detail is not at the top', () => {
    const late = good.replace('ada@example.com | +44 20 7946 0001', '') + '\n' + Array(14).fill('filler').join('\n') + '\nada@example.com';
    const contact = atsChecks(model, late).find((check) => check.id === 'contact')!;
    expect(contact).toEqual({ id: 'contact', passed: false, problems: ['Email', 'Phone'] });
  });

  it('names characters a parser cannot match', () => {
    const characters = atsChecks(model, `${good}\nof\ufb01ce \ufffd`).find((check) => check.id === 'characters')!;
    expect(characters.passed).toBe(false);
    expect(characters.problems).toEqual([
      'a ligature (U+FB01)',
      'a character the PDF does not say how to read (U+FFFD)',
    ]);
  });

  it('refuses what is not a PDF', async () => {
    await expect(extractPdfText(new TextEncoder().encode('not a pdf'))).rejects.toThrow();
  });
});

/**
 * What Chromium's PDFs still say about Arabic text: it is stored in display forms and drawn order (Skia maps each
 * shaped glyph back to its presentation form). Chinese, Japanese and Korean text is in a TrueType face and reads
 * as typed (no radicals in place of characters).
 */
const KNOWN_FONT_PROBLEMS = [/^a letter in its display form/];

// Every template the server lists: what a parser reads from its PDF holds every value, in order, contacts at the
// top — the promise the ATS view makes, kept by our own templates (Chinese, Arabic and markup characters included).
describe.runIf(HAS_CHROMIUM).each(registry.templates.map((t) => [t.slug, t] as const))('%s read as an ATS does', (_slug, template) => {
  it('passes every check with a value in every field', async () => {
    const { formData } = fidelityData(template.definition);
    const model = buildRenderModelFromFormData(template.definition, formData);
    const bytes = await pdf.render(renderHtml(template, model), { tagged: false });
    const report = await atsReport(model, bytes);
    expect(report.text.replace(/\s+/g, ' ')).toContain(model.person.name);
    const [values, order, contact, characters] = report.checks;
    expect([values, order, contact]).toEqual([
      { id: 'values', passed: true, problems: [] },
      { id: 'order', passed: true, problems: [] },
      { id: 'contact', passed: true, problems: [] },
    ]);
    for (const problem of characters.problems) expect(KNOWN_FONT_PROBLEMS.some((known) => known.test(problem)), problem).toBe(true);
  });

  it('passes with its own sample; the characters check too when the sample is not Arabic', async () => {
    const model = buildRenderModelFromFormData(template.definition, template.sample);
    const report = await atsReport(model, await pdf.render(renderHtml(template, model), { tagged: false }));
    const problems = failed(report.checks);
    if (/[\u0600-\u06ff]/.test(JSON.stringify(template.sample))) {
      // An Arabic CV: pdf.js reads Chromium's Arabic in drawn order and splits words where letters join, so the
      // view tells the person some values are not found as typed, and why (display forms). Order and contacts hold.
      expect(problems.map((check) => check.id)).not.toContain('order');
      const characters = problems.find((check) => check.id === 'characters')!;
      for (const problem of characters.problems) expect(KNOWN_FONT_PROBLEMS.some((known) => known.test(problem)), problem).toBe(true);
    } else {
      expect(problems).toEqual([]);
    }
  });
});
