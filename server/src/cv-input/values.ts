import { sanitizeRichText } from '../text/rich-text.js';
import {
  CV_REFUSAL_CODES,
  MAX_FIELD_LENGTH,
  parseFormDataKey,
  type CvRefusalCode,
} from '../../../rules/cv.js';
import { msg, type Message } from '../../../rules/languages.js';
import { english } from '../i18n/translate.js';
import type { CvDesign } from '../render/design.js';
import type { CvLayout, FieldValue, TemplateDefinition, WidgetType } from '../render/input.js';
import { buildRenderModel, type RenderModel } from '../render/model.js';

/*
 * A CV's values: sanitised by widget type as a save stores them, and read for printing from the builder's form
 * data (the previews) or from a saved CV's entries (its downloads), every value checked before the engine sees it.
 */

// C0 controls but tab and newline, DEL, C1 controls, and the invisible characters that reorder or
// hide text (bidi overrides, zero-width spaces, stray byte-order marks): none belongs in a CV.
/* eslint-disable no-control-regex -- matching control characters is the point */
const UNWANTED_CHARACTERS =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b\u202a-\u202e\u2066-\u2069\ufeff]/g;
/* eslint-enable no-control-regex */

/** Plain text as a person typed it: line breaks kept (summary boxes are multi-line), controls gone. */
export function sanitisePlainText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(UNWANTED_CHARACTERS, '').trim();
}

/**
 * What is stored for an entry: the rich-text editor's HTML through the rich-text allowlist (text/rich-text.ts),
 * every other widget as plain text. Stored values are therefore safe to hand back to the editor.
 */
export function sanitiseEntryValue(widgetType: WidgetType, value: string): string {
  if (widgetType === 'richtext-input') return sanitizeRichText(sanitisePlainText(value));
  return sanitisePlainText(value);
}

/** A CV name on one line: controls and line breaks become nothing / a space. */
export function sanitiseCvName(name: string): string {
  return sanitisePlainText(name).replace(/\s+/g, ' ');
}

/** Form data as the builder posts it (docs/behaviour.md#form-data): section name → "name-fieldId-repeatIndex" → value. */
export type CvFormData = Record<string, Record<string, unknown>>;

/** A saved CV's field entry (docs/behaviour.md#data). */
export interface CvFieldEntry {
  value: unknown;
  index: number;
  section_field: number;
}

/** A value that cannot be printed; a preview answers 400 with its detail. */
export class RenderInputError extends Error {
  constructor(
    readonly detail: Message,
    /** The reason as the answer's `code`, where the builder needs it (rules/cv.ts). */
    readonly code?: CvRefusalCode,
  ) {
    super(english(detail));
  }
}

/**
 * The highest repeat index a value to print may name: a bound on one preview's work, looser than the one a save
 * checks (rules/cv.ts's MAX_REPEAT_INDEX).
 */
const MAX_PRINTED_REPEAT_INDEX = 200;

function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return undefined;
}

function checkValue(where: string, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = asText(value);
  if (text === undefined)
    throw new RenderInputError({
      id: msg('{field} must be a string, number or boolean'),
      values: { field: where },
    });
  if (text.length > MAX_FIELD_LENGTH) {
    throw new RenderInputError(
      {
        id: msg('{field} is longer than {max} characters'),
        values: { field: where, max: MAX_FIELD_LENGTH },
      },
      CV_REFUSAL_CODES.tooLong,
    );
  }
  return text;
}

function checkIndex(where: string, index: number): number {
  if (!Number.isInteger(index) || index < 0 || index > MAX_PRINTED_REPEAT_INDEX) {
    throw new RenderInputError({
      id: msg('{field}: repeat index must be an integer from 0 to {max}'),
      values: { field: where, max: MAX_PRINTED_REPEAT_INDEX },
    });
  }
  return index;
}

/**
 * The builder's form data (docs/behaviour.md#form-data): `{ [sectionName]: { "name-fieldId-repeatIndex": value } }`.
 * Field ids are unique across templates, so the id alone places a value; keys that are not in
 * that shape, or name a field of another template, are ignored as the builder's leftovers.
 */
export function readFormDataValues(cvData: unknown): FieldValue[] {
  if (cvData === null || cvData === undefined) return [];
  if (typeof cvData !== 'object' || Array.isArray(cvData)) {
    throw new RenderInputError(msg('cv_data must be an object of sections'));
  }
  const cells: FieldValue[] = [];
  for (const [sectionName, values] of Object.entries(cvData as Record<string, unknown>)) {
    if (values === null || values === undefined) continue;
    if (typeof values !== 'object' || Array.isArray(values)) {
      throw new RenderInputError({
        id: msg('cv_data["{section}"] must be an object of field values'),
        values: { section: sectionName },
      });
    }
    for (const [key, raw] of Object.entries(values as Record<string, unknown>)) {
      const parsed = parseFormDataKey(key);
      if (!parsed) continue;
      const where = `cv_data["${sectionName}"]["${key}"]`;
      const value = checkValue(where, raw);
      if (value === undefined) continue;
      cells.push({ fieldId: parsed.fieldId, index: checkIndex(where, parsed.index), value });
    }
  }
  return cells;
}

/** A saved CV's entries (value, index, section_field; docs/behaviour.md#data). */
export function readEntryValues(entries: readonly CvFieldEntry[]): FieldValue[] {
  const cells: FieldValue[] = [];
  entries.forEach((entry, i) => {
    const value = checkValue(`entries[${i}].value`, entry.value);
    if (value === undefined) return;
    cells.push({ fieldId: entry.section_field, index: checkIndex(`entries[${i}]`, entry.index), value });
  });
  return cells;
}

/** The render model of the builder's form data (a preview, a template's sample). */
export function buildRenderModelFromFormData(
  template: TemplateDefinition,
  cvData: unknown,
  layout: CvLayout | null = null,
  design: CvDesign | null = null,
): RenderModel {
  return buildRenderModel(template, readFormDataValues(cvData), layout, design);
}

/** The render model of a saved CV's entries (its downloads). */
export function buildRenderModelFromEntries(
  template: TemplateDefinition,
  entries: readonly CvFieldEntry[],
  layout: CvLayout | null = null,
  design: CvDesign | null = null,
): RenderModel {
  return buildRenderModel(template, readEntryValues(entries), layout, design);
}
