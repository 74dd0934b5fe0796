import type { FastifyBaseLogger } from 'fastify';

/*
 * The background queue that renders a CV's files after a save, so the save's answer never waits for Chromium. It
 * holds CV ids, not versions: the job renders whatever version is newest when its turn comes, so a burst of saves of
 * one CV renders once (per-CV coalescing). One job at a time, in the order CVs were last saved; a failed job is
 * logged and dropped (the next save, or the first download, makes the file). Nothing is durable: a CV whose job is
 * lost to a restart has its file made at its first download instead.
 */

export interface RenderQueueOptions {
  /** Renders and stores the files of the CV's newest version. */
  work: (cvId: number) => Promise<void>;
  log: FastifyBaseLogger;
  /** How long a save waits before its job may start: saves landing within it render once. */
  delayMs?: number;
  /** The longest close() waits for a job under way before it lets the app go on closing. */
  closeWaitMs?: number;
}

export const RENDER_QUEUE_DELAY_MS = 250;
export const RENDER_QUEUE_CLOSE_WAIT_MS = 2_000;

export class RenderQueue {
  private readonly pending = new Set<number>();
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly waiters: Array<() => void> = [];
  /** Jobs finished and failed since start (tests and the operator read them). */
  readonly counts = { done: 0, failed: 0 };

  constructor(private readonly options: RenderQueueOptions) {}

  /** Asks for the CV's newest files: queued once however often it is asked before its turn. */
  enqueue(cvId: number): void {
    if (this.closed) return;
    // Re-added at the end: the queue serves CVs in the order they were last saved.
    this.pending.delete(cvId);
    this.pending.add(cvId);
    this.schedule();
  }

  /** CVs waiting for their turn. */
  get size(): number {
    return this.pending.size;
  }

  /**
   * Resolves when nothing waits and nothing runs, or the queue is closed (tests and the bench wait for the stored
   * files with it).
   */
  idle(): Promise<void> {
    if (!this.busy() || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Drops what waits and waits (at most closeWaitMs) for the job under way. */
  async close(): Promise<void> {
    this.closed = true;
    this.pending.clear();
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.running) {
      let timer: NodeJS.Timeout | undefined;
      const wait = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.options.closeWaitMs ?? RENDER_QUEUE_CLOSE_WAIT_MS);
      });
      await Promise.race([this.running, wait]);
      clearTimeout(timer);
    }
    this.settle();
  }

  private busy(): boolean {
    return this.pending.size > 0 || this.running !== null || this.timer !== undefined;
  }

  private schedule(): void {
    if (this.running || this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.drain();
    }, this.options.delayMs ?? RENDER_QUEUE_DELAY_MS);
  }

  private async drain(): Promise<void> {
    try {
      while (!this.closed && this.pending.size > 0) {
        const [cvId] = this.pending;
        this.pending.delete(cvId!);
        try {
          await this.options.work(cvId!);
          this.counts.done += 1;
        } catch (error) {
          this.counts.failed += 1;
          this.options.log.warn({ err: error, cvId }, 'rendering a saved CV in the background failed');
        }
      }
    } finally {
      this.running = null;
      this.settle();
    }
  }

  private settle(): void {
    if (this.busy() && !this.closed) return;
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}
