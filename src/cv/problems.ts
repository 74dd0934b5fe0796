import type { CvFieldEntryInput } from '../api/cvs';
import type { InputField, TemplateSection } from '../api/templates';
import { CV_REFUSAL_CODES, MAX_FIELD_LENGTH } from '../../rules/cv';
import { msg, type Message } from '../../rules/languages';
import { parseFormDataKey } from './form-data';

// A server's 400 about a CV names an internal place: `entries[3].value: …` for a save, `cv_data["Skills"]
// ["skill_name-1022-0"] is …` for a preview. People see the section, the entry and the field label instead.

export { MAX_FIELD_LENGTH };
/** From this share of the limit on, a field shows how many characters it holds. */
export const FIELD_COUNTER_FROM = 0.9;

interface Place {
  section: TemplateSection;
  field: InputField;
  index: number;
}

function placeOfField(
  sections: readonly TemplateSection[],
  fieldId: number,
  index: number,
): Place | undefined {
  for (const section of sections) {
    const field = section.input_fields.find((candidate) => candidate.id === fieldId);
    if (field) return { section, field, index };
  }
  return undefined;
}

type ProblemKind = 'tooLong' | 'phone' | 'date' | 'email' | 'other';

/**
 * What is wrong, one whole sentence per kind and per place (in a repeatable section's later entry, or not), so a
 * translator words each as a whole. The field's label comes with its quotes: an ICU message cannot hold an
 * apostrophe right before a placeholder.
 */
const PROBLEM_MESSAGES: Record<ProblemKind, { entry: string; field: string }> = {
  tooLong: {
    entry: msg('{section}, entry {entry}: {field} is too long (at most {max, number} characters).'),
    field: msg('{section}: {field} is too long (at most {max, number} characters).'),
  },
  phone: {
    entry: msg('{section}, entry {entry}: {field} is not a phone number that can exist. Please check it.'),
    field: msg('{section}: {field} is not a phone number that can exist. Please check it.'),
  },
  date: {
    entry: msg('{section}, entry {entry}: {field} is not a date. Please check it.'),
    field: msg('{section}: {field} is not a date. Please check it.'),
  },
  email: {
    entry: msg('{section}, entry {entry}: {field} is not an email address. Please check it.'),
    field: msg('{section}: {field} is not an email address. Please check it.'),
  },
  other: {
    entry: msg('{section}, entry {entry}: {field} could not be saved. Please check it.'),
    field: msg('{section}: {field} could not be saved. Please check it.'),
  },
};

const KIND_OF_CODE: Partial<Record<string, ProblemKind>> = {
  [CV_REFUSAL_CODES.tooLong]: 'tooLong',
  [CV_REFUSAL_CODES.notAPhone]: 'phone',
  [CV_REFUSAL_CODES.notADate]: 'date',
};

/**
 * What is wrong: the answer's `code` says it in any language; a server that sends none (an older one) is read by
 * its English words.
 */
function problemKind(detail: string, code?: string): ProblemKind {
  const coded = code === undefined ? undefined : KIND_OF_CODE[code];
  if (coded) return coded;
  if (/longer than|(at most|more than) \d+ characters|too long/i.test(detail)) return 'tooLong';
  if (/phone/i.test(detail)) return 'phone';
  if (/date/i.test(detail)) return 'date';
  if (/email/i.test(detail)) return 'email';
  return 'other';
}

/** "Education, entry 2: 'Start Date' is not a date. Please check it.", as a message with its values. */
function describeProblem({ section, field, index }: Place, detail: string, code?: string): Message {
  const kind = problemKind(detail, code);
  const inEntry = section.is_repeatable && index > 0;
  return {
    id: inEntry ? PROBLEM_MESSAGES[kind].entry : PROBLEM_MESSAGES[kind].field,
    values: {
      section: section.name,
      ...(inEntry ? { entry: index + 1 } : {}),
      field: `'${field.widget_label}'`,
      ...(kind === 'tooLong' ? { max: MAX_FIELD_LENGTH } : {}),
    },
  };
}

/** A save's 400 in the person's words, or undefined when it does not point at a field. */
export function describeSaveProblem(
  detail: string | undefined,
  entries: readonly CvFieldEntryInput[],
  sections: readonly TemplateSection[],
  code?: string,
): Message | undefined {
  if (!detail) return undefined;
  const match = /entries(?:\[(\d+)\]|\/(\d+))/.exec(detail);
  if (!match) return undefined;
  const entry = entries[Number(match[1] ?? match[2])];
  const place = entry && placeOfField(sections, entry.section_field, entry.index);
  return place ? describeProblem(place, detail, code) : undefined;
}

/** A preview's 400 in the person's words, or undefined when it does not point at a field. */
export function describePreviewProblem(
  detail: string | undefined,
  sections: readonly TemplateSection[],
  code?: string,
): Message | undefined {
  if (!detail) return undefined;
  const match = /cv_data\["((?:[^"\\]|\\.)*)"\]\["((?:[^"\\]|\\.)*)"\]/.exec(detail);
  if (!match) return undefined;
  const key = parseFormDataKey(match[2]);
  const place = key && placeOfField(sections, key.fieldId, key.index);
  return place ? describeProblem(place, detail, code) : undefined;
}
