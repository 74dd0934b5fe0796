import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { COMPRESS_MIN_BYTES, isCompressible } from '../../src/http/compression.js';
import { CSP_NONCE_PLACEHOLDER } from '../../src/static/spa.js';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';
import { readZip } from '../helpers/zip.js';
import { EXECUTIVE_CLASSIC, cvBody, insertUser } from '../cvs/support.js';

// Answers compressed on the wire: the built files as the build compressed them, the page and large JSON answers as
// the server answers them, and nothing that is already compressed (PDF, Word, zip) touched.

const BROWSER = 'gzip, deflate, br, zstd';

/** The body as the browser reads it once it has undone the Content-Encoding. */
function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.body;
}

function varies(response: LightMyRequestResponse): boolean {
  return String(response.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');
}

describe('which answers are worth compressing', () => {
  it.each([
    'application/json; charset=utf-8',
    'application/problem+json',
    'text/html; charset=utf-8',
    'text/markdown; charset=utf-8',
    'text/css',
    'application/javascript; charset=utf-8',
    'text/javascript',
    'image/svg+xml',
  ])('%s: yes', (type) => expect(isCompressible(type)).toBe(true));

  it.each([
    'application/pdf',
    'application/zip',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/octet-stream',
    'text/event-stream',
    'image/png',
    'font/woff2',
  ])('%s: no', (type) => expect(isCompressible(type)).toBe(false));
});

describe('the built web app on the wire', () => {
  // A script of a real size, and its copies as the build writes them (scripts/vite-precompress.ts).
  const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
  const INDEX = `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><script type="module" src="/assets/index-abc123.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
  let staticDir: string;
  let testApp: TestApp;
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    testApp.app.inject({ method, url, headers });

  beforeAll(async () => {
    staticDir = await mkdtemp(join(tmpdir(), 'cvb-dist-'));
    await mkdir(join(staticDir, 'assets'));
    await writeFile(join(staticDir, 'index.html'), INDEX);
    const script = join(staticDir, 'assets', 'index-abc123.js');
    await writeFile(script, SCRIPT);
    await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
    await writeFile(`${script}.gz`, gzipSync(SCRIPT));
    // No copies: a font (compressed already).
    await writeFile(join(staticDir, 'assets', 'inter-abc123.woff2'), Buffer.alloc(3000, 7));
    testApp = await createTestApp({ staticDir }, undefined, { seed: false });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it.each([
    ['br, gzip', 'br'],
    [BROWSER, 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
  ])('sends a script precompressed by Accept-Encoding %j: %s', async (accept, encoding) => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': accept });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    expect(decoded(response)).toBe(SCRIPT);
    expect(varies(response)).toBe(true);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([[undefined], ['identity'], ['deflate']])(
    'sends the script itself when Accept-Encoding is %j, still with Vary',
    async (accept) => {
      const response = await get('/assets/index-abc123.js', accept ? { 'accept-encoding': accept } : {});
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(SCRIPT);
      expect(Number(response.headers['content-length'])).toBe(SCRIPT.length);
      expect(varies(response)).toBe(true);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    },
  );

  it('answers HEAD with the headers GET has, and no body', async () => {
    const head = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    const full = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    for (const name of [
      'content-encoding',
      'content-length',
      'content-type',
      'etag',
      'vary',
      'cache-control',
    ])
      expect(head.headers[name], name).toBe(full.headers[name]);
  });

  it('answers a revalidation with 304 for the copy the browser holds, and 200 for another', async () => {
    const brotli = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });
    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(brotli.headers.etag).toBeDefined();
    expect(brotli.headers.etag).not.toBe(gzip.headers.etag);
    const fresh = await get('/assets/index-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': String(brotli.headers.etag),
    });
    expect(fresh.statusCode).toBe(304);
    expect(fresh.rawPayload.length).toBe(0);
    expect(varies(fresh)).toBe(true);
    const other = await get('/assets/index-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': String(gzip.headers.etag),
    });
    expect(other.statusCode).toBe(200);
    expect(decoded(other)).toBe(SCRIPT);
  });

  it('leaves a font as it is', async () => {
    const response = await get('/assets/inter-abc123.woff2', { 'accept-encoding': BROWSER });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBe(3000);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
  ])('compresses the page as it answers (%s), its nonce written in first', async (accept, encoding) => {
    for (const url of ['/', '/signin']) {
      const response = await get(url, { accept: 'text/html', 'accept-encoding': accept });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(varies(response)).toBe(true);
      expect(response.headers['cache-control']).toBe('no-cache');
      const html = decoded(response);
      expect(html).not.toContain(CSP_NONCE_PLACEHOLDER);
      const nonce = /nonce="([^"]+)"/.exec(html)![1]!;
      expect(response.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    }
  });

  it('sends the page itself, with Vary, to a client that accepts no encoding', async () => {
    const response = await get('/signin', { accept: 'text/html' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(varies(response)).toBe(true);
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('gives every page its own nonce, compressed or not', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await get('/signin', { accept: 'text/html', 'accept-encoding': 'br' });
      nonces.add(/nonce="([^"]+)"/.exec(decoded(response))![1]!);
    }
    expect(nonces.size).toBe(3);
  });
});

describe.each(testDatabases())('API answers on the wire on $name', (database) => {
  let testApp: TestApp;
  let alice: TestClient;
  /** A CV of a real size: its JSON well over the threshold. */
  let cv: { id: number; uuid: string; last_updated: string };
  const bigCv = (name: string) =>
    cvBody(name, {
      entries: Array.from({ length: 12 }, (_, index) => ({
        value: `<p>Led the platform team for year ${index + 1}: shipped the first programs and mentored four engineers.</p>`,
        index,
        section_field: EXECUTIVE_CLASSIC.description,
      })),
    });

  beforeAll(async () => {
    testApp = await createTestApp({}, database);
    alice = await client(testApp.app);
    await alice.signInAs(await insertUser(testApp.app.db, 'alice@example.com', 'Alice Example'));
    const saved = await alice.post('/v1/GeneratedCV/', bigCv('On the wire'));
    expect(saved.statusCode, saved.body).toBe(201);
    cv = saved.json();
  });
  afterAll(() => testApp?.close());

  it('leaves a small JSON answer (under 1 KB) as it is', async () => {
    const response = await alice.get('/auth/csrf/', { headers: { 'accept-encoding': BROWSER } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toBeDefined();
  });

  it.each([
    ['br, gzip', 'br'],
    [BROWSER, 'br'],
    ['gzip', 'gzip'],
  ])(
    'compresses a large JSON answer for Accept-Encoding %j (%s), decodable to the same JSON',
    async (accept, encoding) => {
      const plain = await alice.get(`/v1/GeneratedCV/${cv.id}/`);
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const response = await alice.get(`/v1/GeneratedCV/${cv.id}/`, {
        headers: { 'accept-encoding': accept },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(varies(response)).toBe(true);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(JSON.parse(decoded(response))).toEqual(plain.json());
      // The CV's version and its caching are what they were.
      expect(response.headers.etag).toBe(plain.headers.etag);
      expect(response.headers['cache-control']).toBe(plain.headers['cache-control']);
    },
  );

  it('compresses the public catalogue too', async () => {
    const response = await alice.get('/v1/CvTemplate/', { headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(Array.isArray(JSON.parse(decoded(response)))).toBe(true);
  });

  it('answers HEAD of a large JSON answer with no body', async () => {
    const response = await alice.request('HEAD', `/v1/GeneratedCV/${cv.id}/`, undefined, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(0);
    expect(response.headers.etag).toBe(`"${cv.last_updated}"`);
  });

  it('keeps the ETag and If-Match flow of a CV as it was, compressed answers included', async () => {
    const br = { 'accept-encoding': 'br, gzip' };
    const read = await alice.get(`/v1/GeneratedCV/${cv.id}/`, { headers: br });
    expect(read.headers.etag).toBe(`"${cv.last_updated}"`);
    const first = await alice.put(`/v1/GeneratedCV/${cv.id}/`, bigCv('From the laptop'), {
      headers: { ...br, 'if-match': String(read.headers.etag) },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const saved = JSON.parse(decoded(first)) as { name: string; last_updated: string };
    expect(saved.name).toBe('From the laptop');
    expect(first.headers.etag).toBe(`"${saved.last_updated}"`);
    // The old version again: refused, and the answer says which version is current.
    const stale = await alice.put(`/v1/GeneratedCV/${cv.id}/`, bigCv('From the phone'), {
      headers: { ...br, 'if-match': String(read.headers.etag) },
    });
    expect(stale.statusCode).toBe(412);
    expect(JSON.parse(decoded(stale))).toEqual({ detail: 'This CV was changed elsewhere.' });
    expect(stale.headers.etag).toBe(first.headers.etag);
    // The current version: saved.
    const next = await alice.put(`/v1/GeneratedCV/${cv.id}/`, bigCv('Again'), {
      headers: { ...br, 'if-match': String(first.headers.etag) },
    });
    expect(next.statusCode).toBe(200);
    cv = JSON.parse(decoded(next));
  });

  it('leaves a PDF download untouched', async () => {
    const response = await alice.get(`/v1/download/pdf/${cv.id}/`, {
      headers: { 'accept-encoding': BROWSER },
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  });

  it('leaves a Word download untouched', async () => {
    const response = await alice.get(`/v1/download/word/${cv.id}/`, {
      headers: { 'accept-encoding': BROWSER },
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('leaves the streamed zip of my data untouched', async () => {
    const response = await alice.get('/v1/account/export/', { headers: { 'accept-encoding': BROWSER } });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-encoding']).toBeUndefined();
    const files = await readZip(response.rawPayload);
    expect([...files.keys()]).toContain('account.json');
  });
});
