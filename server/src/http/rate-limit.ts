import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { now } from '../db/columns.js';
import { tooManyRequests } from './errors.js';

export interface RateLimit {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitState {
  count: number;
  remaining: number;
  resetAt: Date;
}

// Per database handle (so per app, never process-wide): RATE_LIMIT_SCALE multiplies every limit. The e2e
// server raises it, since all of its browsers share 127.0.0.1; the limits themselves are tested in server tests.
const scales = new WeakMap<object, number>();

export function configureRateLimits(db: Kysely<Database>, { scale }: { scale: number }): void {
  scales.set(db, scale);
}

/**
 * Counts one attempt for `key` (e.g. `login:ip:1.2.3.4`, `password-reset:email:a@b.c`) in a fixed
 * window stored in the database, so every instance shares the counter. One atomic upsert: the
 * counter restarts when the stored window is not the current one. Throws 429 once over the limit.
 */
export async function hit(
  db: Kysely<Database>,
  key: string,
  { limit, windowMs }: RateLimit,
  at: Date = new Date(),
): Promise<RateLimitState> {
  const windowStart = new Date(Math.floor(at.getTime() / windowMs) * windowMs);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: now(windowStart), count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end`,
        window_start: sql<string>`excluded.window_start`,
      }),
    )
    .returning(['count'])
    .executeTakeFirstOrThrow();
  const resetAt = new Date(windowStart.getTime() + windowMs);
  limit *= scales.get(db) ?? 1;
  if (row.count > limit) {
    const seconds = Math.max(1, Math.ceil((resetAt.getTime() - at.getTime()) / 1000));
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    throw tooManyRequests(
      `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
      seconds,
    );
  }
  return { count: row.count, remaining: limit - row.count, resetAt };
}

/** Forgets a key's attempts, e.g. after a successful sign-in. */
export async function resetRateLimit(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
