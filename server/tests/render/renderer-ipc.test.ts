import { EventEmitter } from 'node:events';
import { deserialize, serialize } from 'node:v8';
import {
  answerRendererRequest,
  deserializeError,
  proxyCallTimeoutMs,
  RendererProxy,
  serializeError,
  type RendererChannel,
  type RendererRequest,
} from '../../src/cluster/renderer-ipc.js';
import { RENDERER_CLOSING_MESSAGE } from '../../src/render/pdf-errors.js';
import {
  PDF_TOO_LONG_MESSAGE,
  PDF_UNAVAILABLE_MESSAGE,
  PdfRenderer,
  PdfTooLongError,
  PdfUnavailableError,
  type PdfPrinter,
  type RendererSnapshot,
} from '../../src/render/pdf.js';
import { createAccount } from '../auth/support.js';
import { client, createTestApp } from '../helpers/app.js';

/** A stand-in for the primary's renderer: each call does what the test says. */
function fakeRenderer(overrides: Partial<PdfPrinter> = {}): PdfPrinter {
  return {
    available: true,
    poolSize: 2,
    render: async () => Buffer.from('%PDF-1.7 fake'),
    firstThatFits: async () => ({ index: 0, fits: true }),
    picture: async () => Buffer.from('png'),
    warmUp: async () => undefined,
    snapshot: async () => ({
      state: 'running',
      running: true,
      stats: {
        renders: 7,
        cacheHits: 1,
        launches: 1,
        retries: 0,
        timeouts: 0,
        lastLaunchAt: '2026-01-01T00:00:00.000Z',
        day: '2026-01-01',
        dayRenders: 7,
        probeFailures: 0,
        recycles: 0,
        tooLong: 0,
      },
    }),
    close: async () => undefined,
    ...overrides,
  };
}

/**
 * A worker's channel wired to a primary in this process: every message is put through V8 serialization (what the
 * cluster's 'advanced' serialization does) both ways, and answered by the primary's own handler.
 */
function channelTo(host: PdfPrinter, { answer = true } = {}) {
  const events = new EventEmitter();
  let connected = true;
  const requests: RendererRequest[] = [];
  const channel: RendererChannel = {
    send(message, done) {
      if (!connected) throw new Error('Channel closed');
      const request = deserialize(serialize(message)) as RendererRequest;
      requests.push(request);
      setImmediate(() => done(null));
      if (!answer) return;
      void answerRendererRequest(host, request).then((reply) => {
        if (connected) events.emit('message', deserialize(serialize(reply)));
      });
    },
    get connected() {
      return connected;
    },
    onMessage: (listener) => events.on('message', listener),
    offMessage: (listener) => events.off('message', listener),
    onClose: (listener) => events.on('close', listener),
    offClose: (listener) => events.off('close', listener),
  };
  return {
    channel,
    requests,
    /** The primary went away (the worker's IPC channel closed). */
    disconnect() {
      connected = false;
      events.emit('close');
    },
  };
}

function proxyFor(
  host: PdfPrinter,
  options: { answer?: boolean; callTimeoutMs?: number; executablePath?: string } = {},
) {
  const wire = channelTo(host, options);
  const proxy = new RendererProxy({
    channel: wire.channel,
    executablePath: options.executablePath ?? '/bin/sh',
    poolSize: 2,
    callTimeoutMs: options.callTimeoutMs ?? 5_000,
    snapshotTimeoutMs: 100,
  });
  return { proxy, ...wire };
}

async function failure(work: Promise<unknown>): Promise<Error> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Error)) throw new Error('expected the call to fail');
  return error;
}

