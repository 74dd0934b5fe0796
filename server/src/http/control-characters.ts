import type { FastifyInstance } from 'fastify';

/*
 * Control characters are removed from every text a request carries — each string in a JSON or form body (keys
 * too), in the query string and in the path's parameters — before any route sees it, once for every route. A NUL
 * is refused by PostgreSQL's text columns (a 500) and stored as is by SQLite; the other controls (but tab, line
 * feed and carriage return, which multi-line fields keep) are never typed on purpose and can hide or garble text.
 * Removed, not refused, as a CV's values always were: a paste from a PDF or a word processor may carry one, and
 * the person's text is kept rather than turned away (docs/decisions/0033-accounts-hardened.md).
 */

/* eslint-disable no-control-regex -- matching control characters is the point */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
/* eslint-enable no-control-regex */

export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '');
}

/** The same value with control characters removed from every string in it (object keys included). */
export function cleanControlCharacters(value: unknown): unknown {
  if (typeof value === 'string') return withoutControlCharacters(value);
  if (Array.isArray(value)) return value.map(cleanControlCharacters);
  if (value !== null && typeof value === 'object') {
    // Only plain records (parsed bodies and query strings); anything else is left as it is.
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype !== Object.prototype && prototype !== null) return value;
    const cleaned: Record<string, unknown> = prototype === null ? Object.create(null) : {};
    for (const [key, inner] of Object.entries(value)) {
      // As the JSON parser does (http/json-body.ts): such a key would become a prototype.
      if (key === '__proto__') continue;
      cleaned[withoutControlCharacters(key)] = cleanControlCharacters(inner);
    }
    return cleaned;
  }
  return value;
}

/**
 * Cleans a query string's or path's parameters where they are (fastify's parsers give objects of their own
 * prototypes, which the hook keeps): their values are strings or, for a repeated query key, arrays of strings.
 */
function cleanInPlace(target: Record<string, unknown>): void {
  for (const key of Object.keys(target)) {
    const value = cleanControlCharacters(target[key]);
    const cleanKey = withoutControlCharacters(key);
    if (cleanKey !== key) delete target[key];
    if (cleanKey !== '__proto__') target[cleanKey] = value;
  }
}

export function registerControlCharacterFilter(app: FastifyInstance): void {
  // preValidation: after the body is parsed, before the route's schema and handler read it.
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined) request.body = cleanControlCharacters(request.body);
    for (const part of [request.query, request.params]) {
      if (part !== null && typeof part === 'object') cleanInPlace(part as Record<string, unknown>);
    }
  });
}
