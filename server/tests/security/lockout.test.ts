import { RATE_LIMITS } from '../../src/auth/routes.js';
import { DEVICE_COOKIE, makeDeviceToken } from '../../src/security/device.js';
import { createAccount, detail, linkIn, mailsTo, PASSWORD, resetAccounts } from '../auth/support.js';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';

/*
 * Lockouts someone guessing causes stop them, not the account's owner: the failures count per account and client
 * address; an account locked from everywhere (guesses from many addresses) still lets in a browser that signed in
 * to it before (the trusted-browser cookie), and its owner is mailed a link that unlocks it.
 */

const WRONG = 'Wrong-passw0rd';
const ALICE = 'alice@example.com';

describe.each(testDatabases())('lockouts ($name)', (database) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ publicUrl: 'https://cv.example.test' }, database, { seed: false });
  });

  beforeEach(async () => {
    await resetAccounts(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  /** A browser at a client address: keeps its cookies, as a real one does. */
  async function browserAt(ip: string): Promise<TestClient & { signIn(email: string, password: string): Promise<number> }> {
    const c = await client(testApp.app);
    const at = (url: string, body: Record<string, unknown>) =>
      testApp.app.inject({
        method: 'POST',
        url,
        remoteAddress: ip,
        headers: {
          cookie: [...c.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          'x-csrftoken': c.cookies.get('csrftoken') ?? '',
        },
        payload: body,
      });
    await c.get('/auth/csrf/');
    return Object.assign(c, {
      async signIn(email: string, password: string) {
        const response = await at('/auth/login/', { email, password });
        for (const cookie of response.cookies as Array<{ name: string; value: string }>) c.cookies.set(cookie.name, cookie.value);
        return response.statusCode;
      },
    });
  }

  async function guessFrom(ips: string[], times: number) {
    for (let i = 0; i < times; i++) {
      const attacker = await browserAt(ips[i % ips.length]!);
      expect(await attacker.signIn(ALICE, WRONG)).toBe(400);
    }
  }

  it('ten wrong passwords from one address lock only that address out of the account', async () => {
    await createAccount(testApp.app);
    await guessFrom(['203.0.113.66'], RATE_LIMITS.loginFromAddress.limit);
    const attacker = await browserAt('203.0.113.66');
    expect(await attacker.signIn(ALICE, PASSWORD)).toBe(429);
    // The owner, elsewhere, with no history on this browser: in.
    const owner = await browserAt('198.51.100.10');
    expect(await owner.signIn(ALICE, PASSWORD)).toBe(200);
    // No lockout of the account itself: nobody was mailed.
    expect(await mailsTo(testApp, ALICE)).toEqual([]);
  });

  it('an account locked from everywhere lets in a browser that signed in before, and mails its owner an unlock link once', async () => {
    await createAccount(testApp.app);
    const laptop = await browserAt('198.51.100.10');
    expect(await laptop.signIn(ALICE, PASSWORD)).toBe(200);
    expect(laptop.cookies.get(DEVICE_COOKIE)).toMatch(/^v1\./);

    const ips = Array.from({ length: 5 }, (_, i) => `203.0.113.${i + 1}`);
    await guessFrom(ips, RATE_LIMITS.login.limit);
    // A new browser, even with the right password and from an address that guessed nothing: locked.
    const phone = await browserAt('198.51.100.20');
    expect(await phone.signIn(ALICE, PASSWORD)).toBe(429);
    expect(await (await browserAt('203.0.113.99')).signIn(ALICE, WRONG)).toBe(429);
    // The browser that signed in before: in, though it shares an address with nobody.
    expect(await laptop.signIn(ALICE, PASSWORD)).toBe(200);

    const mails = await mailsTo(testApp, ALICE);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your CV Builder account was locked after many wrong passwords',
    ]);
    const { link, uid, token } = linkIn(mails[0]!, '/unlock-account');
    expect(link.origin + link.pathname).toBe('https://cv.example.test/unlock-account');

    // The owner opens the link on the phone: the account is unlocked and the phone trusted for it.
    const unlocked = await phone.post('/auth/account-unlock/', { uid, token });
    expect(unlocked.statusCode).toBe(200);
    expect(detail(unlocked)).toMatch(/^Your account is unlocked/);
    expect(phone.cookies.get(DEVICE_COOKIE)).toMatch(/^v1\./);
    expect(await phone.signIn(ALICE, PASSWORD)).toBe(200);
    // Unlocked for other browsers too.
    expect(await (await browserAt('198.51.100.30')).signIn(ALICE, PASSWORD)).toBe(200);
  });

  it('locks an unknown address as a registered one, answering alike, and mails nobody', async () => {
    const ips = Array.from({ length: 5 }, (_, i) => `203.0.113.${i + 1}`);
    for (let i = 0; i < RATE_LIMITS.login.limit; i++) {
      expect(await (await browserAt(ips[i % 5]!)).signIn('nobody@example.com', WRONG)).toBe(400);
    }
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/auth/login/',
      remoteAddress: '198.51.100.40',
      headers: { cookie: 'csrftoken=x', 'x-csrftoken': 'x' },
      payload: { email: 'nobody@example.com', password: WRONG },
    });
    expect(refused.statusCode).toBe(429);
    expect(detail(refused)).toBe('Too many attempts. Please try again in 15 minutes, or reset your password.');
    expect(await mailsTo(testApp, '@')).toEqual([]);
  });

  it('a trusted browser has a limit of its own', async () => {
    await createAccount(testApp.app);
    const laptop = await browserAt('198.51.100.10');
    expect(await laptop.signIn(ALICE, PASSWORD)).toBe(200);
    for (let i = 0; i < RATE_LIMITS.loginFromDevice.limit; i++) expect(await laptop.signIn(ALICE, WRONG)).toBe(400);
    expect(await laptop.signIn(ALICE, PASSWORD)).toBe(429);
  });

  it('a forged, tampered or other account’s cookie trusts nothing', async () => {
    const alice = await createAccount(testApp.app);
    const bob = await createAccount(testApp.app, { email: 'bob@example.com' });
    await guessFrom(Array.from({ length: 5 }, (_, i) => `203.0.113.${i + 1}`), RATE_LIMITS.login.limit);
    const genuine = makeDeviceToken(testApp.app.config.secretKey, alice.id, new Date());
    const cookies = [
      makeDeviceToken('another-secret', alice.id, new Date()),
      `${genuine.slice(0, -1)}${genuine.endsWith('A') ? 'B' : 'A'}`,
      genuine.replace(`v1.${alice.id}.`, `v1.${bob.id}.`),
      makeDeviceToken(testApp.app.config.secretKey, bob.id, new Date()),
      'garbage',
    ];
    for (const value of cookies) {
      const c = await browserAt('198.51.100.50');
      c.cookies.set(DEVICE_COOKIE, value);
      expect(await c.signIn(ALICE, PASSWORD), value).toBe(429);
    }
    const c = await browserAt('198.51.100.50');
    c.cookies.set(DEVICE_COOKIE, genuine);
    expect(await c.signIn(ALICE, PASSWORD)).toBe(200);
  });

  it('refuses an unlock link that is tampered with, for another account, or no token at all', async () => {
    await createAccount(testApp.app);
    await guessFrom(Array.from({ length: 5 }, (_, i) => `203.0.113.${i + 1}`), RATE_LIMITS.login.limit);
    await (await browserAt('198.51.100.20')).signIn(ALICE, PASSWORD);
    const { uid, token } = linkIn((await mailsTo(testApp, ALICE))[0]!, '/unlock-account');
    const c = await client(testApp.app);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const body of [{ uid, token: tampered }, { uid: 'OTk5', token }, { uid, token: 'nope' }]) {
      const response = await c.post('/auth/account-unlock/', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'This link is invalid.', code: 'link_invalid' });
    }
    expect(detail(await c.post('/auth/account-unlock/', { uid }))).toBe('token is required');
    expect(c.cookies.has(DEVICE_COOKIE)).toBe(false);
  });
});

