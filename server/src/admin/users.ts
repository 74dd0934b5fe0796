import { sql, type Kysely } from 'kysely';
import { dialectOf, now as timestamp } from '../db/columns.js';
import type { Database } from '../db/schema.js';
import type { User } from '../users/repository.js';
import { PAGE_SIZE } from './kit.js';

type Db = Kysely<Database>;

/** The users list's sort keys (`-` first: descending) and the indexed column each sorts by. */
export const USER_SORTS = {
  email: 'email',
  name: 'full_name',
  joined: 'created_at',
  last_login: 'last_login_at',
} as const;
export type UserSortKey = keyof typeof USER_SORTS;
export const DEFAULT_USER_SORT = '-joined';

export interface UserSort {
  key: UserSortKey;
  descending: boolean;
}

export function parseUserSort(raw: string | undefined): UserSort {
  const value = raw && raw in USER_SORTS || raw?.startsWith('-') && raw.slice(1) in USER_SORTS ? raw : DEFAULT_USER_SORT;
  const descending = value.startsWith('-');
  return { key: (descending ? value.slice(1) : value) as UserSortKey, descending };
}

/** `%`, `_` and `\` typed in a search are literal characters, not LIKE wildcards. */
export function containsPattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export type UserListRow = Pick<
  User,
  'id' | 'email' | 'full_name' | 'is_active' | 'is_staff' | 'is_superuser' | 'email_confirmed_at' | 'created_at' | 'last_login_at' | 'deleted_at' | 'deactivated_at'
>;

/** One page of users, searched by email or name (contains, any case), sorted by an indexed column. */
export async function listUsers(db: Db, search: string, sort: UserSort, page: number) {
  let query = db.selectFrom('users');
  if (search) query = query.where(matches(db, search, ['email_normalized', 'full_name']));
  const column = USER_SORTS[sort.key];
  const direction = sort.descending ? 'desc' : 'asc';
  const page$ = query
    .select([
      'id', 'email', 'full_name', 'is_active', 'is_staff', 'is_superuser', 'email_confirmed_at', 'created_at',
      'last_login_at', 'deleted_at', 'deactivated_at',
    ])
    // "Never signed in" reads as longest ago on both databases (the index, migration 0011, is in that order).
    .$if(sort.key === 'last_login', (q) => q.orderBy(sql.raw(`last_login_at ${sort.descending ? 'desc nulls last' : 'asc nulls first'}`)))
    .$if(sort.key !== 'last_login', (q) => q.orderBy(column, direction))
    .orderBy('id', direction)
    .offset((page - 1) * PAGE_SIZE)
    .limit(PAGE_SIZE);
  if (!search) {
    // Unfiltered, the count is the table's (fast on both databases) and the page walks an index.
    const [{ total }] = await query.select((eb) => eb.fn.countAll<string | number>().as('total')).execute();
    return { total: Number(total), rows: await page$.execute() };
  }
  // A search reads every row once anyway: the count comes with the page, in the same pass.
  const rows = await page$.select((eb) => eb.fn.countAll<string | number>().over().as('total')).execute();
  if (rows.length > 0 || page === 1) return { total: Number(rows[0]?.total ?? 0), rows };
  const [{ total }] = await query.select((eb) => eb.fn.countAll<string | number>().as('total')).execute();
  return { total: Number(total), rows };
}

/**
 * Contains `text`, in any case, in one of `columns` (the admin's searches). SQLite's LIKE ignores ASCII case
 * (its lower() knows no more than that); PostgreSQL's ILIKE does the same for every script.
 */
export function matches(db: Db, text: string, columns: string[]) {
  const pattern = containsPattern(text);
  const operator = dialectOf(db) === 'postgres' ? sql.raw('ilike') : sql.raw('like');
  return sql<boolean>`(${sql.join(
    columns.map((column) => sql`${sql.ref(column)} ${operator} ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

export async function cvCountsOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('generated_cvs')
    .select((eb) => [sql<number>`case when archived_at is null then 0 else 1 end`.as('archived'), eb.fn.countAll<string | number>().as('n')])
    .where('owner_id', '=', userId)
    .groupBy(sql`case when archived_at is null then 0 else 1 end`)
    .execute();
  const live = Number(rows.find((row) => Number(row.archived) === 0)?.n ?? 0);
  const archived = Number(rows.find((row) => Number(row.archived) === 1)?.n ?? 0);
  return { live, archived, total: live + archived };
}

export async function openSessionsOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', timestamp())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Superusers who can still sign in: the panel never lets this drop to zero. */
export async function activeSuperusers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('is_superuser', '=', 1)
    .where('is_active', '=', 1)
    .where('deleted_at', 'is', null)
    .where('deactivated_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deactivateUser(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ deactivated_at: timestamp(at), is_active: 0, updated_at: timestamp(at) })
    .where('id', '=', userId)
    .execute();
}

/** Back as before: active again once the address was confirmed, else still waiting for the confirmation. */
export async function reactivateUser(db: Db, user: User, at: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ deactivated_at: null, is_active: user.email_confirmed_at === null ? 0 : 1, updated_at: timestamp(at) })
    .where('id', '=', user.id)
    .execute();
}

export async function setRoles(db: Db, userId: number, roles: { staff: boolean; superuser: boolean }, at: Date) {
  await db
    .updateTable('users')
    .set({ is_staff: roles.staff ? 1 : 0, is_superuser: roles.superuser ? 1 : 0, updated_at: timestamp(at) })
    .where('id', '=', userId)
    .execute();
}
