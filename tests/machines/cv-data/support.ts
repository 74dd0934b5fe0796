import {
  readTemplateFolders,
  TEMPLATES_ROOT,
  type TemplateFolder,
} from '../../../server/src/templates/definition';
import type { TemplateSection } from '../../../src/api/templates';
import type { CvFormData } from '../../../src/cv/form-data';
import { sectionKind } from '../../../src/cv-data/json-resume';

// Every template as the builder reads it (server/templates), and form data for it with every field filled.

export const TEMPLATES: TemplateFolder[] = readTemplateFolders(TEMPLATES_ROOT);

export function sectionsOf(folder: TemplateFolder): TemplateSection[] {
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

export function templateNamed(slug: string): { id: number; sections: TemplateSection[] } {
  const folder = TEMPLATES.find((candidate) => candidate.slug === slug)!;
  return { id: folder.definition.id, sections: sectionsOf(folder) };
}

const FLAVOURS = [
  (token: string) => `${token} Zoë Ångström Çelik`,
  (token: string) => `张伟 高级工程师 ${token}`,
  () => 'مهندسة برمجيات خبيرة',
  (token: string) => `${token} <script>alert("x")</script> & Co`,
  (token: string) => `${token} "Quoted" O'Brien`,
];

const LINK = /linkedin|github|website|portfolio_site|orcid|_url$/;

/**
 * A value in every field of every section, non-Latin text among them (two entries in a repeatable section: the first
 * ongoing, the second ended). Descriptions are paragraphs and bullets, what JSON Resume keeps of rich text.
 */
export function filledForm(sections: readonly TemplateSection[]): CvFormData {
  const formData: Record<string, Record<string, string>> = {};
  let flavour = 0;
  sections.forEach((section, sectionIndex) => {
    const values: Record<string, string> = {};
    const rows = section.is_repeatable ? 2 : 1;
    const ongoing = section.input_fields.some((field) => field.widget_type === 'checkbox');
    for (let row = 0; row < rows; row++) {
      for (const field of section.input_fields) {
        const token = `T${field.id}x${row}`;
        const key = `${field.name}-${field.id}-${row}`;
        if (field.widget_type === 'date') {
          if (row === 0 && ongoing && field.name.startsWith('end')) continue;
          // As the builder stores a date: a month and year (docs/decisions/0043-month-and-year-dates.md).
          values[key] = `${2000 + (field.id % 20)}-${String((field.id % 12) + 1).padStart(2, '0')}`;
        } else if (field.widget_type === 'checkbox') {
          if (row === 0) values[key] = 'true';
        } else if (field.widget_type === 'richtext-input') {
          values[key] =
            sectionKind(section, sectionIndex) === 'summary'
              ? `<p>${token} 中文 团队 équipe</p><p>مرحبا &amp; &lt;b&gt;</p>`
              : `<p>${token} led 中文 团队</p><ul><li>${token} bullet مرحبا</li><li>Zoë &lt;second&gt;</li></ul>`;
        } else if (field.widget_type === 'email-input') values[key] = `t${field.id}.${row}@example.com`;
        else if (field.widget_type === 'phone-input')
          values[key] = `+44 20 7946 ${String(field.id).slice(-4)}`;
        else if (LINK.test(field.name)) values[key] = `https://example.com/${token}`;
        else if (field.name === 'technologies') values[key] = `TypeScript, 中文, ${token}`;
        else values[key] = FLAVOURS[flavour++ % FLAVOURS.length]!(token);
      }
    }
    formData[section.name] = values;
  });
  return formData;
}
