import { performance } from 'node:perf_hooks';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';
import { createAccount, mailsTo, resetAccounts } from './support.js';

/*
 * Whether an address has an account must not show in the answers of the calls anyone may make with an address:
 * the same status, body and time for a registered address and an unknown one, whatever the mail server does.
 */

const REGISTERED = 'alice@example.com';
const UNKNOWN = 'nobody@example.com';
const CALLS = ['/auth/password-reset/', '/auth/resend-confirmation/'] as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

describe.each(testDatabases())('no account enumeration ($name)', (database) => {
  let testApp: TestApp;
  let c: TestClient;

  beforeAll(async () => {
    // 100 calls per address: the per-address and per-email limits are raised out of the way.
    testApp = await createTestApp({ rateLimitScale: 1000 }, database, { seed: false });
    c = await client(testApp.app);
  });

  beforeEach(async () => {
    await resetAccounts(testApp);
    // Unconfirmed: it is sent both a reset link and a new confirmation link.
    await createAccount(testApp.app, { email: REGISTERED, confirmed: false });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  // A statistical comparison: on a machine busy with other jobs one unlucky run may differ; it must hold when tried again.
  it.each(CALLS)('%s answers a registered and an unknown address alike, in the same time', { retry: 2 }, async (url) => {
    const timings: Record<string, number[]> = { [REGISTERED]: [], [UNKNOWN]: [] };
    const answers = new Set<string>();
    const attempt = async (email: string, record: boolean) => {
      const started = performance.now();
      const response = await c.post(url, { email });
      const took = performance.now() - started;
      answers.add(`${response.statusCode} ${response.body}`);
      if (record) timings[email]!.push(took);
      // The mail goes out after the answer; it is not part of what the caller can time.
      await testApp.app.mailQueue.drain();
    };
    for (let i = 0; i < 10; i++) {
      await attempt(REGISTERED, false);
      await attempt(UNKNOWN, false);
    }
    for (let i = 0; i < 50; i++) {
      // Interleaved, each going first in turn.
      const order = i % 2 ? [REGISTERED, UNKNOWN] : [UNKNOWN, REGISTERED];
      for (const email of order) await attempt(email, true);
    }
    expect([...answers]).toHaveLength(1);
    expect([...answers][0]).toMatch(/^200 /);
    const registered = median(timings[REGISTERED]!);
    const unknown = median(timings[UNKNOWN]!);
    console.info(
      `${url} (${database.name}): median ${registered.toFixed(2)} ms registered, ${unknown.toFixed(2)} ms unknown`,
    );
    expect(Math.abs(registered - unknown)).toBeLessThan(2);
    // And the registered address did get its mail (60 of each call).
    expect((await mailsTo(testApp, REGISTERED)).length).toBe(60);
    expect(await mailsTo(testApp, UNKNOWN)).toEqual([]);
  });
});

describe.each(testDatabases())('no account enumeration with the mail server down ($name)', (database) => {
  it('answers 200 for a registered and an unknown address alike', async () => {
    // Nothing listens on port 1: every SMTP connection is refused.
    const testApp = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' }, database, { seed: false });
    try {
      await createAccount(testApp.app, { email: REGISTERED, confirmed: false });
      const c = await client(testApp.app);
      for (const url of CALLS) {
        const registered = await c.post(url, { email: REGISTERED });
        const unknown = await c.post(url, { email: UNKNOWN });
        expect(registered.statusCode).toBe(200);
        expect(unknown.statusCode).toBe(200);
        expect(registered.body).toBe(unknown.body);
      }
      // The registered address's two mails wait in the queue for the mail server.
      await testApp.app.mailQueue.drain();
      const queued = await testApp.app.db.selectFrom('mail_queue').select(['kind', 'attempts']).execute();
      expect(queued).toHaveLength(2);
      expect(queued.every((row) => row.attempts === 1)).toBe(true);
    } finally {
      await testApp.close();
    }
  });
});
