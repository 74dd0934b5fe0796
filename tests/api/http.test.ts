// @vitest-environment node
// The client against a real local HTTP server (the same code path as in Pact consumer tests).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as t from 'io-ts';
import { ApiError } from '../../src/api/api-error';
import { listOf } from '../../src/api/codecs';
import { CSRF_HEADER_NAME, createApiClient, readCsrfCookie, retryDelay } from '../../src/api/http';
import { CSRF_MISSING_MESSAGE } from '../../src/config/constants';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (request: Recorded, response: ServerResponse) => void;

let server: Server;
let baseURL: string;
let requests: Recorded[];
let handler: Handler;

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const recorded = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      requests.push(recorded);
      if (recorded.url === '/auth/csrf/') {
        response.writeHead(200, { 'set-cookie': 'csrftoken=abc123; Path=/', 'content-type': 'application/json' });
        response.end('{}');
        return;
      }
      handler(recorded, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests = [];
  handler = (_, response) => json(response, 404, { detail: 'Not found.' });
});

const Item = t.type({ id: t.number, name: t.string });

function client(options: Parameters<typeof createApiClient>[0] = {}) {
  const sleeps: number[] = [];
  const api = createApiClient({
    baseURL,
    getCsrfToken: () => 'abc123',
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
  return { api, sleeps };
}

const nonCsrf = () => requests.filter((request) => request.url !== '/auth/csrf/');

describe('retry delay', () => {
  it('doubles from 1 s and caps at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('readCsrfCookie', () => {
  it('reads the csrftoken cookie among others', () => {
    expect(readCsrfCookie('sessionid=1; csrftoken=tok%3D1; sidebar_state=true')).toBe('tok=1');
    expect(readCsrfCookie('sessionid=1')).toBeUndefined();
    expect(readCsrfCookie('csrftoken=')).toBeUndefined();
    expect(readCsrfCookie('')).toBeUndefined();
  });
});

describe('GET', () => {
  it('decodes the answer and sends query params', async () => {
    handler = (_, response) => json(response, 200, { id: 1, name: 'Modern' });
    const { api } = client();
    await expect(api.get('/v1/CvTemplate/1/', Item, { params: { lang: 'en' } })).resolves.toEqual({
      id: 1,
      name: 'Modern',
    });
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /v1/CvTemplate/1/?lang=en']);
  });

  it('decodes lists sent as a plain array or as { results }', async () => {
    const { api } = client();
    handler = (_, response) => json(response, 200, [{ id: 1, name: 'A' }]);
    await expect(api.get('/v1/GeneratedCV/', listOf(Item))).resolves.toEqual([{ id: 1, name: 'A' }]);
    handler = (_, response) => json(response, 200, { count: 1, results: [{ id: 2, name: 'B' }] });
    await expect(api.get('/v1/GeneratedCV/', listOf(Item))).resolves.toEqual([{ id: 2, name: 'B' }]);
  });

  it('turns an answer of the wrong shape into a readable ApiError, not a crash', async () => {
    handler = (_, response) => json(response, 200, { id: 'one' });
    const { api } = client();
    const error = await api.get('/v1/CvTemplate/1/', Item).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/^Unexpected response from GET \/v1\/CvTemplate\/1\/: /);
    expect((error as ApiError).message).toContain('id');
    expect((error as ApiError).detail).toContain('name');
    expect((error as ApiError).status).toBe(200);
  });

  it('retries a 5xx with doubling delays and returns the later success', async () => {
    let calls = 0;
    handler = (_, response) => {
      calls += 1;
      if (calls < 3) json(response, 503, { detail: 'Busy' });
      else json(response, 200, { id: 1, name: 'A' });
    };
    const { api, sleeps } = client();
    await expect(api.get('/v1/x/', Item)).resolves.toEqual({ id: 1, name: 'A' });
    expect(calls).toBe(3);
    expect(sleeps).toEqual([1000, 2000]);
  });

  it('gives up after 3 retries with the server message', async () => {
    handler = (_, response) => json(response, 500, { detail: 'Database unavailable' });
    const { api, sleeps } = client();
    const error = (await api.get('/v1/x/', Item).catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Database unavailable');
    expect(error.status).toBe(500);
    expect(requests).toHaveLength(4);
    expect(sleeps).toEqual([1000, 2000, 4000]);
  });

  it('does not retry a 4xx', async () => {
    handler = (_, response) => json(response, 404, { detail: 'Not found.' });
    const { api, sleeps } = client();
    await expect(api.get('/v1/x/', Item)).rejects.toMatchObject({ message: 'Not found.', status: 404 });
    expect(requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('retries network errors', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { api, sleeps } = client({ baseURL: `http://127.0.0.1:${port}` });
    const error = await api.get('/v1/x/', Item).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBeUndefined();
    expect(sleeps).toEqual([1000, 2000, 4000]);
  });
});

describe('mutations', () => {
  it('fetch /auth/csrf/ first and send the token in X-CSRFToken', async () => {
    handler = (_, response) => json(response, 201, { id: 7, name: 'My CV' });
    const { api } = client();
    await expect(api.post('/v1/GeneratedCV/', { name: 'My CV' }, Item)).resolves.toEqual({ id: 7, name: 'My CV' });
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /auth/csrf/',
      'POST /v1/GeneratedCV/',
    ]);
    const post = requests[1];
    expect(post.headers[CSRF_HEADER_NAME.toLowerCase()]).toBe('abc123');
    expect(post.headers['content-type']).toContain('application/json');
    expect(JSON.parse(post.body)).toEqual({ name: 'My CV' });
  });

  it('put and delete send the token too; delete accepts an empty 204', async () => {
    handler = (request, response) => {
      if (request.method === 'DELETE') {
        response.writeHead(204);
        response.end();
      } else json(response, 200, { id: 1, name: 'B' });
    };
    const { api } = client();
    await expect(api.put('/auth/profile/update/', { full_name: 'B' }, Item)).resolves.toEqual({ id: 1, name: 'B' });
    await expect(api.delete('/v1/GeneratedCV/1/')).resolves.toBe('');
    for (const request of nonCsrf()) expect(request.headers['x-csrftoken']).toBe('abc123');
    expect(nonCsrf().map((request) => request.method)).toEqual(['PUT', 'DELETE']);
  });

  it('are never retried, even on a 5xx', async () => {
    handler = (_, response) => json(response, 500, { message: 'Save failed' });
    const { api, sleeps } = client();
    await expect(api.post('/v1/GeneratedCV/', {}, Item)).rejects.toMatchObject({ message: 'Save failed', status: 500 });
    expect(nonCsrf()).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('throw the CSRF error and send nothing when the token is missing', async () => {
    handler = (_, response) => json(response, 200, { id: 1, name: 'A' });
    const { api } = client({ getCsrfToken: () => undefined });
    await expect(api.post('/auth/login/', {}, Item)).rejects.toMatchObject({ message: CSRF_MISSING_MESSAGE });
    expect(nonCsrf()).toHaveLength(0);
  });

  it('decoding failures of a mutation answer are ApiErrors too', async () => {
    handler = (_, response) => json(response, 200, 'ok');
    const { api } = client();
    await expect(api.post('/auth/login/', {}, t.type({ user_id: t.number }))).rejects.toMatchObject({
      message: expect.stringMatching(/^Unexpected response from POST \/auth\/login\//) as unknown,
    });
  });
});

describe('binary answers', () => {
  it('getBlob returns the bytes with their content type', async () => {
    handler = (_, response) => {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end(Buffer.from('%PDF-1.7 test'));
    };
    const { api } = client();
    const blob = await api.getBlob('/v1/download/pdf/1/');
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7 test');
  });

  it('an error answer to a binary request still yields the server message', async () => {
    handler = (_, response) => json(response, 503, { detail: 'PDF rendering is unavailable' });
    const { api } = client({ retries: 0 });
    await expect(api.getBlob('/v1/download/pdf/1/')).rejects.toMatchObject({
      message: 'PDF rendering is unavailable',
      status: 503,
    });
  });

  it('postBlob sends the CSRF token and is not retried', async () => {
    handler = (_, response) => json(response, 500, 'Chromium crashed');
    const { api, sleeps } = client();
    await expect(api.postBlob('/v1/preview-pdf/', { template_id: 1, cv_data: {} })).rejects.toMatchObject({
      message: 'Chromium crashed',
    });
    expect(nonCsrf()).toHaveLength(1);
    expect(nonCsrf()[0].headers['x-csrftoken']).toBe('abc123');
    expect(sleeps).toEqual([]);
  });
});

describe('unhandled errors', () => {
  it('notifyOnError hands the error to the app-wide handler and still throws', async () => {
    const seen: ApiError[] = [];
    const { api } = client({ onUnhandledError: (error) => seen.push(error) });
    await expect(api.get('/missing/', Item, { notifyOnError: true })).rejects.toBeInstanceOf(ApiError);
    await expect(api.get('/missing/', Item)).rejects.toBeInstanceOf(ApiError);
    expect(seen.map((error) => error.message)).toEqual(['Not found.']);
  });

  it('reportUnhandled forwards only ApiErrors', () => {
    const seen: ApiError[] = [];
    const { api } = client();
    api.setUnhandledErrorHandler((error) => seen.push(error));
    api.reportUnhandled(new Error('not ours'));
    api.reportUnhandled(new ApiError('ours'));
    expect(seen.map((error) => error.message)).toEqual(['ours']);
  });
});

describe('a session the server ended', () => {
  it('tells the session handler of any 401, after the caller has heard its own failure', async () => {
    handler = (_, response) => json(response, 401, { detail: 'Authentication credentials were not provided.' });
    const order: string[] = [];
    const { api } = client();
    api.setSessionEndedHandler(() => order.push('session ended'));
    await api.get('/items/1/', Item).catch(() => order.push('caller failed'));
    expect(order).toEqual(['caller failed']);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(order).toEqual(['caller failed', 'session ended']);
    await api.post('/items/', { name: 'x' }, Item).catch(() => order.push('caller failed'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(order).toEqual(['caller failed', 'session ended', 'caller failed', 'session ended']);
  });

  it('stays quiet about other failures', async () => {
    handler = (_, response) => json(response, 403, { detail: 'CSRF Failed.' });
    const ended = vi.fn();
    const { api } = client({ onSessionEnded: ended });
    await api.get('/items/1/', Item).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ended).not.toHaveBeenCalled();
  });
});

describe('transport', () => {
  it('creates its axios instance with the first request, once, and takes a replacement adapter before or after', async () => {
    handler = (_, response) => json(response, 200, { id: 1, name: 'from the network' });
    const { api } = client();
    const [first, second] = await Promise.all([api.axios(), api.axios()]);
    expect(first).toBe(second);
    await expect(api.get('/items/1/', Item)).resolves.toEqual({ id: 1, name: 'from the network' });

    const answered: string[] = [];
    api.useAdapter(async (config) => {
      answered.push(String(config.url));
      return { data: { id: 2, name: 'from the adapter' }, status: 200, statusText: 'OK', headers: {}, config };
    });
    await expect(api.get('/items/2/', Item)).resolves.toEqual({ id: 2, name: 'from the adapter' });
    expect(answered).toEqual(['/items/2/']);

    const early = client().api;
    early.useAdapter(async (config) => ({ data: { id: 3, name: 'early' }, status: 200, statusText: 'OK', headers: {}, config }));
    await expect(early.get('/items/3/', Item)).resolves.toEqual({ id: 3, name: 'early' });
  });
});
