import { createHash } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const PDF_UNAVAILABLE_MESSAGE =
  'PDF rendering is unavailable: install Chromium (apt-get install chromium) or set CHROMIUM_PATH.';

/** Every PDF failure the caller can only report: the route answers 503 with `message` as detail. */
export class PdfUnavailableError extends Error {
  readonly statusCode = 503;
}

// Without the background-networking flags Chromium floods a closed network with refused connections.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--mute-audio',
  // Not --no-zygote / --in-process-gpu: they save ~90 MB but cost ~45 ms of CPU per PDF here.
];

export interface PdfRendererOptions {
  /** Defaults to CHROMIUM_PATH, else /usr/bin/chromium. */
  executablePath?: string;
  /** Warm pages kept open; Chromium is CPU-bound, so more than the core count buys only memory. */
  poolSize?: number;
  /** Longest a single render may take before it is abandoned with a 503. */
  renderTimeoutMs?: number;
  /** Longest a request may wait for a free page. */
  queueTimeoutMs?: number;
  /** Identical documents (same template and data) are served from this many cached PDFs. */
  cacheEntries?: number;
  cacheBytes?: number;
  /** Documents a page prints before it is closed and replaced by a fresh one. */
  maxPageUses?: number;
}

export interface PdfRenderOptions {
  /** Add the PDF structure tree (accessible, "tagged" PDF). Default true. */
  tagged?: boolean;
}

export interface PdfRendererStats {
  renders: number;
  cacheHits: number;
  launches: number;
  retries: number;
  timeouts: number;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function resolveChromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium';
}

function positiveInteger(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/** Options from the environment: CHROMIUM_PATH, PDF_POOL_SIZE, PDF_RENDER_TIMEOUT_MS. */
export function pdfRendererOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): PdfRendererOptions {
  return {
    executablePath: resolveChromiumPath(env),
    poolSize: positiveInteger(env.PDF_POOL_SIZE, 2),
    renderTimeoutMs: positiveInteger(env.PDF_RENDER_TIMEOUT_MS, 15_000),
  };
}

class TimeoutError extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new TimeoutError());
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A small LRU of finished PDFs keyed by a hash of the document. */
class PdfCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get(key: string): Buffer | undefined {
    const pdf = this.entries.get(key);
    if (pdf) {
      this.entries.delete(key);
      this.entries.set(key, pdf);
    }
    return pdf;
  }

  set(key: string, pdf: Buffer): void {
    if (this.maxEntries === 0 || pdf.length > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, pdf);
    this.bytes += pdf.length;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.length;
    }
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.length;
    }
  }
}

interface PooledPage {
  page: Page;
  generation: number;
  uses: number;
}

// A page is retired after this many documents, as insurance against slow leaks. A renderer
// grows to a plateau (~150 MB above a fresh one) within ~150 documents and stays there, so
// retiring more often only trades throughput (fresh renderers are cold) for a sawtooth.
const MAX_PAGE_USES = 1000;

/**
 * Prints HTML to PDF with one headless Chromium per process and a bounded pool of warm pages.
 * Render pages run no JavaScript and make no requests: the document arrives by setContent and
 * every request it would make is aborted. A render that takes too long, or a browser that cannot
 * start, becomes a PdfUnavailableError (503), never a hang; a browser that dies is relaunched and
 * the render retried once.
 */
export class PdfRenderer {
  readonly executablePath: string;
  readonly poolSize: number;
  readonly stats: PdfRendererStats = { renders: 0, cacheHits: 0, launches: 0, retries: 0, timeouts: 0 };

  private readonly renderTimeoutMs: number;
  private readonly queueTimeoutMs: number;
  private readonly maxPageUses: number;
  private readonly cache: PdfCache;
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  private browser: Browser | undefined;
  private context: BrowserContext | undefined;
  private launching: Promise<BrowserContext> | undefined;
  /** Bumped whenever the browser goes away, so pages from a dead browser are never reused. */
  private generation = 0;
  private idle: PooledPage[] = [];
  private busy = 0;
  private waiters: Array<() => void> = [];
  private closed = false;

  constructor(options: PdfRendererOptions = {}) {
    this.executablePath = options.executablePath ?? resolveChromiumPath();
    this.poolSize = Math.max(1, options.poolSize ?? 2);
    this.renderTimeoutMs = options.renderTimeoutMs ?? 15_000;
    this.queueTimeoutMs = options.queueTimeoutMs ?? Math.max(30_000, this.renderTimeoutMs * 2);
    this.maxPageUses = options.maxPageUses ?? MAX_PAGE_USES;
    this.cache = new PdfCache(options.cacheEntries ?? 64, options.cacheBytes ?? 32 * 1024 * 1024);
  }

  /** Whether a Chromium executable is there to launch (rendering may still fail later). */
  get available(): boolean {
    return isExecutable(this.executablePath);
  }

  /** Launches the browser and opens the pool's pages ahead of the first request. */
  async warmUp(): Promise<void> {
    const pages = await Promise.all(Array.from({ length: this.poolSize }, () => this.acquire()));
    for (const page of pages) this.release(page, true);
  }

