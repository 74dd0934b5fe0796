import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { PdfCache } from './pdf-cache.js';
import {
  MAX_PDF_PAGES,
  PdfTooLongError,
  PdfUnavailableError,
  RENDERER_CLOSING_MESSAGE,
  timedOut,
} from './pdf-errors.js';
import { msg } from '../../../rules/languages.js';
import { forThePrinter } from './printer-document.js';
import { PagePool, type PooledPage } from './page-pool.js';

export {
  MAX_PDF_PAGES,
  PDF_TOO_LONG_MESSAGE,
  PDF_UNAVAILABLE_MESSAGE,
  PdfTooLongError,
  PdfUnavailableError,
} from './pdf-errors.js';

/**
 * Debian's Chromium in its headless build (chromium-headless-shell): the same engine without the desktop browser
 * around it. It prints in the renderer and starts no PrintCompositor process per document, which the full browser
 * does for every print whatever its switches (decision 0052: 26 ms of CPU per 2-page PDF against 55 ms).
 */
export const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';
/** Debian's Chromium, the full browser. */
export const CHROMIUM_BROWSER_PATH = '/usr/bin/chromium';
/** Where Chromium is when nothing says otherwise (config.ts reads CHROMIUM_PATH): the headless shell when installed. */
export const DEFAULT_CHROMIUM_PATH = existsSync(HEADLESS_SHELL_PATH)
  ? HEADLESS_SHELL_PATH
  : CHROMIUM_BROWSER_PATH;

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
  '--disable-features=Translate,MediaRouter,OptimizationHints,BackForwardCache,IntensiveWakeUpThrottling',
  // Render pages have no visible window, so Chromium may treat their renderers as background tabs (lower process
  // priority, throttled timers, hang detection); headless automation tools pass these switches for that reason. The
  // first PDF after a pause, or right after a slow one, is when renders used to wait.
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-hang-monitor',
  '--disable-ipc-flooding-protection',
  // A render that times out is retried once on a fresh browser within the same request; and after a quiet period or
  // a slow render the pool probes the browser and the page first (page-pool.ts), so a deaf one is replaced within
  // 1.5 s instead of costing the render timeout.
];

/**
 * How Chromium runs (PDF_RENDERER_PROCESS_MODEL). `one`: browser, renderer and print compositor in one process
 * (`--single-process`, which upstream calls unsupported), so a print starts no process; `multi`: Chromium's usual
 * model, where every print starts a PrintCompositor process (decision 0038). Figures in decision 0048.
 */
export type ProcessModel = 'one' | 'multi';
export const PROCESS_MODELS: readonly ProcessModel[] = ['one', 'multi'];
export const DEFAULT_PROCESS_MODEL: ProcessModel = 'multi';

/** Added to CHROMIUM_ARGS in the one-process model. */
export const ONE_PROCESS_ARGS = [
  '--single-process',
  // The zygote only forks renderers, and in one process there are none to fork.
  '--no-zygote',
  // Three minutes after start Chromium rates the machine for on-device AI models by starting their service, unless a
  // rating is given. In one process that service fails to load its backend, and from then on every Page.printToPDF
  // stays unanswered while every other command still answers: this was "stopped answering after a few quiet
  // minutes", busy or not (decision 0048). 1 is the rating "error", so no model is ever started; disabling the
  // features that name it (OptimizationGuideOnDeviceModel, LogOnDeviceMetricsOnStartup) did not stop it.
  '--optimization-guide-performance-class=1',
];

/** Chromium's command line for a process model. */
export function chromiumArgsFor(model: ProcessModel): readonly string[] {
  return model === 'one' ? [...CHROMIUM_ARGS, ...ONE_PROCESS_ARGS] : CHROMIUM_ARGS;
}

export interface PdfRendererOptions {
  /** Chromium to launch (the server's config says which: CHROMIUM_PATH, else DEFAULT_CHROMIUM_PATH). */
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
  /** One process or many (PDF_RENDERER_PROCESS_MODEL); DEFAULT_PROCESS_MODEL when unset. */
  processModel?: ProcessModel;
  /** Chromium's command line; the process model's unless a test or benchmark compares another. */
  chromiumArgs?: readonly string[];
  /** Probing before use after a quiet period or a slow render (page-pool.ts); tests move `now` to fake the quiet. */
  probeAfterIdleMs?: number;
  slowRenderMs?: number;
  probeTimeoutMs?: number;
  now?: () => number;
  /**
   * Chromium is recycled when the PSS of its processes passes this many MB (PDF_RENDERER_MAX_MB; 0: never).
   * `memoryCheckEveryMs`: how often it is read after renders (always right after a long document).
   */
  maxMemoryMb?: number;
  memoryCheckEveryMs?: number;
}

