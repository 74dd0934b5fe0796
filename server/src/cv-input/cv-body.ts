import { badRequest } from '../http/errors.js';
import { isPossiblePhone } from '../http/phone.js';
import type { ACCOUNT_MESSAGES } from '../../../rules/account.js';
import {
  endsBeforeStart,
  isAcceptedCvDate,
  isCurrentName,
  isTickedValue,
  type DATE_MESSAGES,
} from '../../../rules/cv-date.js';
import { msg } from '../../../rules/languages.js';
import type { CvDesign } from '../render/design.js';
import type { CvLayout, InputFieldDefinition, TemplateDefinition } from '../render/input.js';
import { designSchema, readDesign } from './design.js';
import { layoutSchema, readLayout } from './layout.js';
import { sanitiseCvName, sanitiseEntryValue } from './values.js';
import {
  CV_REFUSAL_CODES,
  MAX_CV_NAME_LENGTH,
  MAX_FIELD_LENGTH,
  MAX_REPEAT_INDEX,
  type CvLayoutShape,
} from '../../../rules/cv.js';
import type { CvDesignShape } from '../../../rules/design.js';

/*
 * A CV as a save sends it (POST and PUT /v1/GeneratedCV/): the body's schema, then its values, layout and design
 * checked against its template and sanitised, ready for the repository (cvs/repository.ts).
 */

export const MAX_NAME_LENGTH = MAX_CV_NAME_LENGTH;

/** A phone field's value that no number can have: the account rule's words, after the entry's field. */
const PHONE_IMPOSSIBLE = msg(
  '{field}: This phone number cannot exist in the selected country. Please check it.',
) satisfies `{field}: ${typeof ACCOUNT_MESSAGES.phoneImpossible}`;

/** DATE_MESSAGES as the API answers them: after the entry's field, one message each. */
const DATE_WORDS = {
  endBeforeStart: msg(
    '{field}: The end date is before the start date. Please check it.',
  ) satisfies `{field}: ${typeof DATE_MESSAGES.endBeforeStart}`,
  notADateApi: msg(
    '{field}: must be a month and year like 2020-03 (or a year like 2020, a day like 2020-03-15, or "present" for an end date).',
  ) satisfies `{field}: ${typeof DATE_MESSAGES.notADateApi}`,
} as const;

export const MAX_VALUE_LENGTH = MAX_FIELD_LENGTH;
export const MAX_ENTRIES = 2_000;

/** An entry as the API speaks of it (docs/behaviour.md#data). */
export interface EntryInput {
  value: string;
  index: number;
  section_field: number;
}

export interface CvInput {
  name: string;
  templateId: number;
  entries: readonly EntryInput[];
  /** The CV's own structure; null removes it, undefined (a client that does not know it) keeps it. */
  layout?: CvLayout | null;
  /** [extension] The CV's design; undefined keeps a saved CV's, null removes it. */
  design?: CvDesign | null;
}

/** The body of POST and PUT /v1/GeneratedCV/ as it arrives. */
export interface CvBody {
  name: string;
  template: number;
  entries: Array<{ value: string | number | boolean | null; index: number; section_field: number }>;
  /** [extension] The CV's own structure; absent keeps a saved CV's, null removes it. */
  layout?: CvLayoutShape | null;
  /** [extension] The CV's design settings; absent keeps a saved CV's, null removes it. */
  design?: CvDesignShape | null;
  /** [extension] What made this save, kept with the version it makes (server/src/versions/); see SAVE_REASONS. */
  version_reason?: SaveReason;
}

/** What a save may say caused it ('restore' is the restore route's own). */
export const SAVE_REASONS = ['create', 'update', 'import', 'template_switch'] as const;
export type SaveReason = (typeof SAVE_REASONS)[number];

export const cvBodySchema = {
  type: 'object',
  required: ['name', 'template', 'entries'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: MAX_NAME_LENGTH },
    template: { type: 'integer', minimum: 1 },
    entries: {
      type: 'array',
      maxItems: MAX_ENTRIES,
      items: {
        type: 'object',
        required: ['value', 'index', 'section_field'],
        // An entry read back from the API carries its id; it is ignored, not an error.
        additionalProperties: false,
        properties: {
          // A checkbox may arrive as a boolean and a number as a number: both are stored as text.
          value: {
            anyOf: [
              { type: 'string', maxLength: MAX_VALUE_LENGTH },
              { type: 'number' },
              { type: 'boolean' },
              { type: 'null' },
            ],
          },
          index: { type: 'integer', minimum: 0, maximum: MAX_REPEAT_INDEX },
          section_field: { type: 'integer', minimum: 1 },
        },
      },
    },
    layout: layoutSchema,
    design: designSchema,
    version_reason: { enum: SAVE_REASONS },
  },
} as const;

