import { PdfUnavailableError, RENDERER_BUSY_MESSAGE, RENDERER_CLOSING_MESSAGE } from './pdf-errors.js';

/**
 * At most `size` renders at once; the rest wait in order, each for at most `queueTimeoutMs` (then a 503: a
 * request never waits without end behind a stuck render).
 */
export class Slots {
  private busy = 0;
  private waiters: Array<() => void> = [];
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly queueTimeoutMs: number,
  ) {}

  take(): Promise<void> {
    if (this.busy < this.size) {
      this.busy += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== wake);
        reject(new PdfUnavailableError(RENDERER_BUSY_MESSAGE));
      }, this.queueTimeoutMs);
      const wake = () => {
        clearTimeout(timer);
        if (this.closed) {
          reject(new PdfUnavailableError(RENDERER_CLOSING_MESSAGE));
          return;
        }
        this.busy += 1;
        resolve();
      };
      this.waiters.push(wake);
    });
  }

  free(): void {
    this.busy -= 1;
    this.waiters.shift()?.();
  }

  /** Every waiting request is refused; slots taken are still freed as their renders end. */
  close(): void {
    this.closed = true;
    for (const wake of this.waiters.splice(0)) wake();
  }
}
