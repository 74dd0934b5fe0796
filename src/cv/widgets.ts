import type { InputField } from '../api/templates';
import { isTickedValue } from '../../rules/cv-date';

// Which control each input field gets (docs/behaviour.md#cv-builder).

export type WidgetKind = 'text' | 'long-text' | 'phone' | 'email' | 'date' | 'checkbox' | 'rich-text';

const WIDGET_KINDS: Readonly<Record<string, WidgetKind>> = {
  'text-input': 'text',
  'phone-input': 'phone',
  'email-input': 'email',
  date: 'date',
  checkbox: 'checkbox',
  'richtext-input': 'rich-text',
};

const SUMMARY_FIELD = /summary|aim|objective/i;

/**
 * docs/behaviour.md#cv-builder: a text input whose name contains summary, aim or objective is a tall,
 * auto-growing box.
 */
export function isSummaryField(field: Pick<InputField, 'name'>): boolean {
  return SUMMARY_FIELD.test(field.name);
}

/** docs/behaviour.md#cv-builder: unknown widget types fall back to a plain text input. */
export function widgetKindOf(field: Pick<InputField, 'name' | 'widget_type'>): WidgetKind {
  const kind = WIDGET_KINDS[field.widget_type] ?? 'text';
  return kind === 'text' && isSummaryField(field) ? 'long-text' : kind;
}

/** A ticked checkbox is stored as 'true'; an unticked one stores nothing, so it never counts as a value. */
export const CHECKBOX_TICKED = 'true';

export function isTicked(value: string | undefined): boolean {
  return isTickedValue(value);
}