// The e2e server's knob: its limits are scaled for browsers that all share 127.0.0.1, so the per-address limit
// would stop guessing long before the account locks. ACCOUNT_LOCKOUT_LIMIT brings the lock, unscaled, within reach.
describe.each(testDatabases())('ACCOUNT_LOCKOUT_LIMIT with scaled limits ($name)', (database) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(
      { publicUrl: 'https://cv.example.test', rateLimitScale: 100, accountLockoutLimit: 3 },
      database,
      { seed: false },
    );
  });

  beforeEach(async () => {
    await resetAccounts(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  async function signIn(c: TestClient, password: string): Promise<number> {
    return (await c.post('/auth/login/', { email: ALICE, password })).statusCode;
  }

  it('locks the account after that many wrong passwords from one address, unscaled; a trusted browser still gets in', async () => {
    await createAccount(testApp.app);
    const laptop = await client(testApp.app);
    expect(await signIn(laptop, PASSWORD)).toBe(200);
    const stranger = await client(testApp.app);
    for (let i = 0; i < 3; i++) expect(await signIn(stranger, WRONG)).toBe(400);
    expect(await signIn(stranger, PASSWORD)).toBe(429);
    expect(await signIn(laptop, PASSWORD)).toBe(200);
    const mails = await mailsTo(testApp, ALICE);
    expect(mails).toHaveLength(1);
    const { uid, token } = linkIn(mails[0]!, '/unlock-account');
    expect((await stranger.post('/auth/account-unlock/', { uid, token })).statusCode).toBe(200);
    expect(await signIn(stranger, PASSWORD)).toBe(200);
    // The other limits stay scaled: the trusted browser's own is far from reached.
    for (let i = 0; i < RATE_LIMITS.loginFromDevice.limit + 1; i++) expect(await signIn(laptop, WRONG)).toBe(400);
  });
});
