import { hit, resetRateLimit } from '../../src/http/rate-limit.js';
import { HttpError } from '../../src/http/errors.js';
import { client, createTestApp, testDatabases, type TestApp } from '../helpers/app.js';

const MINUTE = 60_000;

describe.each(testDatabases())('rate limiting on $name', (database) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({}, database, { seed: false });
    const { app } = testApp;
    app.post('/auth/probe-login/', async () => {
      await hit(app.db, 'probe-login', { limit: 3, windowMs: 15 * MINUTE });
      return { detail: 'ok' };
    });
  });
  afterAll(() => testApp.close());

  it('allows the limit, then answers 429 with how long to wait', async () => {
    const c = await client(testApp.app);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await c.post('/auth/probe-login/')).statusCode).toBe(200);
    }
    const refused = await c.post('/auth/probe-login/');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts per key and restarts in the next window', async () => {
    const { db } = testApp.app;
    const limit = { limit: 2, windowMs: 10 * MINUTE };
    const start = new Date(Date.UTC(2030, 0, 1, 12, 0, 0));
    await hit(db, 'k1', limit, start);
    const second = await hit(db, 'k1', limit, new Date(start.getTime() + MINUTE));
    expect(second).toMatchObject({ count: 2, remaining: 0 });
    await expect(hit(db, 'k1', limit, new Date(start.getTime() + 2 * MINUTE))).rejects.toMatchObject({
      statusCode: 429,
      detail: 'Too many attempts. Please try again in 8 minutes.',
    });
    expect((await hit(db, 'k2', limit, start)).count).toBe(1);
    const nextWindow = await hit(db, 'k1', limit, new Date(start.getTime() + 10 * MINUTE));
    expect(nextWindow.count).toBe(1);
  });

  it('says "1 minute" near the end of a window', async () => {
    const { db } = testApp.app;
    const at = new Date(Date.UTC(2030, 0, 1, 12, 9, 30));
    await hit(db, 'k3', { limit: 1, windowMs: 10 * MINUTE }, at);
    const error = await hit(db, 'k3', { limit: 1, windowMs: 10 * MINUTE }, at).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).detail).toBe('Too many attempts. Please try again in 1 minute.');
  });

  it('counts every concurrent attempt exactly once', async () => {
    const { db } = testApp.app;
    const at = new Date(Date.UTC(2030, 0, 2));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => hit(db, 'burst', { limit: 5, windowMs: MINUTE }, at)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    const row = await db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', 'burst')
      .executeTakeFirstOrThrow();
    expect(row.count).toBe(20);
  });

  it('forgets a key on reset', async () => {
    const { db } = testApp.app;
    const limit = { limit: 1, windowMs: MINUTE };
    await hit(db, 'k4', limit);
    await resetRateLimit(db, 'k4');
    expect((await hit(db, 'k4', limit)).count).toBe(1);
  });
});

describe('RATE_LIMIT_SCALE', () => {
  it('multiplies every limit of that app only', async () => {
    const scaled = await createTestApp({ rateLimitScale: 3 }, undefined, { seed: false });
    const plain = await createTestApp({}, undefined, { seed: false });
    try {
      const rule = { limit: 1, windowMs: 10 * MINUTE };
      const at = new Date(Date.UTC(2030, 0, 3));
      for (let attempt = 1; attempt <= 3; attempt++) await hit(scaled.app.db, 'scaled', rule, at);
      await expect(hit(scaled.app.db, 'scaled', rule, at)).rejects.toMatchObject({ statusCode: 429 });
      await hit(plain.app.db, 'scaled', rule, at);
      await expect(hit(plain.app.db, 'scaled', rule, at)).rejects.toMatchObject({ statusCode: 429 });
    } finally {
      await scaled.close();
      await plain.close();
    }
  });
});
