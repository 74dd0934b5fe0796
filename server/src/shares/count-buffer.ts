import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { addCount, markSeen, type CountKind } from './repository.js';

/*
 * A link's views and downloads, kept in memory and written in one transaction about once a second (FLUSH_MS), so a
 * busy link costs the database one short transaction a second instead of one per new visitor. What is kept is what
 * was always written: the day's salted visitor hash (markSeen decides, for every instance, whether it counts) and the
 * link it counts for. The owner's list writes this process's pending counts first (they show at once); another
 * process's show within about a second. Closing the app (a graceful shutdown) writes what is pending.
 */

export const FLUSH_MS = 1000;

interface Pending {
  day: string;
  hash: string;
  shareId: number;
  kind: CountKind;
  at: Date;
}

export interface CountBuffer {
  add(count: Pending): void;
  /** Writes every pending count now (in one transaction); resolves when they are in the database. */
  flush(): Promise<void>;
  readonly pending: number;
}

const buffers = new WeakMap<Kysely<Database>, CountBuffer>();

/** The buffer of `db` (one per database, so two apps in one process, as the tests run, keep theirs apart). */
export function countBufferOf(db: Kysely<Database>, onError: (error: unknown) => void): CountBuffer {
  let buffer = buffers.get(db);
  if (!buffer) {
    buffer = createCountBuffer(db, onError);
    buffers.set(db, buffer);
  }
  return buffer;
}

function createCountBuffer(db: Kysely<Database>, onError: (error: unknown) => void): CountBuffer {
  let queue: Pending[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: Pending[]): Promise<void> {
    try {
      await db.transaction().execute(async (trx) => {
        for (const count of batch)
          if (await markSeen(trx, count.day, count.hash))
            await addCount(trx, count.shareId, count.day, count.kind, count.at);
      });
    } catch (error) {
      // Kept for the next flush: a lost connection loses no count.
      queue = batch.concat(queue);
      schedule();
      throw error;
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    // One flush at a time, in order: a count never overtakes an earlier one.
    const done = writing.then(() => {
      const batch = queue;
      queue = [];
      return batch.length > 0 ? write(batch) : undefined;
    });
    writing = done.catch(() => undefined);
    return done;
  }

  function schedule(): void {
    if (timer) return;
    timer = setTimeout(() => flush().catch(onError), FLUSH_MS);
    // A pending count never keeps a process alive on its own: closing the app flushes it.
    timer.unref();
  }

  return {
    add(count) {
      queue.push(count);
      schedule();
    },
    flush,
    get pending() {
      return queue.length;
    },
  };
}
