import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../src/http/errors.js';
import { endSession, requireUser, startSession } from '../../src/http/session.js';
import { createAccount } from '../auth/support.js';
import { client, createTestApp, testDatabases, type TestApp } from '../helpers/app.js';

// Routes only these tests need, added to the built app before its first request.
function addProbeRoutes(app: FastifyInstance) {
  app.post(
    '/v1/probe/',
    {
      schema: {
        body: {
          type: 'object',
          required: ['full_name'],
          additionalProperties: false,
          properties: {
            full_name: { type: 'string' },
            email: { type: 'string' },
            entries: { type: 'array', items: { type: 'object', properties: { value: { type: 'string' } } } },
          },
        },
      },
    },
    async (request) => ({ received: request.body }),
  );
  app.get(
    '/v1/probe/:id/',
    { schema: { params: { type: 'object', properties: { id: { type: 'integer' } } } } },
    async (request) => ({
      id: (request.params as { id: number }).id,
    }),
  );
  app.get('/v1/explode/', async () => {
    throw new Error('secret database password is hunter2');
  });
  app.get('/v1/refuse/', async () => {
    throw badRequest('Refused for a reason.');
  });
  app.post('/v1/sign-in-as/:id/', async (request, reply) => {
    await startSession(request, reply, Number((request.params as { id: string }).id));
    return { user_id: request.userId };
  });
  app.post('/v1/sign-out/', async (request, reply) => {
    await endSession(request, reply);
    return { detail: 'Signed out.' };
  });
  app.get('/v1/whoami/', async (request) => ({ user_id: requireUser(request) }));
}

