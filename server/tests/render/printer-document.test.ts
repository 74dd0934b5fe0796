import { describe, expect, it } from 'vitest';
import { DOCUMENT_CSP_META, forThePrinter } from '../../src/render/printer-document.js';
import { renderHtml } from '../../src/render/html.js';
import { buildRenderModelFromFormData } from '../../src/cv-input/values.js';
import { getTemplateRegistry } from '../../src/templates/registry.js';

const HIDE = '<style>@media screen{html{display:none}}</style>';

describe('a document as the printer is given it', () => {
  const template = getTemplateRegistry().bySlug('executive-classic')!;
  const cv = renderHtml(template, buildRenderModelFromFormData(template.definition, template.sample));

  it('loses its policy meta (the page holds the policy) and nothing else', () => {
    expect(cv).toContain(DOCUMENT_CSP_META);
    for (const toPrint of [false, true]) {
      const given = forThePrinter(cv, { toPrint });
      expect(given).not.toContain('Content-Security-Policy');
      expect(given.replace(HIDE, '')).toBe(cv.replace(DOCUMENT_CSP_META, ''));
    }
  });

  it('to print, is hidden on screen by a rule at the end of its head, after its own styles', () => {
    const given = forThePrinter(cv, { toPrint: true });
    expect(given).toContain(`${HIDE}</head>`);
    expect(given.indexOf(HIDE)).toBeGreaterThan(given.lastIndexOf('</style>', given.indexOf(HIDE) - 1));
    expect(forThePrinter(cv, { toPrint: false })).not.toContain(HIDE);
  });

  it('without a head, gets the rule after its doctype (never before it: that would be quirks mode)', () => {
    expect(forThePrinter('<!DOCTYPE html><p>Hi</p>', { toPrint: true })).toBe(
      `<!DOCTYPE html>${HIDE}<p>Hi</p>`,
    );
    expect(forThePrinter('<p>Hi</p>', { toPrint: true })).toBe(`${HIDE}<p>Hi</p>`);
    expect(forThePrinter('<html><HEAD></HEAD><p>Hi</p>', { toPrint: true })).toBe(
      `<html><HEAD>${HIDE}</HEAD><p>Hi</p>`,
    );
  });
});
