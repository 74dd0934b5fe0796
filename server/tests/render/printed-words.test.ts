import { describe, expect, it } from 'vitest';
import { buildRenderModelFromFormData } from '../../src/cv-input/values.js';
import { TEMPLATE_DESIGN } from '../../src/render/design.js';
import { renderHtml } from '../../src/render/html.js';
import type { RenderModel } from '../../src/render/model.js';
import { getTemplateRegistry } from '../../src/templates/registry.js';

// The template's own words a CV prints — a detail's label ('Grade: 1.3'), 'Yes', the sidebar's 'Contact' heading —
// are in the CV's language where the product speaks it, and in English for any other language.

const registry = getTemplateRegistry();
const sidebar = registry.templates.find((t) => t.slug === 'corporate-sidebar')!;

function model(language: string): RenderModel {
  return buildRenderModelFromFormData(sidebar.definition, sidebar.sample, null, { ...TEMPLATE_DESIGN, language });
}

const labels = (built: RenderModel) =>
  built.sections.flatMap((section) => section.entries.flatMap((entry) => entry.details.map((d) => d.label)));

describe("a CV's printed words", () => {
  it('are English in an English CV, as always', () => {
    const built = model('en-GB');
    expect(labels(built)).toContain('Grade');
    expect(built.words.contact).toBe('Contact');
  });

  it.each([
    ['de-DE', 'Note', 'Kontakt'],
    ['fr', 'Mention', 'Contact'],
    ['ja', '成績', '連絡先'],
  ])('are in the language of a CV in %s', (language, grade, contact) => {
    const built = model(language);
    expect(labels(built)).toContain(grade);
    expect(labels(built)).not.toContain('Grade');
    expect(built.words.contact).toBe(contact);
    expect(renderHtml(sidebar, built)).toContain(`<h2 class="section-title">${contact}</h2>`);
  });

  it('stay English in a language the product does not speak', () => {
    const built = model('it');
    expect(labels(built)).toContain('Grade');
    expect(built.words.contact).toBe('Contact');
  });
});
