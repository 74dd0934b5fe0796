import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { dialectOf, now } from '../db/columns.js';
import { msg } from '../../../rules/languages.js';
import { tooManyRequests } from './errors.js';

/** The 429 of a spent limit, with the minutes until an attempt is free again. */
export const TRY_AGAIN_IN = msg(
  'Too many attempts. Please try again in {minutes, plural, one {{minutes} minute} other {{minutes} minutes}}.',
);

export interface RateLimit {
  /** Attempts allowed in any window of `windowMs`. */
  limit: number;
  windowMs: number;
  /** Counted as given: RATE_LIMIT_SCALE does not multiply it (ACCOUNT_LOCKOUT_LIMIT, the e2e server's). */
  unscaled?: boolean;
}

export interface RateLimitState {
  /** Attempts counted in the window ending now, this one included. */
  count: number;
  remaining: number;
  /** When the oldest counted attempt leaves the window (a slot frees up). */
  resetAt: Date;
  /** This attempt's row: `releaseAttempt` takes it back (e.g. a successful sign-in is no failure). */
  attemptId: number;
}

// Per database handle (so per app, never process-wide): RATE_LIMIT_SCALE multiplies every limit. The e2e
// server raises it, since all of its browsers share 127.0.0.1; the limits themselves are tested in server tests.
const scales = new WeakMap<object, number>();
// Keys that are never hit again leave rows behind: swept now and then, not on every hit.
const lastSweep = new WeakMap<object, number>();
const SWEEP_EVERY_MS = 60 * 1000;

export function configureRateLimits(db: Kysely<Database>, { scale }: { scale: number }): void {
  scales.set(db, scale);
}

type Db = Kysely<Database>;

/**
 * Counts one attempt for `key` (e.g. `login:email:a@b.c`, `password-reset:ip:1.2.3.4`) in a sliding window:
 * an attempt is let through only while fewer than `limit` attempts were counted in the `windowMs` before it, so
 * no burst gets more than `limit` tries in ANY window, wherever the clock's minutes fall. The attempts are rows in
 * the database, shared by every instance, and the attempt is reserved before the caller does the work it guards
 * (checks a password, sends mail): a parallel burst cannot all pass the check before any of them is counted.
 * Refused attempts are not counted, so a slot frees up when the oldest counted one leaves the window.
 * Throws 429 with Retry-After once the limit is reached.
 */
export async function hit(
  db: Db,
  key: string,
  { limit, windowMs, unscaled = false }: RateLimit,
  at: Date = new Date(),
): Promise<RateLimitState> {
  const allowed = unscaled ? limit : limit * (scales.get(db) ?? 1);
  const since = now(new Date(at.getTime() - windowMs));
  const attempt = { key, at: now(at), expiresAt: now(new Date(at.getTime() + windowMs)) };
  // Atomic across processes: SQLite runs one writing statement at a time, whole; PostgreSQL serialises the
  // key's count-then-insert with a transaction-scoped advisory lock (READ COMMITTED alone would let two
  // transactions both count 9 and both insert the 10th).
  const attemptId =
    dialectOf(db) === 'postgres'
      ? await db.transaction().execute(async (trx) => {
          await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
          return insertWhileUnder(trx, attempt, since, allowed);
        })
      : await insertWhileUnder(db, attempt, since, allowed);
  const window = await db
    .selectFrom('rate_limit_attempts')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('at').as('oldest')])
    .where('key', '=', key)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  const count = Number(window.count);
  const oldest = window.oldest ? new Date(window.oldest) : at;
  const resetAt = new Date(oldest.getTime() + windowMs);
  await sweep(db, key, at);
  if (attemptId === undefined) {
    const seconds = Math.max(1, Math.ceil((resetAt.getTime() - at.getTime()) / 1000));
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    throw tooManyRequests({ id: TRY_AGAIN_IN, values: { minutes } }, seconds);
  }
  return { count, remaining: Math.max(0, allowed - count), resetAt, attemptId };
}

/** One statement: the attempt is inserted only while the key has fewer than `allowed` attempts since `since`. */
async function insertWhileUnder(
  db: Db,
  attempt: { key: string; at: string; expiresAt: string },
  since: string,
  allowed: number,
): Promise<number | undefined> {
  const { rows } = await sql<{ id: number }>`
    insert into rate_limit_attempts (key, at, expires_at)
    select ${attempt.key}, ${attempt.at}, ${attempt.expiresAt}
    where (select count(*) from rate_limit_attempts where key = ${attempt.key} and at > ${since}) < ${allowed}
    returning id`.execute(db);
  return rows[0]?.id;
}

async function sweep(db: Db, key: string, at: Date): Promise<void> {
  const stamp = now(at);
  await db
    .deleteFrom('rate_limit_attempts')
    .where('key', '=', key)
    .where('expires_at', '<=', stamp)
    .execute();
  const previous = lastSweep.get(db) ?? 0;
  if (Math.abs(at.getTime() - previous) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, at.getTime());
  await db.deleteFrom('rate_limit_attempts').where('expires_at', '<=', stamp).execute();
}

/** Takes back one counted attempt, e.g. the reservation of a sign-in that turned out to be right. */
export async function releaseAttempt(db: Db, state: Pick<RateLimitState, 'attemptId'>): Promise<void> {
  await db.deleteFrom('rate_limit_attempts').where('id', '=', state.attemptId).execute();
}

/** Forgets a key's attempts, e.g. the failures of an account after a successful sign-in. */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_attempts').where('key', '=', key).execute();
}