export interface Paper {
  widthMm: number;
  heightMm: number;
}

const MM_PER_INCH = 25.4;

export interface PdfRenderOptions {
  /** Add the PDF structure tree (accessible, "tagged" PDF). Default true. */
  tagged?: boolean;
  /**
   * The paper, in millimetres, from the CV's design (its render model's page size). Every CV document says the same
   * in its `@page size`, which wins (preferCSSPageSize); without either Chromium uses its default paper.
   */
  paper?: Paper;
}

export interface PdfRendererStats {
  renders: number;
  cacheHits: number;
  launches: number;
  retries: number;
  timeouts: number;
  /** When Chromium was last started (ISO-8601), null before the first PDF: the admin dashboard shows it. */
  lastLaunchAt: string | null;
  /** PDFs rendered on `day` (UTC date): the admin dashboard's "today". */
  day: string;
  dayRenders: number;
  /** A browser or page that did not answer its probe before a render (it was replaced). */
  probeFailures: number;
  /** Browsers replaced because Chromium's memory passed its bound. */
  recycles: number;
  /** Documents refused for printing more than MAX_PDF_PAGES pages. */
  tooLong: number;
}

export type RendererState = 'running' | 'idle' | 'unavailable' | 'closed';

/** The renderer as /readyz and the admin dashboard report it, read when asked. */
export interface RendererSnapshot {
  state: RendererState;
  /** Whether a browser runs now. */
  running: boolean;
  stats: PdfRendererStats;
}

/**
 * What the app prints with (`app.pdf`): the PdfRenderer itself when one process serves (WEB_CONCURRENCY=1), or in a
 * cluster worker a proxy to the primary's one renderer (cluster/renderer-ipc.ts). Both fail the same way: a
 * PdfUnavailableError (503) with the same messages.
 */
export interface PdfPrinter {
  /** Whether a Chromium executable is there to launch (rendering may still fail later). */
  readonly available: boolean;
  readonly poolSize: number;
  render(html: string, options?: PdfRenderOptions): Promise<Buffer>;
  firstThatFits(candidates: readonly string[], box: Paper): Promise<{ index: number; fits: boolean }>;
  /** The top `box` (millimetres) of a document as the screen shows it, as a PNG: a shared CV's picture. */
  picture(html: string, box: Paper): Promise<Buffer>;
  warmUp(): Promise<void>;
  snapshot(): Promise<RendererSnapshot>;
  close(): Promise<void>;
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

/** Chromium's memory bound when the server's config says nothing (PDF_RENDERER_MAX_MB). */
export const DEFAULT_MAX_MEMORY_MB = 600;

// A 2-page CV is ~15,000 characters of HTML, 50 pages of CV several hundred thousand: above this size a document's
// length is estimated from a layout before it is printed.
const ESTIMATE_PAGES_ABOVE_CHARS = 60_000;
const A4_HEIGHT_MM = 297;

// A document longer than this many pages is printed in a page that is closed afterwards: its renderer process
// would otherwise keep the memory of the long layout until the page's next document.
const LONG_DOCUMENT_PAGES = 10;

/** Pages in a PDF Chromium printed (Skia writes each page object uncompressed, as `/Type /Page`). */
export function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

// A page is retired after this many documents, as insurance against slow leaks. A renderer
// grows to a plateau (~150 MB above a fresh one) within ~150 documents and stays there, so
// retiring more often only trades throughput (fresh renderers are cold) for a sawtooth.
const MAX_PAGE_USES = 1000;

/** A renderer's counters before its first document (a worker's proxy answers these when the primary is silent). */
export function emptyRendererStats(): PdfRendererStats {
  return {
    renders: 0,
    cacheHits: 0,
    launches: 0,
    retries: 0,
    timeouts: 0,
    lastLaunchAt: null,
    day: '',
    dayRenders: 0,
    probeFailures: 0,
    recycles: 0,
    tooLong: 0,
  };
}

/**
 * Prints HTML to PDF with one headless Chromium per process and a bounded pool of warm pages.
 * Render pages run no JavaScript and make no requests: the document arrives by setDocumentContent
 * and every request it would make fails. A render that takes too long, or a browser that cannot
 * start, becomes a PdfUnavailableError (503), never a hang; a browser that dies is relaunched and
 * the render retried once.
 */
export class PdfRenderer implements PdfPrinter {
  readonly executablePath: string;
  readonly poolSize: number;
  readonly processModel: ProcessModel;
  readonly stats: PdfRendererStats = emptyRendererStats();

