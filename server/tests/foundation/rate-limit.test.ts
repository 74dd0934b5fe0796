import { hit, releaseAttempt, resetRateLimit } from '../../src/http/rate-limit.js';
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

  it('counts per key in a window that slides: a slot frees when the oldest attempt leaves it', async () => {
    const { db } = testApp.app;
    const limit = { limit: 2, windowMs: 10 * MINUTE };
    const start = new Date(Date.UTC(2030, 0, 1, 12, 0, 0));
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    await hit(db, 'k1', limit, start);
    const second = await hit(db, 'k1', limit, at(1));
    expect(second).toMatchObject({ count: 2, remaining: 0, resetAt: at(10) });
    // Retry-After: when the attempt of 12:00 leaves the window, 8 minutes from 12:02.
    await expect(hit(db, 'k1', limit, at(2))).rejects.toMatchObject({
      statusCode: 429,
      detail: 'Too many attempts. Please try again in 8 minutes.',
      headers: { 'retry-after': String(8 * 60) },
    });
    expect((await hit(db, 'k2', limit, start)).count).toBe(1);
    // A fixed window would restart at 12:10 with both slots free; here only the 12:00 slot is free again.
    expect((await hit(db, 'k1', limit, at(10))).count).toBe(2);
    await expect(hit(db, 'k1', limit, at(10.5))).rejects.toMatchObject({
      detail: 'Too many attempts. Please try again in 1 minute.',
      headers: { 'retry-after': '30' },
    });
    expect((await hit(db, 'k1', limit, at(11))).count).toBe(2);
  });

  it('refuses the old edge burst: 10 tries just before a window boundary and 10 just after', async () => {
    const { db } = testApp.app;
    const rule = { limit: 10, windowMs: 15 * MINUTE };
    // 12:14:58 and 12:15:01, the two sides of a 15-minute boundary a fixed window would have restarted at.
    const before = new Date(Date.UTC(2030, 0, 1, 12, 14, 58));
    const after = new Date(Date.UTC(2030, 0, 1, 12, 15, 1));
    const outcomes: number[] = [];
    for (const at of [...Array<Date>(10).fill(before), ...Array<Date>(10).fill(after)]) {
      outcomes.push(
        await hit(db, 'edge', rule, at).then(
          () => 200,
          (error: HttpError) => error.statusCode,
        ),
      );
    }
    expect(outcomes.filter((status) => status === 200)).toHaveLength(10);
    expect(outcomes.slice(10)).toEqual(Array(10).fill(429));
  });

  it('says "1 minute" when the oldest attempt is about to leave the window', async () => {
    const { db } = testApp.app;
    const first = new Date(Date.UTC(2030, 0, 1, 12, 0, 0));
    const rule = { limit: 1, windowMs: 10 * MINUTE };
    await hit(db, 'k3', rule, first);
    const error = await hit(db, 'k3', rule, new Date(first.getTime() + 9.5 * MINUTE)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).detail).toBe('Too many attempts. Please try again in 1 minute.');
  });

  it('lets exactly the limit through a parallel burst, and counts only those', async () => {
    const { db } = testApp.app;
    const at = new Date(Date.UTC(2030, 0, 2));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => hit(db, 'burst', { limit: 10, windowMs: MINUTE }, at)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    expect(
      results.every(
        (result) => result.status === 'fulfilled' || (result.reason as HttpError).statusCode === 429,
      ),
    ).toBe(true);
    const rows = await db.selectFrom('rate_limit_attempts').select('id').where('key', '=', 'burst').execute();
    expect(rows).toHaveLength(10);
  });

  it('forgets a key on reset, and one attempt on release', async () => {
    const { db } = testApp.app;
    const limit = { limit: 2, windowMs: MINUTE };
    await hit(db, 'k4', limit);
    await resetRateLimit(db, 'k4');
    const first = await hit(db, 'k4', limit);
    expect(first.count).toBe(1);
    await releaseAttempt(db, first);
    expect((await hit(db, 'k4', limit)).count).toBe(1);
  });

  it('removes attempts that no longer count', async () => {
    const { db } = testApp.app;
    const start = new Date(Date.UTC(2031, 0, 1));
    await hit(db, 'old', { limit: 5, windowMs: MINUTE }, start);
    await hit(db, 'old', { limit: 5, windowMs: MINUTE }, new Date(start.getTime() + 2 * MINUTE));
    const rows = await db.selectFrom('rate_limit_attempts').select('at').where('key', '=', 'old').execute();
    expect(rows.map((row) => row.at)).toEqual([new Date(start.getTime() + 2 * MINUTE).toISOString()]);
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

describe.each(testDatabases())(
  'rate limits shared by two server processes on one $name database',
  (database) => {
    it('counts the attempts of both, also in a parallel burst', async () => {
      const first = await createTestApp({}, database, { seed: false });
      const second = await createTestApp({}, first.databaseUrl, { seed: false });
      try {
        const rule = { limit: 10, windowMs: 15 * MINUTE };
        const at = new Date(Date.UTC(2030, 0, 4));
        const results = await Promise.allSettled(
          Array.from({ length: 20 }, (_, i) => hit((i % 2 ? first : second).app.db, 'shared', rule, at)),
        );
        expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
        await expect(hit(first.app.db, 'shared', rule, at)).rejects.toMatchObject({ statusCode: 429 });
        await expect(hit(second.app.db, 'shared', rule, at)).rejects.toMatchObject({ statusCode: 429 });
      } finally {
        // Both apps use one database: the second closes without dropping it, the first drops it.
        await second.app.close();
        await first.close();
      }
    });
  },
);
