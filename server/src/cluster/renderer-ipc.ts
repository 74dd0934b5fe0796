import type { Message } from '../../../rules/languages.js';
import { isExecutable } from '../render/page-pool.js';
import { PdfTooLongError, PdfUnavailableError, RENDERER_CLOSING_MESSAGE } from '../render/pdf-errors.js';
import {
  emptyRendererStats,
  type Paper,
  type PdfPrinter,
  type PdfRenderOptions,
  type RendererSnapshot,
} from '../render/pdf.js';

/*
 * One PDF renderer for every HTTP worker (WEB_CONCURRENCY > 1). The cluster's primary owns the one Chromium (a
 * PdfRenderer); each worker prints through a RendererProxy, which has the renderer's interface and sends every call
 * to the primary over the cluster's IPC channel (advanced serialization, so PDFs travel as bytes, not base64).
 * Failures come back as the same error classes with the same messages, so routes answer exactly as with an
 * in-process renderer: a PdfUnavailableError is a 503 with its message, anything else the same error as before.
 */

/** The calls a worker makes of the primary's renderer. */
export type RendererCall =
  | { call: 'render'; html: string; options?: PdfRenderOptions }
  | { call: 'firstThatFits'; candidates: readonly string[]; box: Paper }
  | { call: 'picture'; html: string; box: Paper }
  | { call: 'snapshot' }
  | { call: 'warmUp' };

export const RENDERER_REQUEST = 'cvb:renderer-request';
export const RENDERER_REPLY = 'cvb:renderer-reply';

export type RendererRequest = { type: typeof RENDERER_REQUEST; id: number } & RendererCall;

/** An error as it crosses the channel: which class it was, its message, and (unavailable) its words with values. */
export interface SerializedError {
  kind: 'unavailable' | 'too-long' | 'error';
  message: string;
  detail?: Message;
}

export type RendererReply =
  | { type: typeof RENDERER_REPLY; id: number; ok: true; value: unknown }
  | { type: typeof RENDERER_REPLY; id: number; ok: false; error: SerializedError };

export function isRendererRequest(message: unknown): message is RendererRequest {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === RENDERER_REQUEST &&
    typeof (message as { id?: unknown }).id === 'number'
  );
}

export function isRendererReply(message: unknown): message is RendererReply {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === RENDERER_REPLY &&
    typeof (message as { id?: unknown }).id === 'number'
  );
}

export function serializeError(error: unknown): SerializedError {
  // Words with values cross with them, so the worker says them in the request's language; plain words are their key.
  if (error instanceof PdfUnavailableError)
    return typeof error.detailMessage === 'string'
      ? { kind: 'unavailable', message: error.message }
      : { kind: 'unavailable', message: error.message, detail: error.detailMessage };
  if (error instanceof PdfTooLongError) return { kind: 'too-long', message: error.message };
  return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
}

/** The error the caller would have had from an in-process renderer. */
export function deserializeError(error: SerializedError): Error {
  if (error.kind === 'too-long') return new PdfTooLongError();
  return error.kind === 'unavailable'
    ? new PdfUnavailableError(error.detail ?? error.message)
    : new Error(error.message);
}

/** Bytes from the channel as a Buffer (advanced serialization may hand a Buffer back as a plain Uint8Array). */
function asBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  throw new Error('the renderer answered something other than a PDF');
}

/**
 * The primary's side: runs one request on the renderer and says what to send back (never throws: a failure is a
 * reply too).
 */
export async function answerRendererRequest(
  renderer: PdfPrinter,
  request: RendererRequest,
): Promise<RendererReply> {
  try {
    let value: unknown;
    switch (request.call) {
      case 'render':
        value = await renderer.render(request.html, request.options);
        break;
      case 'firstThatFits':
        value = await renderer.firstThatFits(request.candidates, request.box);
        break;
      case 'picture':
        value = await renderer.picture(request.html, request.box);
        break;
      case 'snapshot':
        value = await renderer.snapshot();
        break;
      case 'warmUp':
        await renderer.warmUp();
        value = null;
        break;
      default:
        throw new Error(`unknown renderer call "${(request as { call?: unknown }).call as string}"`);
    }
    return { type: RENDERER_REPLY, id: request.id, ok: true, value };
  } catch (error) {
    return { type: RENDERER_REPLY, id: request.id, ok: false, error: serializeError(error) };
  }
}

/** A worker's end of the IPC channel to the primary (process.send and its events in a cluster worker). */
export interface RendererChannel {
  /** Sends a message; throws (or reports through `done`) when the channel is closed. */
  send(message: RendererRequest, done: (error: Error | null) => void): void;
  /** Whether messages can still be sent. */
  readonly connected: boolean;
  onMessage(listener: (message: unknown) => void): void;
  offMessage(listener: (message: unknown) => void): void;
  /** Called once the channel has closed (the primary went away). */
  onClose(listener: () => void): void;
  offClose(listener: () => void): void;
}

/** The channel of a cluster worker (or any forked child) to its parent. */
export function processChannel(proc: NodeJS.Process = process): RendererChannel {
  return {
    send(message, done) {
      if (!proc.send || !proc.connected) {
        done(new Error('the IPC channel is closed'));
        return;
      }
      proc.send(message, undefined, {}, (error) => done(error ?? null));
    },
    get connected() {
      return Boolean(proc.connected);
    },
    onMessage: (listener) => proc.on('message', listener),
    offMessage: (listener) => proc.off('message', listener),
    onClose: (listener) => proc.on('disconnect', listener),
    offClose: (listener) => proc.off('disconnect', listener),
  };
}

