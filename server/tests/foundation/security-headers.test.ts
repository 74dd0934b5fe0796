import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { PERMISSIONS_POLICY } from '../../src/http/security-headers.js';
import { createAccount } from '../auth/support.js';
import { EXECUTIVE_CLASSIC } from '../cvs/support.js';
import { client, createTestApp, type TestApp } from '../helpers/app.js';

// Every answer carries the security headers; the app page's policy allows only its own scripts and the
// styles that carry its nonce; signed-in answers are never stored by a cache.

const INDEX =
  '<!doctype html><meta property="csp-nonce" nonce="__CSP_NONCE__"><script type="module" src="/assets/app.js" nonce="__CSP_NONCE__"></script><div id="root"></div>';
const html = { accept: 'text/html' };

function policy(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers', () => {
  let staticDir: string;
  let testApp: TestApp;

  beforeAll(async () => {
    staticDir = await mkdtemp(join(tmpdir(), 'cvb-dist-'));
    await mkdir(join(staticDir, 'assets'));
    await writeFile(join(staticDir, 'index.html'), INDEX);
    testApp = await createTestApp({ staticDir });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it.each(['/', '/signin', '/v1/CvTemplate/', '/healthz', '/auth/csrf/', '/v1/nope/'])(
    'are on %s',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: html });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      expect(response.headers['permissions-policy']).toContain('camera=()');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(policy(response).get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy(response).get('default-src')).toEqual(["'self'"]);
      // HTTP: no HSTS (a browser would pin the name to https it cannot reach).
      expect(response.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('give the app page a strict policy with a fresh style nonce written into the page', async () => {
    const first = await testApp.app.inject({ method: 'GET', url: '/signin', headers: html });
    const second = await testApp.app.inject({ method: 'GET', url: '/signin', headers: html });
    const csp = policy(first);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    const style = csp.get('style-src')!;
    expect(style).toHaveLength(2);
    expect(style[0]).toBe("'self'");
    const nonce = /^'nonce-([A-Za-z0-9+/=]{24})'$/.exec(style[1]!)?.[1];
    expect(nonce).toBeDefined();
    expect(first.body).toContain(`nonce="${nonce}"`);
    expect(first.body).not.toContain('__CSP_NONCE__');
    expect(policy(second).get('style-src')).not.toEqual(style);
    // Nothing inline is allowed anywhere.
    expect(first.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(first.headers['content-security-policy']).not.toContain('unsafe-eval');
  });

  it('allow no inline style on answers that are not the app page', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/CvTemplate/' });
    expect(policy(response).get('style-src')).toEqual(["'self'"]);
  });

  it('let the admin page style itself only with its own nonce', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/admin/', headers: html });
    const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(nonce).toBeDefined();
    if (response.body.includes('<style')) expect(response.body).toContain(`<style nonce="${nonce}"`);
  });

  it('keep signed-in answers and downloads out of every cache', async () => {
    await createAccount(testApp.app, { email: 'headers@example.com' });
    const user = await client(testApp.app);
    const signIn = await user.post('/auth/login/', { email: 'headers@example.com', password: 'Passw0rd!' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    for (const url of ['/auth/profile/', '/v1/GeneratedCV/', '/auth/csrf/']) {
      const response = await user.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const created = await user.post('/v1/GeneratedCV/', {
      name: 'Headers',
      template: EXECUTIVE_CLASSIC.id,
      entries: [{ value: 'Ada Lovelace', index: 0, section_field: EXECUTIVE_CLASSIC.fullName }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { id } = created.json<{ id: number }>();
    expect((await user.get(`/v1/GeneratedCV/${id}/`)).headers['cache-control']).toBe('no-store');
    const download = await user.get(`/v1/download/word/${id}/`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['cache-control']).toContain('no-store');
    const refused = await user.get('/v1/GeneratedCV/999999/');
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('security headers behind https', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ publicUrl: 'https://cv.example.com' }, undefined, { seed: false });
  });
  afterAll(() => testApp.close());

  it('add HSTS and upgrade insecure requests', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(policy(response).get('upgrade-insecure-requests')).toEqual([]);
  });
});

describe('security headers with Google sign-in configured', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(
      { googleClientId: 'client-id', googleScriptUrl: 'https://accounts.google.com/gsi/client' },
      undefined,
      { seed: false },
    );
  });
  afterAll(() => testApp.close());

  it("allow Google's script origin, and only then", async () => {
    const csp = policy(await testApp.app.inject({ method: 'GET', url: '/healthz' }));
    for (const directive of ['script-src', 'connect-src', 'frame-src', 'style-src']) {
      expect(csp.get(directive), directive).toContain('https://accounts.google.com');
    }
    expect(csp.get('img-src')).not.toContain('https://accounts.google.com');
  });
});
