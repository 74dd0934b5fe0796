import type { CvLayout } from '../api/cvs';
import type { TemplateDetail } from '../api/templates';
import { i18n, t } from '../i18n/i18n';
import { EMPTY_LAYOUT, templateRef } from './layout';

/**
 * A new CV's section headings in its language: when the CV is made in the language the interface speaks (other
 * than English, the templates' own), each template section is headed as the catalogue says ('Work Experience' is
 * 'Berufserfahrung' in German), as the CV's own titles, which the person renames as any other. A CV in another
 * language than the interface's keeps the template's headings: the catalogue loaded is the interface's.
 */
export function layoutInLanguage(template: TemplateDetail, language: string): CvLayout {
  const primary = language.split('-')[0]?.toLowerCase();
  if (primary === 'en' || primary !== i18n.locale) return EMPTY_LAYOUT;
  const titles: Record<string, string> = {};
  for (const section of template.sections) {
    const ref = templateRef(section);
    const heading = t(section.name);
    if (ref !== undefined && heading.trim() !== '' && heading !== section.name) titles[ref] = heading;
  }
  return Object.keys(titles).length === 0 ? EMPTY_LAYOUT : { ...EMPTY_LAYOUT, section_titles: titles };
}
