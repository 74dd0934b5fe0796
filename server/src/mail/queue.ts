import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { dialectOf, now as timestamp } from '../db/columns.js';
import type { Database, MailQueueTable } from '../db/schema.js';
import type { Mailer, MailMessage } from './mailer.js';

/*
 * A durable queue for the mail a request causes (account mail). The request only writes a row — in its own
 * transaction, so the mail exists exactly when what it is about does — and the answer goes out without waiting
 * for a mail server: a request for a registered address and one for an unknown address do the same work and
 * take the same time, and a mail server that is down delays the mail instead of failing the request.
 *
 * A row names a kind and a JSON payload; the kind's handler turns it into a message when it is sent (links are
 * signed then, so no live token sits in the table, and a message whose reason is gone is dropped). Rows are
 * claimed with a lease in one statement (PostgreSQL: FOR UPDATE SKIP LOCKED), so instances sharing a database
 * never send the same row twice; a failed send is retried with exponential back-off, and given up (and logged)
 * after RETRY_FOR_MS. Every instance sends right after each answer that queued mail, at start-up, and on a poll.
 */

export type MailQueueRow = Selectable<MailQueueTable>;

/** Turns a queued payload into the message to send, or null when there is nothing to send any more. */
export type MailJobHandler = (payload: unknown, row: MailQueueRow) => Promise<MailMessage | null>;

export interface MailQueue {
  /** Queues a message of `kind` in `db` (pass the request's transaction); `kick()` once that is committed. */
  enqueue(db: Kysely<Database>, kind: string, payload: object): Promise<void>;
  /** Registers the handler of a kind (each domain registers its own). */
  handle(kind: string, handler: MailJobHandler): void;
  /** Sends what is due right after the current answer is written; kicks during a pass make one more pass. */
  kick(): void;
  /** Sends everything that is due now and resolves when nothing due is left (tests await delivery with it). */
  drain(): Promise<void>;
  /** Starts sending: a pass now, then one whenever a retry falls due or the poll comes round. */
  start(): void;
  /** Stops the timers and waits for a pass under way. */
  close(): Promise<void>;
}

export interface MailQueueOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The clock due times are read against (the accounts' clock, so tests can move it). */
  clock?: () => Date;
  pollMs?: number;
}

