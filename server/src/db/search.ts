import { sql, type Kysely } from 'kysely';
import { dialectOf } from './columns.js';
import type { Database } from './schema.js';

/** `%`, `_` and `\` typed in a search are literal characters, not LIKE wildcards. */
function containsPattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Contains `text`, in any case, in one of `columns` (the admin's searches). SQLite's LIKE ignores ASCII case
 * (its lower() knows no more than that); PostgreSQL's ILIKE does the same for every script.
 */
export function matches(db: Kysely<Database>, text: string, columns: string[]) {
  const pattern = containsPattern(text);
  const operator = dialectOf(db) === 'postgres' ? sql.raw('ilike') : sql.raw('like');
  return sql<boolean>`(${sql.join(
    columns.map((column) => sql`${sql.ref(column)} ${operator} ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}
