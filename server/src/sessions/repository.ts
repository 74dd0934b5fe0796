import type { Kysely } from 'kysely';
import { now } from '../db/columns.js';
import type { Database } from '../db/schema.js';

/*
 * The sessions table: a row per signed-in browser, found by the hash of its cookie's token (http/session.ts makes
 * the token and the cookie). Ending a session deletes its row, so its cookie stops working on every instance.
 */

type Db = Kysely<Database>;

/** Longest user agent kept: enough to name the browser in the sessions list. */
const MAX_USER_AGENT_LENGTH = 512;

export interface NewSession {
  /** The hash of the cookie's token. */
  id: string;
  userId: number | null;
  createdAt: Date;
  expiresAt: Date;
  userAgent?: string;
}

export async function insertSession(db: Db, session: NewSession): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      created_at: now(session.createdAt),
      last_seen_at: now(session.createdAt),
      expires_at: now(session.expiresAt),
      user_agent: session.userAgent ? session.userAgent.slice(0, MAX_USER_AGENT_LENGTH) : null,
    })
    .execute();
}

/** The session with this id, unless it has expired. */
export function findLiveSession(db: Db, id: string) {
  return db
    .selectFrom('sessions')
    .select(['user_id', 'last_seen_at'])
    .where('id', '=', id)
    .where('expires_at', '>', now())
    .executeTakeFirst();
}

export async function touchSession(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now(at) }).where('id', '=', id).execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', now()).execute();
}

/** Ends every session of a user, e.g. after a password change; `exceptSessionId` keeps the caller's. */
export async function endUserSessions(db: Db, userId: number, exceptSessionId?: string | null): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

/** The user's sessions that have not expired, the most recently used first. */
export function activeSessionsOf(db: Db, userId: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now())
    .orderBy('last_seen_at', 'desc')
    .execute();
}

/** The user's sessions that have not expired, as the data download lists them: when each began and was last used. */
export function sessionsForExport(db: Db, userId: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'created_at', 'last_seen_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now())
    .orderBy('created_at', 'asc')
    .execute();
}

/** Ends one session of the user's (a session of anyone else's is left alone). */
export async function endSessionOf(db: Db, userId: number, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).where('user_id', '=', userId).execute();
}

/** Ends every session of the user's but `keepId`; how many ended. */
export async function endOtherSessions(db: Db, userId: number, keepId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many sessions of the user have not expired (the admin's user page). */
export async function openSessionsOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
