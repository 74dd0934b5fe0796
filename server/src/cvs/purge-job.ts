import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { claimJob, finishJob } from '../db/scheduled-jobs.js';
import { lettersDueForPurge, purgeLetter } from '../cover-letters/repository.js';
import { dueForPurge, purgeCv } from './repository.js';

/*
 * The bin's purge: CVs and cover letters deleted more than BIN_RETENTION_DAYS ago (their `purge_at` has come) are
 * removed for good, each CV with all its rows in its own transaction, each letter (one row) on its own. Every instance (every cluster worker, every server sharing the
 * database) runs the timer; the claim in `scheduled_jobs` (db/scheduled-jobs.ts) lets one of them do the work each
 * period, and a run that dies half-way leaves only whole CVs, removed or not, for the next one.
 */

export const BIN_PURGE_JOB = 'bin-purge';
/** The work is done at most once an hour across all instances … */
export const PURGE_EVERY_MS = 60 * 60 * 1000;
/** … and each instance looks whether it is due every 5 minutes (one UPDATE that usually matches nothing). */
export const PURGE_CHECK_MS = 5 * 60 * 1000;
/** Longer than a run can take; an instance that dies mid-run holds the job no longer than this. */
export const PURGE_LEASE_MS = 10 * 60 * 1000;
const BATCH = 100;

export interface PurgeRun {
  /** False when the job was not due or another instance held it: this instance did nothing. */
  ran: boolean;
  /** CVs and cover letters removed, together. */
  removed: number;
}

/** One run of the purge at `at`, if the job is due and this caller wins the claim. */
export async function runBinPurge(db: Kysely<Database>, at: Date): Promise<PurgeRun> {
  const claim = await claimJob(db, BIN_PURGE_JOB, at, PURGE_LEASE_MS);
  if (!claim) return { ran: false, removed: 0 };
  let removed = 0;
  try {
    for (;;) {
      const due = await dueForPurge(db, at, BATCH);
      for (const id of due) {
        if (await db.transaction().execute((trx) => purgeCv(trx, id))) removed += 1;
      }
      if (due.length < BATCH) break;
    }
    for (;;) {
      const due = await lettersDueForPurge(db, at, BATCH);
      for (const id of due) {
        if (await purgeLetter(db, id)) removed += 1;
      }
      if (due.length < BATCH) break;
    }
  } catch (error) {
    // Whole CVs and letters only were removed; the next run carries on from there.
    await finishJob(
      db,
      claim,
      `failed after ${removed} removed: ${String(error)}`,
      new Date(at.getTime() + PURGE_CHECK_MS),
    );
    throw error;
  }
  await finishJob(db, claim, `${removed} removed`, new Date(at.getTime() + PURGE_EVERY_MS));
  return { ran: true, removed };
}

export interface BinPurgeTimer {
  start(): void;
  close(): Promise<void>;
}

/** The timer every instance runs: a look now, then every PURGE_CHECK_MS. */
export function binPurgeTimer(options: {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  clock: () => Date;
  checkMs?: number;
}): BinPurgeTimer {
  const { db, log, clock, checkMs = PURGE_CHECK_MS } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let closed = false;

  const tick = () => {
    if (closed || running) return;
    running = runBinPurge(db, clock())
      .then(
        (run) => {
          if (run.ran && run.removed > 0)
            log.info({ removed: run.removed }, 'bin purge removed deleted CVs and cover letters for good');
        },
        (error: unknown) => {
          if (!closed) log.error({ err: error }, 'bin purge failed');
        },
      )
      .finally(() => {
        running = null;
      });
  };

  return {
    start() {
      if (timer || closed) return;
      tick();
      timer = setInterval(tick, checkMs);
      timer.unref();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
