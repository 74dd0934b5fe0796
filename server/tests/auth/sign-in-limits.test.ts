import type { LightMyRequestResponse } from 'fastify';
import { setClock } from '../../src/auth/clock.js';
import { RATE_LIMITS } from '../../src/auth/routes.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { createAccount, detail, linkIn, mailsTo, PASSWORD, resetAccounts } from './support.js';

const CSRF = 'sign-in-limits-csrf-token-0123456789';
const WRONG = 'Wrong-passw0rd';

/** A sign-in from a given client address (the limits count per address and per account). */
function signIn(testApp: TestApp, email: string, password: string, ip = '203.0.113.7') {
  return testApp.app.inject({
    method: 'POST',
    url: '/auth/login/',
    remoteAddress: ip,
    headers: { cookie: `csrftoken=${CSRF}`, 'x-csrftoken': CSRF },
    payload: { email, password },
  });
}

const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);

describe.each(testDatabases())('sign-in limits ($name)', (database) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({}, database, { seed: false });
  });

  beforeEach(async () => {
    await resetAccounts(testApp);
  });

  afterEach(() => {
    setClock(undefined);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('lets the owner back in at once after a password reset (the mailbox proves who it is)', async () => {
    const user = await createAccount(testApp.app);
    // Locked from anywhere: guesses from many addresses, each under its own limit.
    for (let i = 0; i < RATE_LIMITS.login.limit; i++) {
      await signIn(testApp, 'alice@example.com', WRONG, `198.51.100.${i % 10}`);
    }
    expect((await signIn(testApp, 'alice@example.com', PASSWORD)).statusCode).toBe(429);
    const csrf = { cookie: `csrftoken=${CSRF}`, 'x-csrftoken': CSRF };
    await testApp.app.inject({ method: 'POST', url: '/auth/password-reset/', headers: csrf, payload: { email: user.email } });
    await testApp.app.mailQueue.drain();
    const { uid, token } = linkIn((await mailsTo(testApp, user.email)).at(-1)!, '/reset-password');
    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/auth/password-reset-confirm/',
      headers: csrf,
      payload: { uid, token, new_password: 'N3w-passw0rd' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(testApp, 'alice@example.com', 'N3w-passw0rd')).statusCode).toBe(200);
  });

  it('counts guesses per account and address, and refuses the old burst across a window edge', async () => {
    await createAccount(testApp.app);
    // 10 wrong passwords just before a quarter hour from one address: a fixed window restarted at 12:15.
    setClock(() => new Date(Date.UTC(2030, 0, 1, 12, 14, 58)));
    for (let i = 0; i < RATE_LIMITS.loginFromAddress.limit; i++) {
      expect((await signIn(testApp, 'alice@example.com', WRONG, '198.51.100.1')).statusCode).toBe(400);
    }
    setClock(() => new Date(Date.UTC(2030, 0, 1, 12, 15, 1)));
    const refused = await signIn(testApp, 'ALICE@example.com', PASSWORD, '198.51.100.1');
    expect(refused.statusCode).toBe(429);
    // Anyone who types the address can lock it: its owner is shown the way out only the mailbox opens.
    expect(detail(refused)).toBe('Too many attempts. Please try again in 15 minutes, or reset your password.');
    // The first guess of 12:14:58 leaves the window at 12:29:58.
    expect(refused.headers['retry-after']).toBe(String(15 * 60 - 3));
    setClock(() => new Date(Date.UTC(2030, 0, 1, 12, 29, 57)));
    expect((await signIn(testApp, 'alice@example.com', PASSWORD, '198.51.100.1')).statusCode).toBe(429);
    setClock(() => new Date(Date.UTC(2030, 0, 1, 12, 29, 59)));
    expect((await signIn(testApp, 'alice@example.com', PASSWORD, '198.51.100.1')).statusCode).toBe(200);
  });

  it('refuses the old burst across a window edge from anywhere once the account itself is locked', async () => {
    await createAccount(testApp.app);
    setClock(() => new Date(Date.UTC(2030, 0, 1, 12, 14, 58)));
    for (let i = 0; i < RATE_LIMITS.login.limit; i++) {
      expect((await signIn(testApp, 'alice@example.com', WRONG, `198.51.100.${i}`)).statusCode).toBe(400);
    }
    setClock(() => new Date(Date.UTC(2030, 0, 1, 12, 15, 1)));
    const refused = await signIn(testApp, 'ALICE@example.com', PASSWORD, '198.51.100.200');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(15 * 60 - 3));
    setClock(() => new Date(Date.UTC(2030, 0, 1, 12, 29, 59)));
    expect((await signIn(testApp, 'alice@example.com', PASSWORD, '198.51.100.200')).statusCode).toBe(200);
  });

  it('locks an unknown address out exactly like a registered one', async () => {
    await createAccount(testApp.app);
    for (const email of ['alice@example.com', 'nobody@example.com']) {
      const answers: LightMyRequestResponse[] = [];
      for (let i = 0; i <= RATE_LIMITS.loginFromAddress.limit; i++) answers.push(await signIn(testApp, email, WRONG));
      expect(statuses(answers)).toEqual([...Array(10).fill(400), 429]);
      expect(answers[10]!.json()).toEqual({ detail: 'Too many attempts. Please try again in 15 minutes, or reset your password.' });
    }
  });

  it('lets exactly 10 guesses of a parallel burst of 20 from one address reach the password check', async () => {
    await createAccount(testApp.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => signIn(testApp, 'alice@example.com', WRONG, '192.0.2.1')),
    );
    expect(statuses(answers).filter((status) => status === 400)).toHaveLength(10);
    expect(statuses(answers).filter((status) => status === 429)).toHaveLength(10);
  });

  it('lets exactly 50 guesses of a parallel burst of 60 from many addresses reach the password check', async () => {
    await createAccount(testApp.app);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(testApp, 'alice@example.com', WRONG, `192.0.2.${i}`)),
    );
    expect(statuses(answers).filter((status) => status === 400)).toHaveLength(50);
    expect(statuses(answers).filter((status) => status === 429)).toHaveLength(10);
  });

  it('stops password spraying: 60 accounts tried from one address, 429 after 30', async () => {
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 60; i++) answers.push(await signIn(testApp, `person${i}@example.com`, 'Summer2030!'));
    expect(statuses(answers)).toEqual([...Array(30).fill(400), ...Array(30).fill(429)]);
    expect(detail(answers[30]!)).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // Another address is not held back.
    expect((await signIn(testApp, 'person0@example.com', 'Summer2030!', '192.0.2.200')).statusCode).toBe(400);
  });

  it("does not count a successful sign-in against the address, and clears the account's failures", async () => {
    await createAccount(testApp.app);
    for (let i = 0; i < 29; i++) {
      expect((await signIn(testApp, `person${i}@example.com`, WRONG)).statusCode).toBe(400);
    }
    for (let i = 0; i < 9; i++) {
      // The account's 9 failures come from elsewhere; its success then clears them.
      expect((await signIn(testApp, 'alice@example.com', WRONG, '192.0.2.1')).statusCode).toBe(400);
    }
    expect((await signIn(testApp, 'alice@example.com', PASSWORD)).statusCode).toBe(200);
    expect((await signIn(testApp, 'person29@example.com', WRONG)).statusCode).toBe(400);
    expect((await signIn(testApp, 'person30@example.com', WRONG)).statusCode).toBe(429);
    for (let i = 0; i < 10; i++) {
      expect((await signIn(testApp, 'alice@example.com', WRONG, '192.0.2.2')).statusCode).toBe(400);
    }
    expect((await signIn(testApp, 'alice@example.com', PASSWORD, '192.0.2.2')).statusCode).toBe(429);
  });
});

describe.each(testDatabases())('sign-in limits of two server processes on one $name database', (database) => {
  it('share the counts', async () => {
    const first = await createTestApp({}, database, { seed: false });
    const second = await createTestApp({}, first.databaseUrl, { seed: false });
    try {
      await createAccount(first.app);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => signIn(i % 2 ? first : second, 'alice@example.com', WRONG)),
      );
      expect(statuses(answers).filter((status) => status === 400)).toHaveLength(10);
      expect((await signIn(first, 'alice@example.com', PASSWORD)).statusCode).toBe(429);
      expect((await signIn(second, 'alice@example.com', PASSWORD)).statusCode).toBe(429);
    } finally {
      await second.app.close();
      await first.close();
    }
  });
});
