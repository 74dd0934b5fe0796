import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isApiPath } from '../../src/http/api-paths.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

const INDEX = '<!doctype html><title>CV Builder</title><div id="root"></div>';
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('serving the built web app', () => {
  let staticDir: string;
  let testApp: TestApp;

  beforeAll(async () => {
    staticDir = await mkdtemp(join(tmpdir(), 'cvb-dist-'));
    await mkdir(join(staticDir, 'assets'));
    await writeFile(join(staticDir, 'index.html'), INDEX);
    await writeFile(join(staticDir, 'assets', 'index-abc123.js'), 'console.log("app")');
    await writeFile(join(staticDir, 'favicon.svg'), '<svg/>');
    testApp = await createTestApp({ staticDir }, undefined, { seed: false });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it.each(['/', '/signin', '/dashboard/12', '/cv-management', '/reset-password?token=a&uid=b'])(
    'answers the app route %s with index.html',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves fingerprinted assets as immutable', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app")');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files without long caching', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    '/v1/Nope/',
    '/auth/nope/',
    '/cv/nope/',
    '/admin/nope',
    '/static/templates/missing.png',
    '/assets/missing.js',
  ])('answers the unknown path %s with 404 JSON, even for a browser', async (url) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url,
      headers: url.startsWith('/assets') ? {} : html,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers curl (Accept: */*) on a client route with the app page', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/signin', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('keeps a missing file a 404, not the app page', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/missing.js',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('does not answer non-HTML requests with the app page', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/signin',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('without a built web app', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ staticDir: join(tmpdir(), 'cvb-no-such-dist') }, undefined, {
      seed: false,
    });
  });
  afterAll(() => testApp.close());

  it('explains how to build it', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/signin', headers: html });
    expect(response.statusCode).toBe(503);
    expect(response.body).toBe('The web app is not built: run npm run build');
  });

  it('still answers the API', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('isApiPath', () => {
  it('tells API paths from app routes', () => {
    expect(isApiPath('/v1/CvTemplate/')).toBe(true);
    expect(isApiPath('/cv/send-email/')).toBe(true);
    expect(isApiPath('/healthz')).toBe(true);
    expect(isApiPath('/cv-management')).toBe(false);
    expect(isApiPath('/confirm-email')).toBe(false);
  });
});
