import type { InputFieldShape } from '../../../rules/cv.js';

/*
 * What the engine renders from, read and checked before it gets here: a template's definition (its sections, its
 * fields and the role each plays in a layout, its style; templates/definition.ts reads them from the template
 * folders), a CV's values (cv-input/values.ts reads them) and its own structure (cv-input/layout.ts). A CV's design
 * is in design.ts.
 */

// The widget types the builder knows (docs/behaviour.md#cv-builder); anything else falls back to text there.
export const WIDGET_TYPES = [
  'text-input',
  'phone-input',
  'email-input',
  'date',
  'checkbox',
  'richtext-input',
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

// What a field means to the layouts. Not part of the API: it lets one generic render model feed
// layouts that differ only in markup and style.
export const FIELD_ROLES = [
  'name',
  'headline',
  'email',
  'phone',
  'location',
  'link',
  'title',
  'subtitle',
  'start',
  'end',
  'current',
  'date',
  'body',
  'detail',
] as const;
export type FieldRole = (typeof FIELD_ROLES)[number];

// How a section is laid out: the personal header, a block of prose, dated entries,
// a compact list (skills, languages) or a list of links.
export const SECTION_DISPLAYS = ['personal', 'text', 'entries', 'list', 'links'] as const;
export type SectionDisplay = (typeof SECTION_DISPLAYS)[number];

/** The shared input field (rules/cv.ts), with a known widget type and the field's role in a layout. */
export interface InputFieldDefinition extends InputFieldShape {
  widget_type: WidgetType;
  role: FieldRole;
}

export interface SectionDefinition {
  id: number;
  key: string;
  name: string;
  description: string;
  is_active: boolean;
  is_required: boolean;
  is_repeatable: boolean;
  order: number;
  display: SectionDisplay;
  /** Where a two-column layout places the section; single-column layouts ignore it. */
  column: 'main' | 'side';
  input_fields: InputFieldDefinition[];
}

export interface TemplateStyle {
  fontFamily: string;
  headingFontFamily: string;
  accentColor: string;
  /** Whether the template prints the CV's photo (template.json's style.photo; true unless it says false). */
  photo: boolean;
}

export interface TemplateDefinition {
  id: number;
  name: string;
  category: { id: number; name: string };
  style: TemplateStyle;
  sections: SectionDefinition[];
}

/** One value of a CV: the field it fills, its repeat index (0 outside a repeatable section) and its text. */
export interface FieldValue {
  fieldId: number;
  index: number;
  value: string;
}

/** A custom section's entry, printed through the same fields as a template's dated entry. */
export interface CustomEntry {
  title: string;
  subtitle: string;
  location: string;
  startDate: string;
  endDate: string;
  current: boolean;
  /** Sanitised rich text. */
  description: string;
}

export interface CustomSection {
  key: string;
  title: string;
  entries: CustomEntry[];
}

/**
 * A CV's own structure over its template's, checked (every reference names a section of the template or a custom
 * section): the order of its sections, the ones hidden, headings renamed for this CV, and sections of its own.
 */
export interface CvLayout {
  /** Reference keys (a template section's id as text, or a custom key), first to last. */
  sectionOrder: string[];
  hiddenSections: string[];
  sectionTitles: Record<string, string>;
  customSections: CustomSection[];
}
