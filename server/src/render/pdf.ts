import { createHash } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { ChromiumBrowser, type CdpEvent } from './cdp.js';

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
  '--hide-scrollbars',
  '--force-color-profile=srgb',
  '--disable-breakpad',
  '--disable-features=Translate,MediaRouter,OptimizationHints,BackForwardCache',
  // Chromium runs in its normal multi-process model. One process (`--single-process --no-zygote`,
  // which upstream documents as unsupported) printed ~25% faster but stopped answering after about
  // three minutes without work: the first PDF after a quiet pause waited 15 s and failed (issue 28).
  // A render that does time out is retried once on a fresh browser within the same request.
];

/** A4, in inches, as Chromium's printToPDF takes it (Playwright's `format: 'A4'`). */
const A4 = { paperWidth: 8.27, paperHeight: 11.7 } as const;

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
  /** Chromium's command line; CHROMIUM_ARGS unless a test or benchmark compares another. */
  chromiumArgs?: readonly string[];
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

/** Options from the environment (for scripts; the server reads them through its config): CHROMIUM_PATH, PDF_POOL_SIZE, PDF_TIMEOUT_MS. */
export function pdfRendererOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): PdfRendererOptions {
  return {
    executablePath: resolveChromiumPath(env),
    poolSize: positiveInteger(env.PDF_POOL_SIZE, 2),
    renderTimeoutMs: positiveInteger(env.PDF_TIMEOUT_MS, 15_000),
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
  browser: ChromiumBrowser;
  targetId: string;
  /** The page's DevTools session (flat mode: commands carry its id). */
  sessionId: string;
  /** Set when the page crashed or was detached: it is closed instead of reused. */
  broken: boolean;
  uses: number;
}

// A page is retired after this many documents, as insurance against slow leaks. A renderer
// grows to a plateau (~150 MB above a fresh one) within ~150 documents and stays there, so
// retiring more often only trades throughput (fresh renderers are cold) for a sawtooth.
const MAX_PAGE_USES = 1000;

// Every this many documents a page is told memory is short, and Blink drops its caches. Under
// load this keeps Chromium's memory ~60 MB lower (peak ~500 instead of ~560 MB) for ~10% of its
// throughput; "critical" pressure, or purging less often, buys less for more (bench/render.ts).
const PURGE_EVERY_USES = 10;

/**
 * Prints HTML to PDF with one headless Chromium per process and a bounded pool of warm pages.
 * Render pages run no JavaScript and make no requests: the document arrives by setDocumentContent
 * and every request it would make fails. A render that takes too long, or a browser that cannot
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
  private readonly chromiumArgs: readonly string[];
  private readonly cache: PdfCache;
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  private browser: ChromiumBrowser | undefined;
  /** The isolated browser context (like an incognito profile) the render pages live in. */
  private contextId: string | undefined;
  private launching: Promise<ChromiumBrowser> | undefined;
  private readonly pagesBySession = new Map<string, PooledPage>();
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
    this.chromiumArgs = options.chromiumArgs ?? CHROMIUM_ARGS;
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
    this.browser = undefined; // closed politely below, not killed by dropBrowser
    this.dropBrowser();
    for (const wake of this.waiters.splice(0)) wake();
    await browser?.close().catch(() => undefined);
  }

  /** The browser's process id while one runs (tests kill it to prove recovery). */
  get browserPid(): number | undefined {
    return this.browser?.connected ? this.browser.pid : undefined;
  }

  /**
   * One render, and one more on a fresh start when the first fails for a reason a fresh browser cures: the page or
   * the browser died, or the render timed out (the browser is replaced first). The person asking pays for a
   * relaunch, never with a 503, unless the second try fails too.
   */
  private async renderWithRetry(html: string, tagged: boolean): Promise<Buffer> {
    try {
      return await this.renderOnce(html, tagged);
    } catch (error) {
      if (error instanceof PdfUnavailableError || this.closed) throw error;
      if (this.browser && !this.browser.connected) this.dropBrowser();
      this.stats.retries += 1;
      try {
        return await this.renderOnce(html, tagged);
      } catch (retryError) {
        if (retryError instanceof PdfUnavailableError) throw retryError;
        if (retryError instanceof TimeoutError) {
          throw new PdfUnavailableError(`PDF rendering timed out after ${this.renderTimeoutMs} ms; please try again.`);
        }
        throw new PdfUnavailableError(`PDF rendering failed: ${(retryError as Error).message.split('\n')[0]}`);
      }
    }
  }

  private async renderOnce(html: string, tagged: boolean): Promise<Buffer> {
    const pooled = await this.acquire();
    let healthy = false;
    try {
      const pdf = await withTimeout(this.print(pooled, html, tagged), this.renderTimeoutMs, () => {
        this.stats.timeouts += 1;
      });
      healthy = true;
      this.stats.renders += 1;
      return pdf;
    } catch (error) {
      // A browser that stopped answering is not trusted with the next render: relaunch.
      if (error instanceof TimeoutError && this.browser === pooled.browser) this.dropBrowser();
      throw error;
    } finally {
      this.release(pooled, healthy);
    }
  }

  private async print({ browser, targetId, sessionId }: PooledPage, html: string, tagged: boolean): Promise<Buffer> {
    // The document has no scripts and no subresources: once it is parsed (setDocumentContent
    // returns then) it can be printed. A page's main frame id is its target id.
    await browser.send('Page.setDocumentContent', { frameId: targetId, html }, sessionId);
    const { data } = await browser.send(
      'Page.printToPDF',
      {
        ...A4,
        printBackground: true,
        preferCSSPageSize: true,
        marginTop: 0,
        marginBottom: 0,
        marginLeft: 0,
        marginRight: 0,
        generateTaggedPDF: tagged,
        transferMode: 'ReturnAsBase64',
      },
      sessionId,
    );
    return Buffer.from(data, 'base64');
  }

  /** A blank page in the render context that runs no JavaScript and whose every request fails. */
  private async openPage(browser: ChromiumBrowser, contextId: string): Promise<PooledPage> {
    const { targetId } = await browser.send('Target.createTarget', { url: 'about:blank', browserContextId: contextId });
    try {
      const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
      const pooled: PooledPage = { browser, targetId, sessionId, broken: false, uses: 0 };
      this.pagesBySession.set(sessionId, pooled);
      await Promise.all([
        browser.send('Emulation.setScriptExecutionDisabled', { value: true }, sessionId),
        // A CV is a self-contained document: anything it tries to fetch is refused.
        browser.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] }, sessionId),
      ]);
      return pooled;
    } catch (error) {
      void browser.send('Target.closeTarget', { targetId }).catch(() => undefined);
      throw error;
    }
  }

  private closePage(pooled: PooledPage): void {
    this.pagesBySession.delete(pooled.sessionId);
    void pooled.browser.send('Target.closeTarget', { targetId: pooled.targetId }).catch(() => undefined);
  }

  private onBrowserEvent(browser: ChromiumBrowser, event: CdpEvent): void {
    if (event.method === 'Fetch.requestPaused' && event.sessionId) {
      const requestId = String(event.params.requestId);
      void browser.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' }, event.sessionId).catch(() => undefined);
    } else if (event.method === 'Inspector.targetCrashed' && event.sessionId) {
      const crashed = this.pagesBySession.get(event.sessionId);
      if (crashed) crashed.broken = true;
    } else if (event.method === 'Target.detachedFromTarget') {
      const detached = this.pagesBySession.get(String(event.params.sessionId));
      if (detached) detached.broken = true;
    }
  }

  private async acquire(): Promise<PooledPage> {
    await this.takeSlot();
    try {
      const warm = this.idle.pop();
      // Pages of a browser that went away are never reused.
      if (warm && warm.browser === this.browser && !warm.broken) return warm;
      if (warm) this.closePage(warm);
      const browser = await this.ensureBrowser();
      return await this.openPage(browser, this.contextId!);
    } catch (error) {
      this.freeSlot();
      throw error;
    }
  }

  private release(pooled: PooledPage, healthy: boolean): void {
    pooled.uses += 1;
    if (pooled.uses % PURGE_EVERY_USES === 0 && !pooled.broken) {
      void pooled.browser
        .send('Memory.simulatePressureNotification', { level: 'moderate' }, pooled.sessionId)
        .catch(() => undefined);
    }
    const reusable = healthy && pooled.uses < this.maxPageUses && pooled.browser === this.browser;
    if (reusable && !this.closed && !pooled.broken) {
      this.idle.push(pooled);
    } else {
      this.closePage(pooled);
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

  private ensureBrowser(): Promise<ChromiumBrowser> {
    if (this.browser?.connected && this.contextId) return Promise.resolve(this.browser);
    this.launching ??= this.launch().finally(() => {
      this.launching = undefined;
    });
    return this.launching;
  }

  private async launch(): Promise<ChromiumBrowser> {
    if (this.closed) throw new PdfUnavailableError('PDF rendering is unavailable: the renderer is shutting down.');
    if (!this.available) throw new PdfUnavailableError(PDF_UNAVAILABLE_MESSAGE);
    this.dropBrowser();
    let browser: ChromiumBrowser;
    let contextId: string;
    try {
      browser = await ChromiumBrowser.launch({ executablePath: this.executablePath, args: this.chromiumArgs, timeoutMs: 30_000 });
    } catch (error) {
      throw new PdfUnavailableError(
        `${PDF_UNAVAILABLE_MESSAGE} (Chromium at ${this.executablePath} did not start: ${(error as Error).message.split('\n')[0]})`,
      );
    }
    try {
      ({ browserContextId: contextId } = await browser.send('Target.createBrowserContext', { disposeOnDetach: true }));
    } catch (error) {
      browser.kill();
      throw error;
    }
    this.stats.launches += 1;
    browser.onEvent((event) => this.onBrowserEvent(browser, event));
    browser.onExit(() => {
      if (this.browser === browser) this.dropBrowser();
    });
    if (this.closed) {
      await browser.close().catch(() => undefined);
      throw new PdfUnavailableError('PDF rendering is unavailable: the renderer is shutting down.');
    }
    this.browser = browser;
    this.contextId = contextId;
    return browser;
  }

  private dropBrowser(): void {
    const browser = this.browser;
    this.browser = undefined;
    this.contextId = undefined;
    this.idle = [];
    this.pagesBySession.clear();
    // A browser dropped while still running (it stopped answering) must not linger.
    if (browser?.connected) browser.kill();
  }
}
