import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';

/**
 * A headless Chromium driven over the DevTools protocol through a pipe (`--remote-debugging-pipe`:
 * JSON messages separated by NUL bytes, commands on fd 3, answers and events on fd 4).
 *
 * The PDF renderer needs eight protocol commands; this is all it takes to send them. Playwright
 * did the same job with ~60 MB more memory in the server and an extra round trip per print.
 */

/** The protocol commands the renderer uses, with the parts of their parameters and results it reads. */
interface Commands {
  'Browser.getVersion': { params: Record<string, never>; result: { product: string } };
  'Browser.close': { params: Record<string, never>; result: Record<string, never> };
  'Target.createBrowserContext': {
    params: { disposeOnDetach?: boolean };
    result: { browserContextId: string };
  };
  'Target.createTarget': { params: { url: string; browserContextId?: string }; result: { targetId: string } };
  'Target.attachToTarget': { params: { targetId: string; flatten: true }; result: { sessionId: string } };
  'Target.closeTarget': { params: { targetId: string }; result: { success?: boolean } };
  'Emulation.setScriptExecutionDisabled': { params: { value: boolean }; result: Record<string, never> };
  'Fetch.enable': { params: { patterns: Array<{ urlPattern: string }> }; result: Record<string, never> };
  'Fetch.failRequest': {
    params: { requestId: string; errorReason: 'BlockedByClient' };
    result: Record<string, never>;
  };
  'Memory.simulatePressureNotification': {
    params: { level: 'moderate' | 'critical' };
    result: Record<string, never>;
  };
  'Page.getFrameTree': { params: Record<string, never>; result: { frameTree: unknown } };
  'Page.setDocumentContent': { params: { frameId: string; html: string }; result: Record<string, never> };
  // Fit to one page (pdf.ts, firstThatFits): lay a document out with print styles in a viewport of the page.
  'Emulation.setEmulatedMedia': { params: { media: string }; result: Record<string, never> };
  'Emulation.setDeviceMetricsOverride': {
    params: { width: number; height: number; deviceScaleFactor: number; mobile: boolean };
    result: Record<string, never>;
  };
  'Emulation.clearDeviceMetricsOverride': { params: Record<string, never>; result: Record<string, never> };
  'Page.getLayoutMetrics': {
    params: Record<string, never>;
    result: { cssContentSize: { x: number; y: number; width: number; height: number } };
  };
  // A share link's picture for chat cards (pdf.ts, picture): the first page as the screen shows it.
  'Page.captureScreenshot': {
    params: {
      format: 'png';
      clip: { x: number; y: number; width: number; height: number; scale: number };
      captureBeyondViewport: boolean;
    };
    result: { data: string };
  };
  'Page.printToPDF': {
    params: {
      paperWidth?: number;
      paperHeight?: number;
      printBackground: boolean;
      preferCSSPageSize: boolean;
      marginTop: number;
      marginBottom: number;
      marginLeft: number;
      marginRight: number;
      generateTaggedPDF: boolean;
      pageRanges?: string;
      transferMode: 'ReturnAsBase64';
    };
    result: { data: string };
  };
}

export type CdpMethod = keyof Commands;

export interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

/** The browser went away (exited, crashed, was killed or closed) while a command was pending. */
export class BrowserGoneError extends Error {}

interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  method: string;
}

export interface LaunchOptions {
  executablePath: string;
  args: readonly string[];
  /** Longest the browser may take to answer its first command. */
  timeoutMs: number;
}

const STDERR_TAIL = 2000;

export class ChromiumBrowser {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly eventListeners = new Set<(event: CdpEvent) => void>();
  private readonly exitListeners = new Set<() => void>();
  private gone = false;
  private stderrTail = '';
  private readonly exited: Promise<void>;
  private readonly input: Writable;

