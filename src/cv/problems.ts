import type { CvFieldEntryInput } from '../api/cvs';
import type { InputField, TemplateSection } from '../api/templates';
import { MAX_FIELD_LENGTH } from '../../rules/cv';
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

function describePlace({ section, field, index }: Place): string {
  const entry = section.is_repeatable && index > 0 ? `, entry ${index + 1}` : '';
  return `${section.name}${entry}: '${field.widget_label}'`;
}

function describeProblem(detail: string): string {
  if (/longer than|(at most|more than) \d+ characters|too long/i.test(detail))
    return `is too long (at most ${MAX_FIELD_LENGTH.toLocaleString('en')} characters).`;
  if (/phone/i.test(detail)) return 'is not a phone number that can exist. Please check it.';
  if (/date/i.test(detail)) return 'is not a date. Please check it.';
  if (/email/i.test(detail)) return 'is not an email address. Please check it.';
  return 'could not be saved. Please check it.';
}

/** A save's 400 in the person's words, or undefined when it does not point at a field. */
export function describeSaveProblem(
  detail: string | undefined,
  entries: readonly CvFieldEntryInput[],
  sections: readonly TemplateSection[],
): string | undefined {
  if (!detail) return undefined;
  const match = /entries(?:\[(\d+)\]|\/(\d+))/.exec(detail);
  if (!match) return undefined;
  const entry = entries[Number(match[1] ?? match[2])];
  const place = entry && placeOfField(sections, entry.section_field, entry.index);
  return place ? `${describePlace(place)} ${describeProblem(detail)}` : undefined;
}

/** A preview's 400 in the person's words, or undefined when it does not point at a field. */
export function describePreviewProblem(
  detail: string | undefined,
  sections: readonly TemplateSection[],
): string | undefined {
  if (!detail) return undefined;
  const match = /cv_data\["((?:[^"\\]|\\.)*)"\]\["((?:[^"\\]|\\.)*)"\]/.exec(detail);
  if (!match) return undefined;
  const key = parseFormDataKey(match[2]);
  const place = key && placeOfField(sections, key.fieldId, key.index);
  return place ? `${describePlace(place)} ${describeProblem(detail)}` : undefined;
}
