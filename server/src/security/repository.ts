import type { Kysely } from 'kysely';
import { now } from '../db/columns.js';
import type { Database } from '../db/schema.js';

/*
 * The security_events table: SQL only here (./events.ts is what the routes call).
 */

type Db = Kysely<Database>;

/** Longest user agent kept: enough to name the browser. */
const MAX_USER_AGENT_LENGTH = 512;

export interface NewSecurityEvent {
  userId: number;
  kind: string;
  at: Date;
  userAgent: string | null;
  /** JSON object. */
  detail: string;
}

export async function insertSecurityEvent(db: Db, event: NewSecurityEvent): Promise<void> {
  await db
    .insertInto('security_events')
    .values({
      user_id: event.userId,
      kind: event.kind,
      at: now(event.at),
      user_agent: event.userAgent ? event.userAgent.slice(0, MAX_USER_AGENT_LENGTH) : null,
      detail: event.detail,
    })
    .execute();
}

/** Forgets the user's events older than `before` (kept small: the list shows recent ones only). */
export async function deleteSecurityEventsBefore(db: Db, userId: number, before: Date): Promise<void> {
  await db.deleteFrom('security_events').where('user_id', '=', userId).where('at', '<', now(before)).execute();
}

/** The user's events since `since`, the newest first, at most `limit`. */
export function securityEventsOf(db: Db, userId: number, since: Date, limit: number) {
  return db
    .selectFrom('security_events')
    .select(['id', 'kind', 'at', 'user_agent', 'detail'])
    .where('user_id', '=', userId)
    .where('at', '>=', now(since))
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
