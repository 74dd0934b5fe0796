import * as t from 'io-ts';

/**
 * A query-string value as text. TanStack Router JSON-parses search values, so `?uid=12` arrives as
 * the number 12: numbers and booleans are turned back into the text that was in the address.
 */
export const SearchText = new t.Type<string, string, unknown>(
  'SearchText',
  (value): value is string => typeof value === 'string',
  (value, context) => {
    if (typeof value === 'string') return t.success(value);
    if (typeof value === 'number' || typeof value === 'boolean') return t.success(String(value));
    return t.failure(value, context, 'expected text');
  },
  (value) => value,
);

/** `?page=2`: a whole page number from 1 (anything else is left out, and the screen starts on page 1). */
export const PageNumber = new t.Type<number, number, unknown>(
  'PageNumber',
  (value): value is number => typeof value === 'number',
  (value, context) => {
    const page = typeof value === 'string' ? Number(value) : value;
    return typeof page === 'number' && Number.isInteger(page) && page >= 1
      ? t.success(page)
      : t.failure(value, context, 'expected a page number');
  },
  (value) => value,
);

type Fields = Record<string, t.Decoder<unknown, unknown>>;
type Decoded<F extends Fields> = { [K in keyof F]?: F[K] extends t.Decoder<unknown, infer A> ? A : never };

/**
 * Builds a `validateSearch` function from one io-ts decoder per query parameter. A parameter that
 * is missing or does not decode is left out rather than failing the route: the page then shows its
 * own message (e.g. 'Invalid confirmation link').
 */
export function searchValidator<F extends Fields>(fields: F): (search: Record<string, unknown>) => Decoded<F> {
  return (search) => {
    const result: Record<string, unknown> = {};
    for (const [key, decoder] of Object.entries(fields)) {
      if (search[key] === undefined) continue;
      const decoded = decoder.decode(search[key]);
      if (decoded._tag === 'Right') result[key] = decoded.right;
    }
    return result as Decoded<F>;
  };
}
