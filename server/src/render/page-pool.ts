import { accessSync, constants } from 'node:fs';
import { ChromiumBrowser, type CdpEvent } from './cdp.js';
import { processTreePssMb } from './memory.js';
import { msg } from '../../../rules/languages.js';
import { PDF_UNAVAILABLE_MESSAGE, PdfUnavailableError, RENDERER_CLOSING_MESSAGE } from './pdf-errors.js';
import { POLICY_DOCUMENT } from './printer-document.js';
import { Slots } from './slots.js';

/** A warm page of the render browser, and what its owner needs to print with it. */
export interface PooledPage {
  browser: ChromiumBrowser;
  targetId: string;
  /** The page's DevTools session (flat mode: commands carry its id). */
  sessionId: string;
  /** Set when the page crashed or was detached: it is closed instead of reused. */
  broken: boolean;
  uses: number;
}

export interface PagePoolOptions {
  executablePath: string;
  chromiumArgs: readonly string[];
  /** Pages rendering at once (and kept warm). */
  size: number;
  /** Longest a request waits for a free page. */
  queueTimeoutMs: number;
  /** Documents a page prints before it is closed and replaced by a fresh one. */
  maxPageUses: number;
  /** Counts browser launches for the renderer's stats. */
  onLaunch: () => void;
  /** Counts a browser or page found deaf by the probe (and replaced) for the renderer's stats. */
  onProbeFailed?: () => void;
  /** After this long without a render, or after a render slower than `slowRenderMs`, a page is probed before use. */
  probeAfterIdleMs?: number;
  slowRenderMs?: number;
  /** Longest a probe waits for the browser and the page to answer. */
  probeTimeoutMs?: number;
  /**
   * Probe the page by printing a blank document rather than by asking for its frame tree, and replace the whole
   * browser when that fails: a one-process Chromium whose print compositor stopped still answers everything else.
   */
  probeByPrinting?: boolean;
  /** The time in ms (tests pass a clock they move to simulate a long quiet period). */
  now?: () => number;
  /**
   * The browser is recycled (a fresh one takes over, the old one closes once its renders end) when the PSS of
   * Chromium's processes passes this many MB. 0 or unset: never.
   */
  maxMemoryMb?: number;
  /** Chromium's memory is read at most this often after renders (always after a long document). */
  memoryCheckEveryMs?: number;
  /** Counts recycled browsers for the renderer's stats. */
  onRecycle?: () => void;
}

export const PROBE_AFTER_IDLE_MS = 20_000;
export const SLOW_RENDER_MS = 3_000;
export const PROBE_TIMEOUT_MS = 1_500;
export const MEMORY_CHECK_EVERY_MS = 5_000;

class ProbeTimeout extends Error {}

// What a printing probe prints: one empty page, ~1 KB of PDF.
const BLANK_DOCUMENT =
  '<!doctype html><html><head><meta charset="utf-8"><title></title></head><body></body></html>';
