// The rules of a saved CV, said once for the web app and the server (see rules/account.ts).

/** The largest value of one field the server keeps; the builder's fields accept no more. */
export const MAX_FIELD_LENGTH = 20_000;
export const MAX_CV_NAME_LENGTH = 200;
/** The highest repeat index of an entry: a repeatable section holds at most 100 entries. */
export const MAX_REPEAT_INDEX = 99;

/**
 * An input field of a template section (docs/behaviour.md#data), as the API gives it. The web app's decoded field
 * (src/api/templates.ts) and the server's JSON and template definition (server/src/templates/) build on it.
 */
export interface InputFieldShape {
  id: number;
  name: string;
  widget_label: string;
  widget_type: string;
  description: string;
  is_required: boolean;
}

export interface FormDataKey {
  name: string;
  fieldId: number;
  index: number;
}

/** docs/behaviour.md#form-data: a section's values are keyed `name-fieldId-repeatIndex`. */
export function formDataKey(name: string, fieldId: number, index: number): string {
  return `${name}-${fieldId}-${index}`;
}

/**
 * Field names may hold hyphens ("e-mail"), so the id and the repeat index are read from the right. A key whose
 * name part is empty ("-1001-0") names no field and is not a key.
 */
export function parseFormDataKey(key: string): FormDataKey | undefined {
  const match = /^(.*)-(\d+)-(\d+)$/.exec(key);
  if (!match || match[1] === '') return undefined;
  return { name: match[1], fieldId: Number(match[2]), index: Number(match[3]) };
}