  private readonly renderTimeoutMs: number;
  private readonly cache: PdfCache;
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private readonly pages: PagePool;
  private closed = false;

  constructor(options: PdfRendererOptions = {}) {
    this.executablePath = options.executablePath ?? DEFAULT_CHROMIUM_PATH;
    this.poolSize = Math.max(1, options.poolSize ?? 2);
    this.processModel = options.processModel ?? DEFAULT_PROCESS_MODEL;
    this.renderTimeoutMs = options.renderTimeoutMs ?? 15_000;
    this.cache = new PdfCache(options.cacheEntries ?? 64, options.cacheBytes ?? 32 * 1024 * 1024);
    this.pages = new PagePool({
      executablePath: this.executablePath,
      chromiumArgs: options.chromiumArgs ?? chromiumArgsFor(this.processModel),
      // In one process a browser that stopped printing still answers every other command: only a print proves it.
      probeByPrinting: this.processModel === 'one',
      size: this.poolSize,
      queueTimeoutMs: options.queueTimeoutMs ?? Math.max(30_000, this.renderTimeoutMs * 2),
      maxPageUses: options.maxPageUses ?? MAX_PAGE_USES,
      onLaunch: () => {
        this.stats.launches += 1;
        this.stats.lastLaunchAt = new Date().toISOString();
      },
      onProbeFailed: () => {
        this.stats.probeFailures += 1;
      },
      probeAfterIdleMs: options.probeAfterIdleMs,
      slowRenderMs: options.slowRenderMs,
      probeTimeoutMs: options.probeTimeoutMs,
      now: options.now,
      maxMemoryMb: options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB,
      memoryCheckEveryMs: options.memoryCheckEveryMs,
      onRecycle: () => {
        this.stats.recycles += 1;
      },
    });
  }

  /** Whether a Chromium executable is there to launch (rendering may still fail later). */
  get available(): boolean {
    return this.pages.available;
  }

  /** For the readiness probe: running (a browser answers), idle (one starts on the next PDF), unavailable, closed. */
  get state(): RendererState {
    if (this.closed) return 'closed';
    if (!this.pages.available) return 'unavailable';
    return this.pages.browserPid === undefined ? 'idle' : 'running';
  }

  async snapshot(): Promise<RendererSnapshot> {
    return { state: this.state, running: this.browserPid !== undefined, stats: { ...this.stats } };
  }

  /** Launches the browser and opens the pool's pages ahead of the first request. */
  async warmUp(): Promise<void> {
    const pages = await Promise.all(Array.from({ length: this.poolSize }, () => this.pages.acquire()));
    for (const page of pages) this.pages.release(page, true);
  }