describe('the renderer proxy of a cluster worker', () => {
  it('hands back the PDF bytes as a Buffer, and the fit and snapshot answers as they were', async () => {
    const { proxy, requests } = proxyFor(
      fakeRenderer({ firstThatFits: async (candidates) => ({ index: candidates.length - 1, fits: false }) }),
    );
    const pdf = await proxy.render('<p>hi</p>', { tagged: false, paper: { widthMm: 210, heightMm: 297 } });
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.toString()).toBe('%PDF-1.7 fake');
    expect(requests[0]).toMatchObject({
      call: 'render',
      html: '<p>hi</p>',
      options: { tagged: false, paper: { widthMm: 210, heightMm: 297 } },
    });
    expect(await proxy.firstThatFits(['a', 'b', 'c'], { widthMm: 180, heightMm: 260 })).toEqual({
      index: 2,
      fits: false,
    });
    const snapshot = await proxy.snapshot();
    expect(snapshot).toMatchObject({ state: 'running', running: true, stats: { renders: 7, dayRenders: 7 } });
    expect(proxy.poolSize).toBe(2);
    expect(proxy.available).toBe(true);
    await proxy.close();
  });

  it.each([
    PDF_UNAVAILABLE_MESSAGE,
    'PDF rendering timed out after 15000 ms; please try again.',
    'PDF rendering is busy; please try again in a moment.',
    RENDERER_CLOSING_MESSAGE,
    'PDF rendering failed: Target closed',
  ])(
    'maps the primary\'s PdfUnavailableError "%s" back to a PdfUnavailableError with the same message',
    async (message) => {
      const { proxy } = proxyFor(
        fakeRenderer({
          render: () => Promise.reject(new PdfUnavailableError(message)),
          firstThatFits: () => Promise.reject(new PdfUnavailableError(message)),
        }),
      );
      for (const error of [
        await failure(proxy.render('<p>x</p>')),
        await failure(proxy.firstThatFits(['<p>x</p>'], { widthMm: 1, heightMm: 1 })),
      ]) {
        expect(error).toBeInstanceOf(PdfUnavailableError);
        expect(error.message).toBe(message);
        expect((error as PdfUnavailableError).statusCode).toBe(503);
      }
      await proxy.close();
    },
  );

  it('maps any other error back to a plain Error with its message (a 500, as in one process)', async () => {
    const { proxy } = proxyFor(
      fakeRenderer({
        firstThatFits: () => Promise.reject(new Error('Protocol error (Page.getLayoutMetrics): boom')),
      }),
    );
    const error = await failure(proxy.firstThatFits(['<p>x</p>'], { widthMm: 1, heightMm: 1 }));
    expect(error).not.toBeInstanceOf(PdfUnavailableError);
    expect(error.message).toBe('Protocol error (Page.getLayoutMetrics): boom');
    await proxy.close();
  });

  it('says what a real renderer without Chromium says', async () => {
    const primary = new PdfRenderer({ executablePath: '/nonexistent/chromium' });
    const { proxy } = proxyFor(primary, { executablePath: '/nonexistent/chromium' });
    expect(proxy.available).toBe(false);
    const error = await failure(proxy.render('<p>x</p>'));
    expect(error).toBeInstanceOf(PdfUnavailableError);
    expect(error.message).toBe(PDF_UNAVAILABLE_MESSAGE);
    expect((await proxy.snapshot()).state).toBe('unavailable');
    await proxy.close();
    await primary.close();
  });

  it('answers as a renderer shutting down once the primary has gone, for calls waiting and calls after', async () => {
    let started!: () => void;
    const rendering = new Promise<void>((resolve) => (started = resolve));
    const { proxy, disconnect } = proxyFor(
      fakeRenderer({
        render: () => {
          started();
          return new Promise<Buffer>(() => undefined);
        },
      }),
    );
    const waiting = failure(proxy.render('<p>x</p>'));
    await rendering;
    expect(proxy.waiting).toBe(1);
    disconnect();
    const error = await waiting;
    expect(error).toBeInstanceOf(PdfUnavailableError);
    expect(error.message).toBe(RENDERER_CLOSING_MESSAGE);
    expect(proxy.waiting).toBe(0);
    const after = await failure(proxy.render('<p>y</p>'));
    expect(after).toBeInstanceOf(PdfUnavailableError);
    expect(after.message).toBe(RENDERER_CLOSING_MESSAGE);
    expect((await proxy.snapshot()).state).toBe('closed');
    await proxy.close();
  });

  it('gives up on a primary that never answers with a timeout 503, and reports its state as unavailable', async () => {
    const { proxy } = proxyFor(fakeRenderer(), { answer: false, callTimeoutMs: 50 });
    const error = await failure(proxy.render('<p>x</p>'));
    expect(error).toBeInstanceOf(PdfUnavailableError);
    expect(error.message).toBe('PDF rendering timed out after 50 ms; please try again.');
    expect(proxy.waiting).toBe(0);
    expect((await proxy.snapshot()).state).toBe('unavailable');
    await proxy.close();
  });

  it('closed with its app, refuses what waits and what comes after as the renderer shutting down', async () => {
    const { proxy } = proxyFor(fakeRenderer(), { answer: false });
    const waiting = failure(proxy.render('<p>x</p>'));
    await proxy.close();
    expect((await waiting).message).toBe(RENDERER_CLOSING_MESSAGE);
    const after = await failure(proxy.firstThatFits(['a'], { widthMm: 1, heightMm: 1 }));
    expect(after).toBeInstanceOf(PdfUnavailableError);
    expect(after.message).toBe(RENDERER_CLOSING_MESSAGE);
    expect((await proxy.snapshot()).state).toBe('closed');
  });

  it('a channel that refuses the message (closed under it) is a renderer shutting down', async () => {
    const { proxy, channel } = proxyFor(fakeRenderer());
    channel.send = (_message, done) => done(new Error('write EPIPE'));
    const error = await failure(proxy.render('<p>x</p>'));
    expect(error).toBeInstanceOf(PdfUnavailableError);
    expect(error.message).toBe(RENDERER_CLOSING_MESSAGE);
    await proxy.close();
  });

  it('keeps replies apart when several calls are in flight', async () => {
    const { proxy } = proxyFor(
      fakeRenderer({
        render: async (html) => {
          await new Promise((resolve) => setTimeout(resolve, html === 'slow' ? 30 : 1));
          return Buffer.from(`pdf of ${html}`);
        },
      }),
    );
    const [slow, fast] = await Promise.all([proxy.render('slow'), proxy.render('fast')]);
    expect(slow.toString()).toBe('pdf of slow');
    expect(fast.toString()).toBe('pdf of fast');
    await proxy.close();
  });

  it('serialises errors by class and message only', () => {
    expect(serializeError(new PdfUnavailableError('x'))).toEqual({ kind: 'unavailable', message: 'x' });
    expect(serializeError(new TypeError('y'))).toEqual({ kind: 'error', message: 'y' });
    expect(serializeError('z')).toEqual({ kind: 'error', message: 'z' });
    expect(deserializeError({ kind: 'unavailable', message: 'x' })).toBeInstanceOf(PdfUnavailableError);
    expect(deserializeError({ kind: 'error', message: 'y' })).not.toBeInstanceOf(PdfUnavailableError);
    expect(serializeError(new PdfTooLongError())).toEqual({ kind: 'too-long', message: PDF_TOO_LONG_MESSAGE });
    expect(deserializeError({ kind: 'too-long', message: PDF_TOO_LONG_MESSAGE })).toBeInstanceOf(PdfTooLongError);
  });

  it('waits longer than the primary itself would: the queue, a render and its retry', () => {
    expect(proxyCallTimeoutMs(15_000)).toBe(30_000 + 30_000 + 5_000);
    expect(proxyCallTimeoutMs(100)).toBe(30_000 + 200 + 5_000);
  });
});