/** A poll picks up what another instance queued but did not send (it stopped, or its mail server was down). */
export const POLL_MS = 30 * 1000;
/** First retry after 30 s, then 1, 2, 4 … minutes, at most an hour apart. */
export const RETRY_BASE_MS = 30 * 1000;
export const RETRY_MAX_MS = 60 * 60 * 1000;
/** A message that could not be sent for a day is given up: every link in it has expired by then. */
export const RETRY_FOR_MS = 24 * 60 * 60 * 1000;
/** Longer than a send can take (the SMTP transport's own time-outs are shorter: mail/mailer.ts). */
export const CLAIM_LEASE_MS = 5 * 60 * 1000;
const BATCH = 10;

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export function createMailQueue({
  db,
  mailer,
  log,
  clock = () => new Date(),
  pollMs = POLL_MS,
}: MailQueueOptions): MailQueue {
  const handlers = new Map<string, MailJobHandler>();
  const postgres = dialectOf(db) === 'postgres';
  let started = false;
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;
  let kickPending = false;
  let timer: NodeJS.Timeout | undefined;

  async function claim(): Promise<MailQueueRow[]> {
    const at = clock();
    const stamp = timestamp(at);
    const token = randomBytes(12).toString('base64url');
    return db
      .updateTable('mail_queue')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        claimed_until: timestamp(new Date(at.getTime() + CLAIM_LEASE_MS)),
        claim: token,
      }))
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('mail_queue')
          .select('id')
          .where('next_attempt_at', '<=', stamp)
          .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<=', stamp)]))
          .orderBy('id')
          .limit(BATCH)
          .$if(postgres, (qb) => qb.forUpdate().skipLocked()),
      )
      .returningAll()
      .execute();
  }

  async function deliver(row: MailQueueRow): Promise<void> {
    try {
      const handler = handlers.get(row.kind);
      // A newer instance may have queued a kind this one does not know: it stays for one that does.
      if (!handler) throw new Error(`no handler for mail of kind "${row.kind}"`);
      const message = await handler(JSON.parse(row.payload) as unknown, row);
      if (message) await mailer.send(message);
      await db.deleteFrom('mail_queue').where('id', '=', row.id).where('claim', '=', row.claim).execute();
    } catch (error) {
      await failed(row, error);
    }
  }

  async function failed(row: MailQueueRow, error: unknown): Promise<void> {
    const at = clock();
    const reason = error instanceof Error ? error.message : String(error);
    if (at.getTime() - Date.parse(row.created_at) >= RETRY_FOR_MS) {
      log.error({ mailId: row.id, kind: row.kind, attempts: row.attempts, err: error }, 'mail given up');
      await db.deleteFrom('mail_queue').where('id', '=', row.id).where('claim', '=', row.claim).execute();
      return;
    }
    const retryAt = new Date(at.getTime() + retryDelayMs(row.attempts));
    log.warn(
      { mailId: row.id, kind: row.kind, attempts: row.attempts, retryAt, reason },
      'mail not sent, will retry',
    );
    await db
      .updateTable('mail_queue')
      .set({
        next_attempt_at: timestamp(retryAt),
        claimed_until: null,
        claim: null,
        last_error: reason.slice(0, 500),
      })
      .where('id', '=', row.id)
      .where('claim', '=', row.claim)
      .execute();
  }

  async function pass(): Promise<void> {
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return;
      // In queue order, one at a time: a mailbox receives its messages in the order they were queued.
      for (const row of rows) await deliver(row);
    }
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
        } catch (error) {
          // The database itself failed: the poll tries again.
          if (!closed) log.error({ err: error }, 'mail queue pass failed');
          return;
        }
      } while (again && !closed);
    })().finally(() => {
      running = null;
      schedule();
    });
    return running;
  }

  // The next pass: when the earliest retry falls due, but no later than the poll. A row another instance is
  // sending (claimed) is due when its claim runs out, not before: no busy polling behind someone else's send.
  function schedule(): void {
    if (!started || closed) return;
    clearTimeout(timer);
    void db
      .selectFrom('mail_queue')
      .select((eb) => eb.fn.min(eb.fn.coalesce('claimed_until', 'next_attempt_at')).as('next'))
      .executeTakeFirst()
      .then(
        (row) => {
          if (closed) return;
          const dueIn = row?.next ? Date.parse(row.next) - clock().getTime() : pollMs;
          clearTimeout(timer);
          timer = setTimeout(() => void run(), Math.min(pollMs, Math.max(50, dueIn)));
          timer.unref();
        },
        () => {
          if (closed) return;
          clearTimeout(timer);
          timer = setTimeout(() => void run(), pollMs);
          timer.unref();
        },
      );
  }

  return {
    async enqueue(target, kind, payload) {
      const stamp = timestamp(clock());
      await target
        .insertInto('mail_queue')
        .values({ kind, payload: JSON.stringify(payload), created_at: stamp, next_attempt_at: stamp })
        .execute();
    },
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
    kick() {
      if (closed || kickPending) return;
      kickPending = true;
      // On the event loop's next turn: after the handler's answer has been written, never in its way.
      setImmediate(() => {
        kickPending = false;
        if (!closed) void run();
      });
    },
    async drain() {
      if (running) await running;
      await run();
    },
    start() {
      if (started || closed) return;
      started = true;
      void run();
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      if (running) await running;
    },
  };
}

/** The outbox as the admin's dashboard counts it: every queued message, and those whose last send failed. */
export async function outboxFigures(db: Kysely<Database>) {
  const mail = db.selectFrom('mail_queue');
  const counts = await Promise.all([
    mail.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    mail.select((eb) => eb.fn.countAll<number>().as('n')).where('last_error', 'is not', null).executeTakeFirstOrThrow(),
  ]);
  const [waiting, failing] = counts.map((row) => Number(row.n));
  return { waiting, failing };
}

/** The message waiting longest, with its last error (the dashboard shows both). */
export function oldestQueuedMail(db: Kysely<Database>) {
  return db.selectFrom('mail_queue').select(['created_at', 'last_error']).orderBy('created_at').limit(1).executeTakeFirst();
}