  /**
   * Prints a complete HTML document. `tagged` (default true) adds the PDF structure tree that
   * screen readers and some parsers use; it costs ~20 ms of CPU, so the live preview skips it.
   */
  async render(html: string, options: PdfRenderOptions = {}): Promise<Buffer> {
    if (this.closed) throw new PdfUnavailableError(RENDERER_CLOSING_MESSAGE);
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
    const work = this.renderWithRetry(html, tagged, options.paper).then((pdf) => {
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

  /**
   * Fit to one page: of `candidates`, documents that each take no more room than the one before, the
   * first whose content fits one page of `box` (the printable area in millimetres). Every pass lays a candidate out
   * in the same pooled page, with print styles and a viewport of the printable area, and reads the content's height
   * (two calls to Chromium per pass); a binary search keeps the passes few. `fits` false: not even the last fits.
   */
  async firstThatFits(candidates: readonly string[], box: Paper): Promise<{ index: number; fits: boolean }> {
    if (this.closed) throw new PdfUnavailableError(RENDERER_CLOSING_MESSAGE);
    const pooled = await this.pages.acquire();
    let healthy = false;
    let long = false;
    try {
      const result = await withTimeout(this.searchFit(pooled, candidates, box), this.renderTimeoutMs, () => {
        this.stats.timeouts += 1;
      });
      healthy = true;
      long = result.pages > LONG_DOCUMENT_PAGES;
      return { index: result.index, fits: result.fits };
    } catch (error) {
      if (error instanceof TimeoutError) {
        if (this.pages.isCurrent(pooled)) this.pages.dropBrowser();
        throw new PdfUnavailableError(timedOut(this.renderTimeoutMs));
      }
      throw error;
    } finally {
      this.pages.release(pooled, healthy, long);
    }
  }

  private async searchFit(
    { browser, targetId, sessionId }: PooledPage,
    candidates: readonly string[],
    box: Paper,
  ): Promise<{ index: number; fits: boolean; pages: number }> {
    const px = (mm: number) => Math.max(1, Math.floor((mm * 96) / MM_PER_INCH));
    const height = px(box.heightMm);
    // The longest candidate laid out, in pages of the box (roughly: a long one closes the page afterwards).
    let pages = 1;
    await browser.send('Emulation.setEmulatedMedia', { media: 'print' }, sessionId);
    await browser.send(
      'Emulation.setDeviceMetricsOverride',
      { width: px(box.widthMm), height, deviceScaleFactor: 1, mobile: false },
      sessionId,
    );
    const fits = async (index: number) => {
      await browser.send(
        'Page.setDocumentContent',
        { frameId: targetId, html: forThePrinter(candidates[index]!, { toPrint: false }) },
        sessionId,
      );
      const metrics = await browser.send('Page.getLayoutMetrics', {}, sessionId);
      pages = Math.max(pages, metrics.cssContentSize.height / height);
      // The content's height, or the viewport's when the content is shorter.
      return Math.ceil(metrics.cssContentSize.height) <= height;
    };
    try {
      if (await fits(0)) return { index: 0, fits: true, pages };
      const last = candidates.length - 1;
      if (last === 0 || !(await fits(last))) return { index: 0, fits: false, pages };
      let low = 0; // does not fit
      let high = last; // fits
      while (high - low > 1) {
        const mid = Math.floor((low + high) / 2);
        if (await fits(mid)) high = mid;
        else low = mid;
      }
      return { index: high, fits: true, pages };
    } finally {
      await browser.send('Emulation.clearDeviceMetricsOverride', {}, sessionId);
      await browser.send('Emulation.setEmulatedMedia', { media: '' }, sessionId);
    }
  }

  async picture(html: string, box: Paper): Promise<Buffer> {
    if (this.closed) throw new PdfUnavailableError(RENDERER_CLOSING_MESSAGE);
    const pooled = await this.pages.acquire();
    let healthy = false;
    try {
      const png = await withTimeout(this.shoot(pooled, html, box), this.renderTimeoutMs, () => {
        this.stats.timeouts += 1;
      });
      healthy = true;
      return png;
    } catch (error) {
      if (error instanceof TimeoutError) {
        if (this.pages.isCurrent(pooled)) this.pages.dropBrowser();
        throw new PdfUnavailableError(timedOut(this.renderTimeoutMs));
      }
      throw error;
    } finally {
      this.pages.release(pooled, healthy);
    }
  }

  private async shoot(
    { browser, targetId, sessionId }: PooledPage,
    html: string,
    box: Paper,
  ): Promise<Buffer> {
    const width = Math.max(1, Math.round((box.widthMm * 96) / MM_PER_INCH));
    const height = Math.max(1, Math.round((box.heightMm * 96) / MM_PER_INCH));
    await browser.send(
      'Emulation.setDeviceMetricsOverride',
      { width, height, deviceScaleFactor: 1, mobile: false },
      sessionId,
    );
    try {
      await browser.send(
        'Page.setDocumentContent',
        { frameId: targetId, html: forThePrinter(html, { toPrint: false }) },
        sessionId,
      );
      const { data } = await browser.send(
        'Page.captureScreenshot',
        { format: 'png', clip: { x: 0, y: 0, width, height, scale: 1 }, captureBeyondViewport: false },
        sessionId,
      );
      return Buffer.from(data, 'base64');
    } finally {
      await browser.send('Emulation.clearDeviceMetricsOverride', {}, sessionId);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pages.close();
  }

  /** The browser's process id while one runs (tests kill it to prove recovery). */
  get browserPid(): number | undefined {
    return this.pages.browserPid;
  }

  /**
   * One render, and one more on a fresh start when the first fails for a reason a fresh browser cures: the page or
   * the browser died, or the render timed out (the browser is replaced first). The person asking pays for a
   * relaunch, never with a 503, unless the second try fails too.
   */
  private async renderWithRetry(html: string, tagged: boolean, paper: Paper | undefined): Promise<Buffer> {
    try {
      return await this.renderOnce(html, tagged, paper);
    } catch (error) {
      if (error instanceof PdfUnavailableError || error instanceof PdfTooLongError || this.closed)
        throw error;
      if (this.pages.lostBrowser) this.pages.dropBrowser();
      this.stats.retries += 1;
      try {
        return await this.renderOnce(html, tagged, paper);
      } catch (retryError) {
        if (retryError instanceof PdfUnavailableError || retryError instanceof PdfTooLongError)
          throw retryError;
        if (retryError instanceof TimeoutError) {
          throw new PdfUnavailableError(timedOut(this.renderTimeoutMs));
        }
        throw new PdfUnavailableError({
          id: msg('PDF rendering failed: {reason}'),
          values: { reason: (retryError as Error).message.split('\n')[0] },
        });
      }
    }
  }

  private async renderOnce(html: string, tagged: boolean, paper: Paper | undefined): Promise<Buffer> {
    const pooled = await this.pages.acquire();
    let healthy = false;
    let long = false;
    const started = performance.now();
    try {
      const pdf = await withTimeout(this.print(pooled, html, tagged, paper), this.renderTimeoutMs, () => {
        this.stats.timeouts += 1;
      });
      healthy = true;
      long = pdfPageCount(pdf) > LONG_DOCUMENT_PAGES;
      this.stats.renders += 1;
      const today = new Date().toISOString().slice(0, 10);
      if (this.stats.day !== today) Object.assign(this.stats, { day: today, dayRenders: 0 });
      this.stats.dayRenders += 1;
      return pdf;
    } catch (error) {
      if (error instanceof PdfTooLongError) {
        this.stats.tooLong += 1;
        healthy = true;
        long = true;
      }
      // A browser that stopped answering is not trusted with the next render: relaunch.
      if (error instanceof TimeoutError && this.pages.isCurrent(pooled)) this.pages.dropBrowser();
      throw error;
    } finally {
      this.pages.renderEnded(performance.now() - started);
      this.pages.release(pooled, healthy, long);
    }
  }

  private async print(
    { browser, targetId, sessionId }: PooledPage,
    html: string,
    tagged: boolean,
    paper: Paper | undefined,
  ): Promise<Buffer> {
    // The document has no scripts and no subresources: once it is parsed (setDocumentContent
    // returns then) it can be printed. A page's main frame id is its target id. Hidden on screen, it is laid out
    // once, for print (printer-document.ts).
    await browser.send(
      'Page.setDocumentContent',
      { frameId: targetId, html: forThePrinter(html, { toPrint: true }) },
      sessionId,
    );
    if (html.length > ESTIMATE_PAGES_ABOVE_CHARS) {
      // A document this large may be far over the page limit: its height in one column of the window's width, in
      // pages of its paper, is known after a layout, at about a quarter of the cost of printing it (a 261-page
      // document: 1.2 s against 4.1 s). Print styles show it; the window is wider than a page's text and has no
      // margins or breaks, so over the limit there means over the limit printed.
      await browser.send('Emulation.setEmulatedMedia', { media: 'print' }, sessionId);
      try {
        const { cssContentSize } = await browser.send('Page.getLayoutMetrics', {}, sessionId);
        const pageHeightPx = ((paper?.heightMm ?? A4_HEIGHT_MM) * 96) / MM_PER_INCH;
        if (cssContentSize.height / pageHeightPx > MAX_PDF_PAGES) throw new PdfTooLongError();
      } finally {
        await browser.send('Emulation.setEmulatedMedia', { media: '' }, sessionId);
      }
    }
    const { data } = await browser.send(
      'Page.printToPDF',
      {
        ...(paper
          ? { paperWidth: paper.widthMm / MM_PER_INCH, paperHeight: paper.heightMm / MM_PER_INCH }
          : {}),
        printBackground: true,
        preferCSSPageSize: true,
        marginTop: 0,
        marginBottom: 0,
        marginLeft: 0,
        marginRight: 0,
        generateTaggedPDF: tagged,
        // One page past the limit is enough to know a document is too long: the rest is never painted.
        pageRanges: `1-${MAX_PDF_PAGES + 1}`,
        transferMode: 'ReturnAsBase64',
      },
      sessionId,
    );
    const pdf = Buffer.from(data, 'base64');
    if (pdfPageCount(pdf) > MAX_PDF_PAGES) throw new PdfTooLongError();
    return pdf;
  }
}