describe('a worker app printing through the proxy answers as one process does', () => {
  it.each([
    [
      'no Chromium',
      () => Promise.reject(new PdfUnavailableError(PDF_UNAVAILABLE_MESSAGE)),
      PDF_UNAVAILABLE_MESSAGE,
    ],
    [
      'a render that timed out',
      () =>
        Promise.reject(new PdfUnavailableError('PDF rendering timed out after 15000 ms; please try again.')),
      'PDF rendering timed out after 15000 ms; please try again.',
    ],
    [
      'the renderer shutting down',
      () => Promise.reject(new PdfUnavailableError(RENDERER_CLOSING_MESSAGE)),
      RENDERER_CLOSING_MESSAGE,
    ],
  ])('%s: 503 with the same detail', async (_case, render, detail) => {
    const { proxy } = proxyFor(fakeRenderer({ render }));
    const worker = await createTestApp({}, undefined, { renderer: proxy });
    try {
      const http = await client(worker.app);
      await http.signInAs((await createAccount(worker.app)).id);
      const response = await http.post('/v1/preview-pdf/', { template_id: 1, cv_data: {} });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail });
    } finally {
      await worker.close();
    }
  });

  it('a document over the page limit: 413 with the sentence, as in one process', async () => {
    const { proxy } = proxyFor(fakeRenderer({ render: () => Promise.reject(new PdfTooLongError()) }));
    const worker = await createTestApp({}, undefined, { renderer: proxy });
    try {
      const http = await client(worker.app);
      await http.signInAs((await createAccount(worker.app)).id);
      const response = await http.post('/v1/preview-pdf/', { template_id: 1, cv_data: {} });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: PDF_TOO_LONG_MESSAGE });
    } finally {
      await worker.close();
    }
  });

  it("a PDF comes back as the route sends it, and /readyz reports the primary renderer's state", async () => {
    const snapshot: RendererSnapshot = {
      state: 'idle',
      running: false,
      stats: (await fakeRenderer().snapshot()).stats,
    };
    const { proxy } = proxyFor(fakeRenderer({ snapshot: async () => snapshot }));
    const worker = await createTestApp({}, undefined, { renderer: proxy });
    try {
      const http = await client(worker.app);
      await http.signInAs((await createAccount(worker.app)).id);
      const response = await http.post('/v1/preview-pdf/', { template_id: 1, cv_data: {} });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.toString()).toBe('%PDF-1.7 fake');
      const ready = await worker.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.json()).toEqual({ status: 'ok', database: 'ok', renderer: 'idle' });
    } finally {
      await worker.close();
    }
    // The app closed its proxy with it: a late call is refused as at shutdown.
    expect((await failure(proxy.render('<p>x</p>'))).message).toBe(RENDERER_CLOSING_MESSAGE);
  });
});