const BLANK_PRINT = {
  printBackground: false,
  preferCSSPageSize: true,
  marginTop: 0,
  marginBottom: 0,
  marginLeft: 0,
  marginRight: 0,
  generateTaggedPDF: false,
  transferMode: 'ReturnAsBase64',
} as const;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ProbeTimeout(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

// Every this many documents a page is told memory is short, and Blink drops its caches. Under
// load this keeps Chromium's memory ~60 MB lower (peak ~500 instead of ~560 MB) for ~10% of its
// throughput; "critical" pressure, or purging less often, buys less for more (bench/render.ts).
const PURGE_EVERY_USES = 10;

/** Whether `file` can be launched (a renderer with none answers every PDF with a 503). */
export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * One headless Chromium, launched on first use and relaunched when it dies or stops answering, with a bounded
 * pool of warm pages in an isolated browser context. Pages run no JavaScript and every request they would make
 * fails: a CV is a self-contained document.
 */
export class PagePool {
  private browser: ChromiumBrowser | undefined;
  /** The isolated browser context (like an incognito profile) the render pages live in. */
  private contextId: string | undefined;
  private launching: Promise<ChromiumBrowser> | undefined;
  private readonly pagesBySession = new Map<string, PooledPage>();
  private idle: PooledPage[] = [];
  private readonly slots: Slots;
  private closed = false;
  private readonly now: () => number;
  /** When the last render ended, and whether it was slow: either makes the next acquire probe first. */
  private lastUsedAt: number;
  private lastRenderSlow = false;
  /** Pages handed out and not yet released (a retired browser closes when none of its pages is left). */
  private readonly out = new Set<PooledPage>();
  /** Browsers recycled for memory that still have renders to finish. */
  private readonly retiring = new Set<ChromiumBrowser>();
  private lastMemoryCheck = Number.NEGATIVE_INFINITY;
  private checkingMemory = false;

  constructor(private readonly options: PagePoolOptions) {
    this.slots = new Slots(options.size, options.queueTimeoutMs);
    this.now = options.now ?? (() => performance.now());
    this.lastUsedAt = this.now();
  }

  /** Whether a Chromium executable is there to launch (rendering may still fail later). */
  get available(): boolean {
    return isExecutable(this.options.executablePath);
  }

  /** The browser's process id while one runs (tests kill it to prove recovery). */
  get browserPid(): number | undefined {
    return this.browser?.connected ? this.browser.pid : undefined;
  }

  /** Whether the page belongs to the browser in use now (a page of a dropped browser is never trusted). */
  isCurrent(page: PooledPage): boolean {
    return page.browser === this.browser;
  }

  /** Whether the browser went away under a failed render (the retry then starts a fresh one). */
  get lostBrowser(): boolean {
    return this.browser !== undefined && !this.browser.connected;
  }

  async acquire(): Promise<PooledPage> {
    await this.slots.take();
    let page: PooledPage;
    try {
      page = await this.takePage();
    } catch (error) {
      this.slots.free();
      throw error;
    }
    this.out.add(page);
    return page;
  }

  private async takePage(): Promise<PooledPage> {
    const suspect =
      this.lastRenderSlow ||
      this.now() - this.lastUsedAt > (this.options.probeAfterIdleMs ?? PROBE_AFTER_IDLE_MS);
    this.lastRenderSlow = false;
    // A browser that stopped answering while quiet (or after a slow render) is found by a probe within
    // PROBE_TIMEOUT_MS and replaced, instead of holding the request until the render timeout.
    if (
      suspect &&
      this.browser?.connected &&
      !(await this.answers(() => this.browser!.send('Browser.getVersion', {})))
    ) {
      this.dropBrowser();
    }
    const warm = this.idle.pop();
    // Pages of a browser that went away are never reused.
    if (warm && warm.browser === this.browser && !warm.broken) {
      if (!suspect || (await this.answers(() => this.probePage(warm)))) return warm;
      // In one process the page's renderer is the browser's: a page that cannot print means a browser that cannot.
      if (this.options.probeByPrinting) this.dropBrowser();
    }
    if (warm) this.closePage(warm);
    const browser = await this.ensureBrowser();
    return await this.openPage(browser, this.contextId!);
  }

  /** A harmless command for a page: its frame tree, or with `probeByPrinting` a blank document printed. */
  private async probePage({ browser, targetId, sessionId }: PooledPage): Promise<void> {
    if (!this.options.probeByPrinting) {
      await browser.send('Page.getFrameTree', {}, sessionId);
      return;
    }
    await browser.send('Page.setDocumentContent', { frameId: targetId, html: BLANK_DOCUMENT }, sessionId);
    await browser.send('Page.printToPDF', BLANK_PRINT, sessionId);
  }

  /** Whether the browser (or a page) answers a harmless command in time; a miss is counted. */
  private async answers(command: () => Promise<unknown>): Promise<boolean> {
    try {
      await within(command(), this.options.probeTimeoutMs ?? PROBE_TIMEOUT_MS);
      return true;
    } catch {
      this.options.onProbeFailed?.();
      return false;
    }
  }

  /** A render took `ms`: the pool remembers when it was last used and whether that render was slow. */
  renderEnded(ms: number): void {
    this.lastUsedAt = this.now();
    if (ms > (this.options.slowRenderMs ?? SLOW_RENDER_MS)) this.lastRenderSlow = true;
  }

  /**
   * A page is back. `long`: it just laid out a long document (or one over the page limit), so its renderer is
   * closed rather than kept at that size, and Chromium's memory is read now rather than at the next check.
   */
  release(pooled: PooledPage, healthy: boolean, long = false): void {
    this.lastUsedAt = this.now();
    this.out.delete(pooled);
    pooled.uses += 1;
    if (pooled.uses % PURGE_EVERY_USES === 0 && !pooled.broken) {
      void pooled.browser
        .send('Memory.simulatePressureNotification', { level: 'moderate' }, pooled.sessionId)
        .catch(() => undefined);
    }
    const reusable =
      healthy && !long && pooled.uses < this.options.maxPageUses && pooled.browser === this.browser;
    if (reusable && !this.closed && !pooled.broken) {
      this.idle.push(pooled);
    } else {
      this.closePage(pooled);
    }
    this.closeIfRetired(pooled.browser);
    this.slots.free();
    this.checkMemory(long);
  }

  /** Reads Chromium's memory (at most every MEMORY_CHECK_EVERY_MS unless `now`) and recycles it above the bound. */
  private checkMemory(now: boolean): void {
    const bound = this.options.maxMemoryMb;
    const browser = this.browser;
    if (!bound || this.checkingMemory || this.closed || !browser?.connected || browser.pid === undefined)
      return;
    const at = this.now();
    if (!now && at - this.lastMemoryCheck < (this.options.memoryCheckEveryMs ?? MEMORY_CHECK_EVERY_MS))
      return;
    this.lastMemoryCheck = at;
    this.checkingMemory = true;
    void processTreePssMb(browser.pid)
      .then((mb) => {
        if (mb !== undefined && mb > bound && this.browser === browser) this.recycle();
      })
      .catch(() => undefined)
      .finally(() => {
        this.checkingMemory = false;
      });
  }

  /**
   * Hands rendering to a fresh browser (launched and warmed now, so the next request does not wait for it) and
   * closes the current one as soon as the renders it is doing end. Nothing in flight fails.
   */
  recycle(): void {
    const browser = this.browser;
    if (!browser || this.closed) return;
    this.browser = undefined;
    this.contextId = undefined;
    for (const page of this.idle) this.pagesBySession.delete(page.sessionId);
    this.idle = [];
    this.retiring.add(browser);
    this.options.onRecycle?.();
    this.closeIfRetired(browser);
    void this.refill().catch(() => undefined);
  }

  private closeIfRetired(browser: ChromiumBrowser): void {
    if (!this.retiring.has(browser)) return;
    for (const page of this.out) if (page.browser === browser) return;
    this.retiring.delete(browser);
    void browser.close().catch(() => undefined);
  }

  /** Launches the browser if none runs and opens warm pages up to the pool's size. */
  private async refill(): Promise<void> {
    const browser = await this.ensureBrowser();
    const missing = this.options.size - this.idle.length - this.out.size;
    for (let i = 0; i < missing && this.browser === browser && !this.closed; i++) {
      this.idle.push(await this.openPage(browser, this.contextId!));
    }
  }

  /** Forgets the browser and its pages; one still running (it stopped answering) is killed. */
  dropBrowser(): void {
    const browser = this.browser;
    this.browser = undefined;
    this.contextId = undefined;
    this.idle = [];
    this.pagesBySession.clear();
    if (browser?.connected) browser.kill();
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = undefined; // closed politely below, not killed by dropBrowser
    this.dropBrowser();
    this.slots.close();
    const retiring = [...this.retiring];
    this.retiring.clear();
    await Promise.all([browser, ...retiring].map((b) => b?.close().catch(() => undefined)));
  }

  /**
   * A blank page in the render context that runs no JavaScript, holds the documents' policy and whose every request
   * fails.
   */
  private async openPage(browser: ChromiumBrowser, contextId: string): Promise<PooledPage> {
    const { targetId } = await browser.send('Target.createTarget', {
      url: 'about:blank',
      browserContextId: contextId,
    });
    try {
      const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
      const pooled: PooledPage = { browser, targetId, sessionId, broken: false, uses: 0 };
      this.pagesBySession.set(sessionId, pooled);
      await Promise.all([
        browser.send('Emulation.setScriptExecutionDisabled', { value: true }, sessionId),
        browser.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] }, sessionId),
      ]);
      // The documents' policy, once: the page keeps it for every later document (printer-document.ts).
      await browser.send('Page.setDocumentContent', { frameId: targetId, html: POLICY_DOCUMENT }, sessionId);
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
      void browser
        .send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' }, event.sessionId)
        .catch(() => undefined);
    } else if (event.method === 'Inspector.targetCrashed' && event.sessionId) {
      const crashed = this.pagesBySession.get(event.sessionId);
      if (crashed) crashed.broken = true;
    } else if (event.method === 'Target.detachedFromTarget') {
      const detached = this.pagesBySession.get(String(event.params.sessionId));
      if (detached) detached.broken = true;
    }
  }

  private ensureBrowser(): Promise<ChromiumBrowser> {
    if (this.browser?.connected && this.contextId) return Promise.resolve(this.browser);
    this.launching ??= this.launch().finally(() => {
      this.launching = undefined;
    });
    return this.launching;
  }

  private async launch(): Promise<ChromiumBrowser> {
    if (this.closed) throw new PdfUnavailableError(RENDERER_CLOSING_MESSAGE);
    if (!this.available) throw new PdfUnavailableError(PDF_UNAVAILABLE_MESSAGE);
    this.dropBrowser();
    const { executablePath, chromiumArgs } = this.options;
    let browser: ChromiumBrowser;
    let contextId: string;
    try {
      browser = await ChromiumBrowser.launch({ executablePath, args: chromiumArgs, timeoutMs: 30_000 });
    } catch (error) {
      throw new PdfUnavailableError({
        id: msg(
          'PDF rendering is unavailable: install Chromium (apt-get install chromium) or set CHROMIUM_PATH. (Chromium at {path} did not start: {reason})',
        ),
        values: { path: executablePath, reason: (error as Error).message.split('\n')[0] },
      });
    }
    try {
      ({ browserContextId: contextId } = await browser.send('Target.createBrowserContext', {
        disposeOnDetach: true,
      }));
    } catch (error) {
      browser.kill();
      throw error;
    }
    this.options.onLaunch();
    browser.onEvent((event) => this.onBrowserEvent(browser, event));
    browser.onExit(() => {
      if (this.browser === browser) this.dropBrowser();
    });
    if (this.closed) {
      await browser.close().catch(() => undefined);
      throw new PdfUnavailableError(RENDERER_CLOSING_MESSAGE);
    }
    this.browser = browser;
    this.contextId = contextId;
    return browser;
  }
}