export interface RendererProxyOptions {
  channel: RendererChannel;
  /** The Chromium the primary launches (for `available`: the same check the primary's renderer makes). */
  executablePath: string;
  poolSize: number;
  /**
   * Longest a render or fit may take before the worker gives up on the primary (its own limits — the queue wait, a
   * render and one retry — come first; this only guards against a primary that never answers).
   */
  callTimeoutMs: number;
  /** Longest /readyz and the dashboard wait for the renderer's state. */
  snapshotTimeoutMs?: number;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** Queue wait and render limits as PdfRenderer sets them (pdf.ts), plus a margin: the proxy's own time limit. */
export function proxyCallTimeoutMs(renderTimeoutMs: number): number {
  const queueTimeoutMs = Math.max(30_000, renderTimeoutMs * 2);
  return queueTimeoutMs + 2 * renderTimeoutMs + 5_000;
}

/**
 * A cluster worker's renderer: the PdfPrinter interface, every call answered by the primary's one PdfRenderer.
 * Errors arrive as the renderer threw them (PdfUnavailableError with its message, or an Error); a primary that has
 * gone, or a proxy closed with its app, answers as a renderer shutting down; one that does not answer in time, as a
 * render that timed out.
 */
export class RendererProxy implements PdfPrinter {
  readonly poolSize: number;
  readonly executablePath: string;
  private readonly channel: RendererChannel;
  private readonly callTimeoutMs: number;
  private readonly snapshotTimeoutMs: number;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  private readonly onMessage = (message: unknown) => this.received(message);
  private readonly onClose = () => this.failAll(new PdfUnavailableError(RENDERER_CLOSING_MESSAGE));

  constructor(options: RendererProxyOptions) {
    this.channel = options.channel;
    this.executablePath = options.executablePath;
    this.poolSize = options.poolSize;
    this.callTimeoutMs = options.callTimeoutMs;
    this.snapshotTimeoutMs = options.snapshotTimeoutMs ?? 2_000;
    this.channel.onMessage(this.onMessage);
    this.channel.onClose(this.onClose);
  }

  get available(): boolean {
    return isExecutable(this.executablePath);
  }

  async render(html: string, options?: PdfRenderOptions): Promise<Buffer> {
    return asBuffer(
      await this.call({ call: 'render', html, ...(options ? { options } : {}) }, this.callTimeoutMs),
    );
  }

  async firstThatFits(candidates: readonly string[], box: Paper): Promise<{ index: number; fits: boolean }> {
    return (await this.call({ call: 'firstThatFits', candidates, box }, this.callTimeoutMs)) as {
      index: number;
      fits: boolean;
    };
  }

  async picture(html: string, box: Paper): Promise<Buffer> {
    return asBuffer(await this.call({ call: 'picture', html, box }, this.callTimeoutMs));
  }

  async warmUp(): Promise<void> {
    await this.call({ call: 'warmUp' }, this.callTimeoutMs);
  }

  /** The primary's renderer state; `closed` once the primary is gone, `unavailable` when it does not answer. */
  async snapshot(): Promise<RendererSnapshot> {
    try {
      return (await this.call({ call: 'snapshot' }, this.snapshotTimeoutMs)) as RendererSnapshot;
    } catch {
      const state = this.closed || !this.channel.connected ? 'closed' : 'unavailable';
      return { state, running: false, stats: emptyRendererStats() };
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.failAll(new PdfUnavailableError(RENDERER_CLOSING_MESSAGE));
    this.channel.offMessage(this.onMessage);
    this.channel.offClose(this.onClose);
  }

  /** Calls waiting for the primary (tests). */
  get waiting(): number {
    return this.pending.size;
  }

  private call(call: RendererCall, timeoutMs: number): Promise<unknown> {
    if (this.closed || !this.channel.connected) {
      return Promise.reject(new PdfUnavailableError(RENDERER_CLOSING_MESSAGE));
    }
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (!this.pending.delete(id)) return;
        reject(new PdfUnavailableError(`PDF rendering timed out after ${timeoutMs} ms; please try again.`));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      try {
        this.channel.send({ type: RENDERER_REQUEST, id, ...call } as RendererRequest, (error) => {
          if (error)
            this.settle(id, (entry) => entry.reject(new PdfUnavailableError(RENDERER_CLOSING_MESSAGE)));
        });
      } catch {
        this.settle(id, (entry) => entry.reject(new PdfUnavailableError(RENDERER_CLOSING_MESSAGE)));
      }
    });
  }

  private received(message: unknown): void {
    if (!isRendererReply(message)) return;
    this.settle(message.id, (entry) =>
      message.ok ? entry.resolve(message.value) : entry.reject(deserializeError(message.error)),
    );
  }

  private settle(id: number, how: (entry: Pending) => void): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    clearTimeout(entry.timer);
    how(entry);
  }

  private failAll(error: Error): void {
    for (const id of [...this.pending.keys()]) this.settle(id, (entry) => entry.reject(error));
  }
}
