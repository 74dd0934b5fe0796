import { setClock } from '../../src/auth/clock.js';
import { recordSecurityEvent } from '../../src/security/events.js';
import { createAccount, linkIn, mailsTo, PASSWORD, resetAccounts } from '../auth/support.js';
import { client, createTestApp, testDatabases, type TestApp } from '../helpers/app.js';

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const NEW_PASSWORD = 'N3w-passw0rd';

interface Item {
  id: number;
  kind: string;
  at: string;
  browser: string;
  os: string;
  detail: Record<string, unknown>;
}

describe.each(testDatabases())('security activity ($name)', (database) => {
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

  it('lists refused and successful sign-ins, password and email changes, newest first, with browser and system', async () => {
    await createAccount(testApp.app);
    const firefox = await client(testApp.app);
    const wrong = await firefox.post(
      '/auth/login/',
      { email: 'alice@example.com', password: 'Wr0ng-password' },
      { headers: { 'user-agent': FIREFOX_ON_WINDOWS } },
    );
    expect(wrong.statusCode).toBe(400);
    const c = await client(testApp.app);
    const ua = { headers: { 'user-agent': CHROME_ON_LINUX } };
    expect((await c.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD }, ua)).statusCode).toBe(200);
    expect(
      (await c.post('/auth/change-password/', { current_password: PASSWORD, new_password: NEW_PASSWORD }, ua)).statusCode,
    ).toBe(200);
    const change = await c.put(
      '/auth/profile/update/',
      { full_name: 'Alice', email: 'alice.new@example.com', phone_number: '', current_password: NEW_PASSWORD },
      ua,
    );
    expect(change.statusCode).toBe(200);
    const { uid, token } = linkIn((await mailsTo(testApp, 'alice.new@example.com'))[0]!, '/confirm-email-change');
    expect((await c.post('/auth/email-change/confirm/', { uid, token }, ua)).statusCode).toBe(200);

    const response = await c.get('/auth/security-activity/');
    expect(response.statusCode).toBe(200);
    const items = response.json() as Item[];
    expect(items.map((item) => [item.kind, item.browser, item.os, item.detail])).toEqual([
      ['email_changed', 'Chrome 130', 'Linux', { how: 'confirmed' }],
      ['password_changed', 'Chrome 130', 'Linux', {}],
      ['signin_succeeded', 'Chrome 130', 'Linux', { method: 'password' }],
      ['signin_refused', 'Firefox 128', 'Windows 10', { reason: 'wrong_password' }],
    ]);
    for (const item of items) {
      expect(item.id).toEqual(expect.any(Number));
      expect(new Date(item.at).toISOString()).toBe(item.at);
    }
  });

  it('records a password reset as a password change and the sign-in it gives', async () => {
    const alice = await createAccount(testApp.app);
    const c = await client(testApp.app);
    await c.post('/auth/password-reset/', { email: 'alice@example.com' });
    const { uid, token } = linkIn((await mailsTo(testApp, 'alice@example.com'))[0]!, '/reset-password');
    expect((await c.post('/auth/password-reset-confirm/', { uid, token, new_password: NEW_PASSWORD })).statusCode).toBe(200);
    const items = (await c.get('/auth/security-activity/')).json() as Item[];
    expect(items.map((item) => [item.kind, item.detail])).toEqual([
      ['signin_succeeded', { method: 'password_reset' }],
      ['password_changed', { method: 'password_reset' }],
    ]);
    expect(items[0]!.browser).toBe('Unknown browser');
    expect(alice.id).toEqual(expect.any(Number));
  });

  it('shows only the person’s own events, the 50 newest within 90 days; other helpers’ kinds come through', async () => {
    const alice = await createAccount(testApp.app);
    const bob = await createAccount(testApp.app, { email: 'bob@example.com' });
    const start = Date.UTC(2030, 0, 1);
    setClock(() => new Date(start));
    await recordSecurityEvent(testApp.app.db, { userId: alice.id, kind: 'passkey_added', detail: { name: 'Old key' } });
    for (let i = 1; i <= 55; i++) {
      setClock(() => new Date(start + 91 * 24 * 60 * 60 * 1000 + i * 1000));
      await recordSecurityEvent(testApp.app.db, {
        userId: alice.id,
        kind: i % 2 ? 'two_step_enabled' : 'two_step_disabled',
        request: { headers: { 'user-agent': CHROME_ON_LINUX } },
      });
    }
    await recordSecurityEvent(testApp.app.db, { userId: bob.id, kind: 'passkey_removed' });
    const c = await client(testApp.app);
    await c.signInAs(alice.id);
    const items = (await c.get('/auth/security-activity/')).json() as Item[];
    expect(items).toHaveLength(50);
    expect(items[0]!.kind).toBe('two_step_enabled');
    expect(items.some((item) => item.kind === 'passkey_added' || item.kind === 'passkey_removed')).toBe(false);
    // Older than 90 days: gone from the table too.
    const rows = await testApp.app.db.selectFrom('security_events').select('kind').where('user_id', '=', alice.id).execute();
    expect(rows).toHaveLength(55);
  });

  it('is 401 without a session', async () => {
    const c = await client(testApp.app);
    const response = await c.get('/auth/security-activity/');
    expect(response.statusCode).toBe(401);
  });
});