  private constructor(
    private readonly child: ChildProcess,
    private readonly userDataDir: string,
  ) {
    const [, , stderr, input, output] = child.stdio as [null, null, Readable, Writable, Readable];
    stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    let buffered: Buffer[] = [];
    output.on('data', (chunk: Buffer) => {
      let start = 0;
      for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
        buffered.push(chunk.subarray(start, end));
        this.dispatch(Buffer.concat(buffered).toString('utf8'));
        buffered = [];
        start = end + 1;
      }
      if (start < chunk.length) buffered.push(chunk.subarray(start));
    });
    // A write to a pipe whose reader died: the exit handler below reports it.
    input.on('error', () => undefined);
    output.on('error', () => undefined);
    this.exited = new Promise((resolve) => {
      child.once('exit', () => {
        this.markGone(`Chromium exited${this.stderrTail ? `: ${lastLine(this.stderrTail)}` : ''}`);
        // Chromium's helper processes may still be writing the profile as the browser exits: retry, never throw here.
        rm(this.userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
          .catch(() => undefined)
          .finally(resolve);
      });
    });
    this.input = input;
  }

  /** Starts Chromium with a throw-away profile and waits until it answers. */
  static async launch({ executablePath, args, timeoutMs }: LaunchOptions): Promise<ChromiumBrowser> {
    const userDataDir = mkdtempSync(path.join(tmpdir(), 'cv-builder-chromium-'));
    const child = spawn(
      executablePath,
      [...args, `--user-data-dir=${userDataDir}`, '--remote-debugging-pipe', '--no-startup-window'],
      {
        stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
      },
    );
    const spawned = new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
    try {
      await spawned;
    } catch (error) {
      rmSync(userDataDir, { recursive: true, force: true });
      throw error;
    }
    const browser = new ChromiumBrowser(child, userDataDir);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        browser.send('Browser.getVersion', {}),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return browser;
    } catch (error) {
      browser.kill();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get connected(): boolean {
    return !this.gone;
  }

  send<M extends CdpMethod>(
    method: M,
    params: Commands[M]['params'],
    sessionId?: string,
  ): Promise<Commands[M]['result']> {
    if (this.gone) return Promise.reject(new BrowserGoneError(`${method}: the browser is gone`));
    const id = this.nextId++;
    const message = JSON.stringify(sessionId ? { id, method, params, sessionId } : { id, method, params });
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (result: unknown) => void, reject, method });
      this.input.write(message);
      this.input.write('\0');
    });
  }

  onEvent(listener: (event: CdpEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** Called once when the browser is gone, whatever the reason. */
  onExit(listener: () => void): void {
    if (this.gone) queueMicrotask(listener);
    else this.exitListeners.add(listener);
  }

  /** Asks the browser to quit, and kills it if it has not within `graceMs`. */
  async close(graceMs = 2000): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.exited;
    void this.send('Browser.close', {}).catch(() => undefined);
    const timer = setTimeout(() => this.kill(), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  kill(): void {
    this.child.kill('SIGKILL');
  }

  private dispatch(text: string): void {
    let message: {
      id?: number;
      result?: unknown;
      error?: { message: string };
      method?: string;
      params?: Record<string, unknown>;
      sessionId?: string;
    };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return; // not ours to understand
    }
    if (message.id !== undefined) {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (message.error) pending.reject(new Error(`${pending.method}: ${message.error.message}`));
      else pending.resolve(message.result ?? {});
    } else if (message.method) {
      const event: CdpEvent = {
        method: message.method,
        params: message.params ?? {},
        sessionId: message.sessionId,
      };
      for (const listener of this.eventListeners) listener(event);
    }
  }

  private markGone(reason: string): void {
    if (this.gone) return;
    this.gone = true;
    for (const { reject, method } of this.pending.values())
      reject(new BrowserGoneError(`${method}: ${reason}`));
    this.pending.clear();
    for (const listener of this.exitListeners) listener();
    this.exitListeners.clear();
    this.eventListeners.clear();
  }
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}
