import * as t from 'io-ts';

/**
 * A list answer that the server may send as a plain array or as `{ results: [...] }`
 * (docs/behaviour.md#data: a list may be a plain array or a `{ results }` page). Decodes to an array.
 */
export function listOf<C extends t.Mixed>(
  item: C,
  name = `listOf(${item.name})`,
): t.Type<t.TypeOf<C>[], t.OutputOf<C>[], unknown> {
  const array = t.array(item);
  const paged = t.type({ results: array });
  return new t.Type<t.TypeOf<C>[], t.OutputOf<C>[], unknown>(
    name,
    (value): value is t.TypeOf<C>[] => array.is(value),
    (value, context) => {
      if (Array.isArray(value)) return array.validate(value, context);
      if (value !== null && typeof value === 'object' && 'results' in value) {
        const decoded = paged.validate(value, context);
        return decoded._tag === 'Right' ? t.success(decoded.right.results) : decoded;
      }
      return t.failure(value, context, 'expected an array or an object with a results array');
    },
    (value) => array.encode(value),
  );
}

/** A field the server may leave out or send as null. */
export function optional<C extends t.Mixed>(codec: C) {
  return t.union([codec, t.null, t.undefined]);
}

/** Ids are numbers in JSON but some endpoints send them as numeric strings. */
export const NumericId = new t.Type<number, number, unknown>(
  'NumericId',
  (value): value is number => typeof value === 'number' && Number.isInteger(value),
  (value, context) => {
    if (typeof value === 'number' && Number.isInteger(value)) return t.success(value);
    if (typeof value === 'string' && /^\d+$/.test(value)) return t.success(Number(value));
    return t.failure(value, context, 'expected a numeric id');
  },
  (value) => value,
);

/** For calls whose answer body is not used (logout, delete, send email). */
export const IgnoredBody = t.unknown;