describe.each(testDatabases())('HTTP foundation on $name', (database) => {
  let testApp: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    testApp = await createTestApp({}, database, { seed: false });
    app = testApp.app;
    addProbeRoutes(app);
  });
  afterAll(() => testApp.close());

  it('answers the health check', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  describe('CSRF', () => {
    it('sets a readable csrftoken cookie', async () => {
      const response = await app.inject({ method: 'GET', url: '/auth/csrf/' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ detail: 'CSRF cookie set' });
      const cookie = response.cookies.find((c) => c.name === 'csrftoken');
      expect(cookie?.value).toMatch(/^[\w-]{32,}$/);
      expect(cookie?.httpOnly).toBeFalsy();
      expect(cookie?.sameSite).toBe('Lax');
      expect(cookie?.path).toBe('/');
    });

    it('refuses an unsafe request without the token', async () => {
      const c = await client(app);
      const response = await c.post('/v1/probe/', { full_name: 'Ada' }, { csrf: false });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'CSRF token missing or incorrect.' });
    });

    it('refuses a token that does not match the cookie', async () => {
      const c = await client(app);
      await c.get('/auth/csrf/');
      const response = await c.post(
        '/v1/probe/',
        { full_name: 'Ada' },
        { csrf: false, headers: { 'x-csrftoken': 'x'.repeat(43) } },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'CSRF token missing or incorrect.' });
    });

    it('refuses a header token without the cookie', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/v1/probe/',
        headers: { 'x-csrftoken': 'a'.repeat(43) },
        payload: { full_name: 'Ada' },
      });
      expect(response.statusCode).toBe(403);
    });

    it('accepts the matching token, and checks it before the body', async () => {
      const c = await client(app);
      expect((await c.post('/v1/probe/', { full_name: 'Ada' })).statusCode).toBe(200);
      const forged = await c.request('POST', '/v1/probe/', '{not json', {
        csrf: false,
        headers: { 'content-type': 'application/json' },
      });
      expect(forged.statusCode).toBe(403);
    });

    it('keeps an existing token when asked again', async () => {
      const c = await client(app);
      await c.get('/auth/csrf/');
      const first = c.cookies.get('csrftoken');
      await c.get('/auth/csrf/');
      expect(c.cookies.get('csrftoken')).toBe(first);
    });
  });

  describe('errors', () => {
    it('answers an unknown API route with 404 JSON', async () => {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const response = await app.inject({ method, url: '/v1/nothing-here/' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: 'Not found.' });
      }
    });

    it('answers malformed JSON with 400', async () => {
      const c = await client(app);
      const response = await c.request('POST', '/v1/probe/', '{"full_name": ', {
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Request body is not valid JSON.' });
    });

    it('names a missing field', async () => {
      const c = await client(app);
      const response = await c.post('/v1/probe/', { email: 'ada@example.com' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'full_name is required' });
    });

    it('names a field of the wrong type, without coercing body values', async () => {
      const c = await client(app);
      const response = await c.post('/v1/probe/', { full_name: 'Ada', email: 42 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'email: must be a string' });
      const nested = await c.post('/v1/probe/', {
        full_name: 'Ada',
        entries: [{ value: 'x' }, { value: 1 }],
      });
      expect(nested.json()).toEqual({ detail: 'entries[1].value: must be a string' });
    });

    it('says so when the body is not an object, or missing', async () => {
      const c = await client(app);
      const array = await c.post('/v1/probe/', [1, 2]);
      expect(array.statusCode).toBe(400);
      expect(array.json()).toEqual({ detail: 'Request body must be a JSON object.' });
      const empty = await c.request('POST', '/v1/probe/', '', {
        headers: { 'content-type': 'application/json' },
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().detail).toMatch(/Request body/);
    });

    it('ignores unknown fields instead of rejecting them', async () => {
      const c = await client(app);
      const response = await c.post('/v1/probe/', { full_name: 'Ada', is_staff: true });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: { full_name: 'Ada' } });
    });

    it('coerces path parameters', async () => {
      const response = await app.inject({ method: 'GET', url: '/v1/probe/7/' });
      expect(response.json()).toEqual({ id: 7 });
      const bad = await app.inject({ method: 'GET', url: '/v1/probe/seven/' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ detail: 'id: must be an integer' });
    });

    it('answers a body over the limit with 413', async () => {
      const c = await client(app);
      const response = await c.post('/v1/probe/', { full_name: 'x'.repeat(app.config.bodyLimit + 10) });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: 'Request body is too large.' });
    });

    it('passes an HttpError detail through', async () => {
      const response = await app.inject({ method: 'GET', url: '/v1/refuse/' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Refused for a reason.' });
    });

    it('answers a crash with 500 and leaks nothing', async () => {
      const response = await app.inject({ method: 'GET', url: '/v1/explode/' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Internal server error.' });
      expect(response.body).not.toContain('hunter2');
    });
  });

  describe('sessions', () => {
    it('answers 401 without a session', async () => {
      const response = await app.inject({ method: 'GET', url: '/v1/whoami/' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    });

    it('sets an HttpOnly Lax session cookie with a two-week life', async () => {
      const c = await client(app);
      const response = await c.post('/v1/sign-in-as/5/');
      const cookie = response.cookies.find((item) => item.name === 'sessionid');
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.sameSite).toBe('Lax');
      expect(cookie?.maxAge).toBe(14 * 24 * 60 * 60);
      expect(cookie?.secure).toBeFalsy();
      expect((await c.get('/v1/whoami/')).json()).toEqual({ user_id: 5 });
    });

    it('rotates the session id on sign-in and drops the old one', async () => {
      const c = await client(app);
      await c.post('/v1/sign-in-as/5/');
      const first = c.cookies.get('sessionid')!;
      await c.post('/v1/sign-in-as/6/');
      const second = c.cookies.get('sessionid')!;
      expect(second).not.toBe(first);
      expect((await c.get('/v1/whoami/')).json()).toEqual({ user_id: 6 });
      const replay = await app.inject({ method: 'GET', url: '/v1/whoami/', cookies: { sessionid: first } });
      expect(replay.statusCode).toBe(401);
    });

    it('ends the session: cookie cleared and the token no longer works', async () => {
      const c = await client(app);
      await c.post('/v1/sign-in-as/8/');
      const token = c.cookies.get('sessionid')!;
      await c.post('/v1/sign-out/');
      expect(c.cookies.has('sessionid')).toBe(false);
      const replay = await app.inject({ method: 'GET', url: '/v1/whoami/', cookies: { sessionid: token } });
      expect(replay.statusCode).toBe(401);
    });

    it('stores only a hash of the token', async () => {
      const c = await client(app);
      await c.post('/v1/sign-in-as/9/');
      const token = c.cookies.get('sessionid')!;
      const rows = await app.db.selectFrom('sessions').select('id').execute();
      expect(rows.map((row) => row.id)).not.toContain(token);
    });

    it('ignores an expired session', async () => {
      const c = await client(app);
      await c.signInAs(10);
      await app.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', 10)
        .execute();
      expect((await c.get('/v1/whoami/')).statusCode).toBe(401);
    });
  });
});

describe('over https', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ publicUrl: 'https://cv.example.com' }, undefined, { seed: false });
    addProbeRoutes(testApp.app);
  });
  afterAll(() => testApp.close());

  it('marks cookies Secure', async () => {
    // A sign-in is written to the person's security activity, so the person must exist.
    const person = await createAccount(testApp.app, { email: 'secure@example.com' });
    const c = await client(testApp.app);
    const response = await c.post(`/v1/sign-in-as/${person.id}/`, undefined, {
      headers: { origin: 'https://cv.example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((item) => item.name === 'sessionid')?.secure).toBe(true);
  });

  it('refuses an unsafe request from a foreign origin even with the token', async () => {
    const c = await client(testApp.app);
    const response = await c.post(
      '/v1/probe/',
      { full_name: 'Ada' },
      { headers: { origin: 'https://evil.example.net' } },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/Origin checking failed/);
  });
});
