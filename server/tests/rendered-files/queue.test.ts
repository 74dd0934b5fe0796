import type { FastifyBaseLogger } from 'fastify';
import { RenderQueue } from '../../src/rendered-files/queue.js';

function logger() {
  return { warn: vi.fn() } as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('the background render queue', () => {
  it('renders a CV once however often it is saved before its turn, one CV at a time', async () => {
    const done: number[] = [];
    let running = 0;
    let most = 0;
    const queue = new RenderQueue({
      log: logger(),
      delayMs: 5,
      work: async (cvId) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        done.push(cvId);
        running -= 1;
      },
    });
    for (const id of [1, 2, 1, 1, 3, 2]) queue.enqueue(id);
    expect(queue.size).toBe(3);
    await queue.idle();
    // In the order each was last asked for.
    expect(done).toEqual([1, 3, 2]);
    expect(most).toBe(1);
    expect(queue.counts).toEqual({ done: 3, failed: 0 });
  });

  it('a CV saved while its job runs is rendered once more, after it', async () => {
    const first = deferred();
    const calls: number[] = [];
    const queue = new RenderQueue({
      log: logger(),
      delayMs: 0,
      work: async (cvId) => {
        calls.push(cvId);
        if (calls.length === 1) await first.promise;
      },
    });
    queue.enqueue(7);
    await vi.waitFor(() => expect(calls).toEqual([7]));
    queue.enqueue(7);
    queue.enqueue(7);
    first.resolve();
    await queue.idle();
    expect(calls).toEqual([7, 7]);
  });

  it('logs a failed job and drops it: no retry', async () => {
    const log = logger();
    const work = vi.fn(async (cvId: number) => {
      if (cvId === 1) throw new Error('Chromium is not there');
    });
    const queue = new RenderQueue({ log, delayMs: 0, work });
    queue.enqueue(1);
    queue.enqueue(2);
    await queue.idle();
    expect(work.mock.calls.map(([id]) => id)).toEqual([1, 2]);
    expect(queue.counts).toEqual({ done: 1, failed: 1 });
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toMatchObject({ cvId: 1 });
  });

  it('closing waits only so long for the job under way, drops the rest and takes nothing new', async () => {
    const work = vi.fn(() => new Promise<void>(() => {}));
    const queue = new RenderQueue({ log: logger(), delayMs: 0, work, closeWaitMs: 50 });
    queue.enqueue(1);
    queue.enqueue(2);
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(1));
    const started = performance.now();
    await queue.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    queue.enqueue(3);
    await queue.idle();
    expect(work).toHaveBeenCalledTimes(1);
    expect(queue.size).toBe(0);
  });

  it('waits before a job starts, so a save answers first', async () => {
    const work = vi.fn(async () => {});
    const queue = new RenderQueue({ log: logger(), delayMs: 30, work });
    queue.enqueue(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(work).not.toHaveBeenCalled();
    await queue.idle();
    expect(work).toHaveBeenCalledTimes(1);
  });
});
