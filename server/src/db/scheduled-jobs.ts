import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { now as timestamp } from './columns.js';
import type { Database } from './schema.js';

/*
 * Periodic jobs that every instance runs but only one does per period. Each job has a row in `scheduled_jobs`; an
 * instance whose timer fires claims it with a lease in one UPDATE that matches only while the job is due and
 * unclaimed (PostgreSQL re-checks the condition on the locked row, SQLite writes one at a time), so of several
 * instances firing together exactly one wins. The winner records the run and the next due time; an instance that
 * dies mid-run lets the lease run out and the next timer anywhere takes over. This is the mail queue's claim
 * (mail/queue.ts) for a job instead of a message.
 */

export interface JobClaim {
  name: string;
  token: string;
  at: Date;
}

/** The job's claim if it is due at `at` and nobody holds it, else null. Creates the job's row on first use. */
export async function claimJob(
  db: Kysely<Database>,
  name: string,
  at: Date,
  leaseMs: number,
): Promise<JobClaim | null> {
  const stamp = timestamp(at);
  await db
    .insertInto('scheduled_jobs')
    .values({
      name,
      next_run_at: stamp,
      claimed_until: null,
      claim: null,
      last_run_at: null,
      last_result: null,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const token = randomBytes(12).toString('base64url');
  const { numUpdatedRows } = await db
    .updateTable('scheduled_jobs')
    .set({ claimed_until: timestamp(new Date(at.getTime() + leaseMs)), claim: token })
    .where('name', '=', name)
    .where('next_run_at', '<=', stamp)
    .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<=', stamp)]))
    .executeTakeFirst();
  return numUpdatedRows > 0n ? { name, token, at } : null;
}

/** Records a run the claim's holder finished (or gave up), releases the claim and sets when it is next due. */
export async function finishJob(
  db: Kysely<Database>,
  claim: JobClaim,
  result: string,
  nextRunAt: Date,
): Promise<void> {
  await db
    .updateTable('scheduled_jobs')
    .set({
      claimed_until: null,
      claim: null,
      last_run_at: timestamp(claim.at),
      last_result: result.slice(0, 500),
      next_run_at: timestamp(nextRunAt),
    })
    .where('name', '=', claim.name)
    .where('claim', '=', claim.token)
    .execute();
}

/** The job's row as the last run left it (tests and the operator read it). */
export function jobState(db: Kysely<Database>, name: string) {
  return db.selectFrom('scheduled_jobs').selectAll().where('name', '=', name).executeTakeFirst();
}