  /**
   * Prints a complete HTML document. `tagged` (default true) adds the PDF structure tree that
   * screen readers and some parsers use; it costs ~20 ms of CPU, so the live preview skips it.
   */
  async render(html: string, options: PdfRenderOptions = {}): Promise<Buffer> {
    if (this.closed) throw new PdfUnavailableError('PDF rendering is unavailable: the renderer is shutting down.');
    const tagged = options.tagged ?? true;
    const key = `${createHash('sha256').update(html).digest('base64url')}${tagged ? ':tagged' : ''}`;
    const cached = this.cache.get(key);
    if (cached) {
      this.stats.cacheHits += 1;
      return cached;
    }
    // Identical requests arriving together share one render.
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const work = this.renderWithRetry(html, tagged).then((pdf) => {
      this.cache.set(key, pdf);
      return pdf;
    });
    this.inFlight.set(key, work);
    try {
      return await work;
    } finally {
      this.inFlight.delete(key);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.dropBrowser();
    for (const wake of this.waiters.splice(0)) wake();
    await browser?.close().catch(() => undefined);
  }

  private async renderWithRetry(html: string, tagged: boolean): Promise<Buffer> {
    try {
      return await this.renderOnce(html, tagged);
    } catch (error) {
      if (error instanceof PdfUnavailableError || this.closed) throw error;
      // The page or the whole browser died under us: start clean and try exactly once more.
      if (this.browser && !this.browser.isConnected()) this.dropBrowser();
      this.stats.retries += 1;
      try {
        return await this.renderOnce(html, tagged);
      } catch (retryError) {
        if (retryError instanceof PdfUnavailableError) throw retryError;
        throw new PdfUnavailableError(`PDF rendering failed: ${(retryError as Error).message.split('\n')[0]}`);
      }
    }
  }

  private async renderOnce(html: string, tagged: boolean): Promise<Buffer> {
    const pooled = await this.acquire();
    let healthy = false;
    try {
      const pdf = await withTimeout(this.print(pooled.page, html, tagged), this.renderTimeoutMs, () => {
        this.stats.timeouts += 1;
      });
      healthy = true;
      this.stats.renders += 1;
      return pdf;
    } catch (error) {
      if (error instanceof TimeoutError) {
        throw new PdfUnavailableError(`PDF rendering timed out after ${this.renderTimeoutMs} ms; please try again.`);
      }
      throw error;
    } finally {
      this.release(pooled, healthy);
    }
  }

  private async print(page: Page, html: string, tagged: boolean): Promise<Buffer> {
    // The document has no scripts and no subresources: parsing it is all there is to wait for.
    await page.setContent(html, { waitUntil: 'domcontentloaded', timeout: this.renderTimeoutMs });
    return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true, tagged });
  }

  private async acquire(): Promise<PooledPage> {
    await this.takeSlot();
    try {
      const generation = this.generation;
      const warm = this.idle.pop();
      if (warm && warm.generation === generation && !warm.page.isClosed()) return warm;
      if (warm) void warm.page.close().catch(() => undefined);
      const context = await this.ensureContext();
      const page = await context.newPage();
      return { page, generation: this.generation, uses: 0 };
    } catch (error) {
      this.freeSlot();
      throw error;
    }
  }

  private release(pooled: PooledPage, healthy: boolean): void {
    pooled.uses += 1;
    const reusable = healthy && pooled.uses < this.maxPageUses && pooled.generation === this.generation;
    if (reusable && !this.closed && !pooled.page.isClosed()) {
      this.idle.push(pooled);
    } else {
      void pooled.page.close().catch(() => undefined);
    }
    this.freeSlot();
  }

  private takeSlot(): Promise<void> {
    if (this.busy < this.poolSize) {
      this.busy += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wake);
        reject(new PdfUnavailableError('PDF rendering is busy; please try again in a moment.'));
      }, this.queueTimeoutMs);
      const wake = () => {
        clearTimeout(timer);
        if (this.closed) {
          reject(new PdfUnavailableError('PDF rendering is unavailable: the renderer is shutting down.'));
          return;
        }
        this.busy += 1;
        resolve();
      };
      this.waiters.push(wake);
    });
  }

  private freeSlot(): void {
    this.busy -= 1;
    const next = this.waiters.shift();
    if (next) next();
  }

  private ensureContext(): Promise<BrowserContext> {
    if (this.context && this.browser?.isConnected()) return Promise.resolve(this.context);
    this.launching ??= this.launch().finally(() => {
      this.launching = undefined;
    });
    return this.launching;
  }

  private async launch(): Promise<BrowserContext> {
    if (this.closed) throw new PdfUnavailableError('PDF rendering is unavailable: the renderer is shutting down.');
    if (!this.available) throw new PdfUnavailableError(PDF_UNAVAILABLE_MESSAGE);
    this.dropBrowser();
    let browser: Browser;
    try {
      browser = await chromium.launch({
        executablePath: this.executablePath,
        args: CHROMIUM_ARGS,
        timeout: 30_000,
        // Our own shutdown closes it; Playwright's signal handlers would race the server's.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    } catch (error) {
      throw new PdfUnavailableError(
        `${PDF_UNAVAILABLE_MESSAGE} (Chromium at ${this.executablePath} did not start: ${(error as Error).message.split('\n')[0]})`,
      );
    }
    this.stats.launches += 1;
    browser.on('disconnected', () => {
      if (this.browser === browser) this.dropBrowser();
    });
    const context = await browser.newContext({
      javaScriptEnabled: false,
      offline: true,
      serviceWorkers: 'block',
      acceptDownloads: false,
    });
    // A CV is a self-contained document: anything it tries to fetch is refused.
    await context.route('**/*', (route) => route.abort('blockedbyclient'));
    if (this.closed) {
      await browser.close().catch(() => undefined);
      throw new PdfUnavailableError('PDF rendering is unavailable: the renderer is shutting down.');
    }
    this.browser = browser;
    this.context = context;
    return context;
  }

  private dropBrowser(): void {
    this.generation += 1;
    this.browser = undefined;
    this.context = undefined;
    this.idle = [];
  }
}