function fieldsOf(template: TemplateDefinition): Map<number, InputFieldDefinition> {
  const fields = new Map<number, InputFieldDefinition>();
  for (const section of template.sections) {
    for (const field of section.input_fields) fields.set(field.id, field);
  }
  return fields;
}

/**
 * An entry's end date may not come before its start date (rules/cv-date.ts): the builder says so at the field. An
 * entry whose 'Currently working here' box is ticked has not ended: the end date it keeps is not checked.
 */
function checkDateOrder(entries: readonly EntryInput[], template: TemplateDefinition): void {
  for (const section of template.sections) {
    const start = section.input_fields.find(
      (field) => field.widget_type === 'date' && field.role === 'start',
    );
    const end = section.input_fields.find((field) => field.widget_type === 'date' && field.role === 'end');
    if (!start || !end) continue;
    const current = section.input_fields.find(
      (field) => field.widget_type === 'checkbox' && isCurrentName(field.name),
    );
    const starts = new Map<number, string>();
    const ongoing = new Set<number>();
    for (const entry of entries) {
      if (entry.section_field === start.id) starts.set(entry.index, entry.value);
      if (entry.section_field === current?.id && isTickedValue(entry.value)) ongoing.add(entry.index);
    }
    entries.forEach((entry, i) => {
      if (
        entry.section_field === end.id &&
        endsBeforeStart(starts.get(entry.index), entry.value, ongoing.has(entry.index))
      ) {
        throw badRequest(
          { id: DATE_WORDS.endBeforeStart, values: { field: `entries[${i}].value` } },
          { code: CV_REFUSAL_CODES.notADate },
        );
      }
    });
  }
}

/**
 * Checks a schema-valid body against its template and sanitises every value by its widget type.
 * `template` is undefined when the body names a template that does not exist.
 */
export function readCvInput(body: CvBody, template: TemplateDefinition | undefined): CvInput {
  const name = sanitiseCvName(body.name);
  if (name === '') throw badRequest(msg('Please enter a name for your CV.'));
  if (!template) throw badRequest(msg('Unknown template.'));
  const fields = fieldsOf(template);
  const seen = new Set<string>();
  const entries: EntryInput[] = body.entries.map((entry, i) => {
    const field = fields.get(entry.section_field);
    if (!field) {
      throw badRequest({
        id: msg('{field}: field {id} is not part of the template "{template}".'),
        values: { field: `entries[${i}].section_field`, id: entry.section_field, template: template.name },
      });
    }
    const cell = `${entry.section_field}-${entry.index}`;
    if (seen.has(cell)) {
      throw badRequest({
        id: msg('{field}: field {id} already has a value at index {index}.'),
        values: { field: `entries[${i}]`, id: entry.section_field, index: entry.index },
      });
    }
    seen.add(cell);
    const raw = entry.value === null ? '' : String(entry.value);
    const value = sanitiseEntryValue(field.widget_type, raw);
    // The builder says so under the field; a client that does not is told here, by field.
    if (field.widget_type === 'phone-input' && value !== '' && !isPossiblePhone(value))
      throw badRequest(
        { id: PHONE_IMPOSSIBLE, values: { field: `entries[${i}].value` } },
        { code: CV_REFUSAL_CODES.notAPhone },
      );
    if (field.widget_type === 'date' && !isAcceptedCvDate(value, field.role === 'end'))
      throw badRequest(
        { id: DATE_WORDS.notADateApi, values: { field: `entries[${i}].value` } },
        { code: CV_REFUSAL_CODES.notADate },
      );
    return { section_field: entry.section_field, index: entry.index, value };
  });
  checkDateOrder(entries, template);
  const layout = body.layout === undefined ? undefined : readLayout(body.layout, template);
  const design = readDesign(body.design);
  return { name, templateId: template.id, entries, layout, design };
}
