import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { loggablePath } from '../../src/http/request-log.js';
import { linkIn, registration } from '../auth/support.js';
import { client, createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { readOutbox } from '../helpers/outbox.js';

// The probes a load balancer uses, and a log an operator can keep — one line per request, and no
// password, token or cookie in it, whatever the request carried.

describe.each(testDatabases())('health and readiness probes on $name', (database) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({}, database, { seed: false });
  });
  afterAll(() => testApp.close());

  it('/healthz says the process is alive', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz says the database answers and what state the renderer is in', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'ok',
      renderer: expect.stringMatching(/^(idle|running|unavailable)$/),
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('readiness without a database', () => {
  it('/readyz answers 503 while /healthz still answers', async () => {
    const testApp = await createTestApp({ chromiumPath: null }, undefined, { seed: false });
    try {
      expect((await testApp.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({
        renderer: 'unavailable',
      });
      await testApp.app.db.destroy();
      const response = await testApp.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        database: 'unreachable',
        renderer: 'unavailable',
      });
      expect((await testApp.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await testApp.close().catch(() => undefined);
    }
  });
});

describe('the request log', () => {
  let dir: string;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cvb-log-'));
    app = await buildApp(
      {
        ...loadConfig({ LOG_LEVEL: 'info', SECRET_KEY: 'test-secret-key-not-for-production' }),
        databaseUrl: `sqlite:${join(dir, 'log.sqlite')}`,
        mailOutboxDir: join(dir, 'outbox'),
      },
      { logStream: { write: (line: string) => void lines.push(line) }, seed: false },
    );
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is one line per request at info, and never carries a password, token or cookie', async () => {
    const password = 'Sup3r-Secret-Passw0rd!';
    const newPassword = 'An0ther-Secret-Passw0rd!';
    const email = 'logged@example.com';
    const secrets: string[] = [password, newPassword];
    const person = await client(app);

    const requests: Array<() => Promise<unknown>> = [
      () => person.post('/auth/register/', registration({ email, password1: password, password2: password })),
      () => person.post('/auth/login/', { email, password: 'Wrong-Passw0rd-1' }),
    ];
    for (const send of requests) await send();
    secrets.push('Wrong-Passw0rd-1');

    // The confirmation link's uid and token travel in a query string.
    await app.mailQueue.drain();
    const outbox = join(dir, 'outbox');
    const confirmation = (await readOutbox(outbox)).find((mail) => mail.to.includes(email))!;
    const { uid, token } = linkIn(confirmation, '/confirm-email');
    secrets.push(token);
    await person.get(`/auth/confirm-email/?uid=${uid}&token=${token}`);
    await person.post('/auth/login/', { email, password });
    secrets.push(person.cookies.get('sessionid')!, person.cookies.get('csrftoken')!);
    await person.get('/auth/profile/');
    await person.post('/auth/password-reset/', { email });
    await app.mailQueue.drain();
    const resetMail = (await readOutbox(outbox)).filter((mail) => mail.to.includes(email)).at(-1)!;
    const reset = linkIn(resetMail, '/reset-password');
    secrets.push(reset.token);
    await person.post('/auth/password-reset-confirm/', {
      uid: reset.uid,
      token: reset.token,
      new_password: newPassword,
    });
    await person.post('/auth/login/', { email, password: newPassword });
    secrets.push(person.cookies.get('sessionid')!);
    // A request that fails inside the server still logs nothing it carried.
    await person.post('/auth/login/', `{"email":"${email}","password":"${password}"`, {
      headers: { 'content-type': 'application/json' },
    });
    await app.inject({
      method: 'GET',
      url: '/auth/profile/',
      headers: {
        authorization: 'Bearer abc.def.secret-bearer',
        cookie: 'sessionid=not-a-real-session-cookie',
      },
    });
    secrets.push('secret-bearer', 'not-a-real-session-cookie');
    const sent = 11; // every request above, the CSRF cookie fetch included

    const log = lines.join('');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(6);
      expect(log, `"${secret}" reached the log`).not.toContain(secret);
    }
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; level: number; path?: string });
    const requestLines = entries.filter((entry) => entry.msg === 'request');
    expect(requestLines).toHaveLength(sent);
    expect(requestLines.every((entry) => entry.level === 30)).toBe(true);
    expect(requestLines.map((entry) => entry.path)).toContain(
      '/auth/confirm-email/?uid=[redacted]&token=[redacted]',
    );
    expect(entries.filter((entry) => /incoming request|request completed/.test(entry.msg))).toEqual([]);
  });
});

describe('loggablePath', () => {
  it('keeps harmless query values and redacts secret ones', () => {
    expect(loggablePath('/v1/CvTemplate/?v=3')).toBe('/v1/CvTemplate/?v=3');
    expect(loggablePath('/linkedin-callback?code=abc&state=xyz')).toBe(
      '/linkedin-callback?code=[redacted]&state=[redacted]',
    );
    expect(loggablePath('/auth/email-change/confirm/?uid=Mg&token=t0k')).toBe(
      '/auth/email-change/confirm/?uid=[redacted]&token=[redacted]',
    );
    expect(loggablePath('/healthz')).toBe('/healthz');
  });
});
