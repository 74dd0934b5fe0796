/*
 * The building blocks of route schemas, said once. Every route validates its input with one (docs/architecture.md);
 * bounds here are generous where code checks the exact limit with a message in the person's words.
 */

/** A string of at most `maxLength` characters. */
export const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

/**
 * A JSON body: an object with these properties, each required unless named in `optional`. Unknown keys are
 * stripped, not refused, as the Django-style API ignores them (http/validation.ts).
 */
export function bodySchema<P extends Record<string, object>>(properties: P, optional: readonly (keyof P & string)[] = []) {
  return {
    body: {
      type: 'object',
      required: Object.keys(properties).filter((key) => !optional.includes(key)),
      additionalProperties: false,
      properties,
    },
  } as const;
}
