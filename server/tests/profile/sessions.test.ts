import { END_CURRENT_SESSION_DETAIL, describeUserAgent } from '../../src/profile/sessions.js';
import { PASSWORD, createAccount, detail, resetAccounts } from '../auth/support.js';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';

// Sessions you can see: the profile lists the person's active sessions and ends any other, or all others.

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

interface Listed {
  id: string;
  browser: string;
  os: string;
  last_used: string;
  current: boolean;
}

describe.each(testDatabases())('active sessions on $name', (database) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({}, database, { seed: false });
  });
  afterAll(() => testApp.close());
  beforeEach(() => resetAccounts(testApp));

  async function signedIn(email: string, userAgent: string): Promise<TestClient> {
    const browser = await client(testApp.app);
    const response = await browser.post(
      '/auth/login/',
      { email, password: PASSWORD },
      { headers: { 'user-agent': userAgent } },
    );
    expect(response.statusCode, response.body).toBe(200);
    return browser;
  }

  it('lists every active session of the person, this one first and marked, with browser, system and last use', async () => {
    await createAccount(testApp.app, { email: 'alice@example.com' });
    await createAccount(testApp.app, { email: 'bob@example.com' });
    await signedIn('alice@example.com', FIREFOX_LINUX);
    await signedIn('bob@example.com', SAFARI_MAC);
    const here = await signedIn('alice@example.com', CHROME_WINDOWS);
    const response = await here.get('/auth/sessions/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const sessions = response.json<Listed[]>();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ browser: 'Chrome 130', os: 'Windows 10', current: true });
    expect(sessions[1]).toMatchObject({ browser: 'Firefox 132', os: 'Linux', current: false });
    for (const session of sessions) {
      expect(session.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Math.abs(Date.parse(session.last_used) - Date.now())).toBeLessThan(60_000);
    }
    // The id is neither the cookie nor the stored row id.
    const stored = await testApp.app.db.selectFrom('sessions').select('id').execute();
    for (const session of sessions) {
      expect(stored.map((row) => row.id)).not.toContain(session.id);
      expect([...here.cookies.values()]).not.toContain(session.id);
    }
  });

  it('ends another session: its cookie stops working at once, this one goes on', async () => {
    await createAccount(testApp.app, { email: 'alice@example.com' });
    const other = await signedIn('alice@example.com', FIREFOX_LINUX);
    const here = await signedIn('alice@example.com', CHROME_WINDOWS);
    const [, otherSession] = (await here.get('/auth/sessions/')).json<Listed[]>();
    const ended = await here.delete(`/auth/sessions/${otherSession!.id}/`);
    expect(ended.statusCode).toBe(204);
    expect((await other.get('/auth/profile/')).statusCode).toBe(401);
    expect((await here.get('/auth/profile/')).statusCode).toBe(200);
    expect((await here.get('/auth/sessions/')).json<Listed[]>()).toHaveLength(1);
    // Ending it again: it is gone.
    expect((await here.delete(`/auth/sessions/${otherSession!.id}/`)).statusCode).toBe(404);
  });

  it('ends all other sessions at once', async () => {
    await createAccount(testApp.app, { email: 'alice@example.com' });
    const others = [
      await signedIn('alice@example.com', FIREFOX_LINUX),
      await signedIn('alice@example.com', SAFARI_MAC),
    ];
    const here = await signedIn('alice@example.com', CHROME_WINDOWS);
    const response = await here.post('/auth/sessions/end-others/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    for (const other of others) expect((await other.get('/auth/profile/')).statusCode).toBe(401);
    expect((await here.get('/auth/sessions/')).json<Listed[]>()).toEqual([
      expect.objectContaining({ current: true }),
    ]);
  });

  it('refuses to end this session (that is signing out), another person’s, a made-up id and a bad id', async () => {
    await createAccount(testApp.app, { email: 'alice@example.com' });
    await createAccount(testApp.app, { email: 'bob@example.com' });
    const bob = await signedIn('bob@example.com', SAFARI_MAC);
    const here = await signedIn('alice@example.com', CHROME_WINDOWS);
    const [current] = (await here.get('/auth/sessions/')).json<Listed[]>();
    const thisOne = await here.delete(`/auth/sessions/${current!.id}/`);
    expect(thisOne.statusCode).toBe(400);
    expect(detail(thisOne)).toBe(END_CURRENT_SESSION_DETAIL);
    const [bobSession] = (await bob.get('/auth/sessions/')).json<Listed[]>();
    expect((await here.delete(`/auth/sessions/${bobSession!.id}/`)).statusCode).toBe(404);
    expect((await bob.get('/auth/profile/')).statusCode).toBe(200);
    expect((await here.delete('/auth/sessions/AAAAAAAAAAAAAAAAAAAAAA/')).statusCode).toBe(404);
    const bad = await here.delete('/auth/sessions/not-an-id/');
    expect(bad.statusCode).toBe(400);
    expect(detail(bad)).toBeTruthy();
  });

  it('needs a session (401) and a CSRF token (403)', async () => {
    const stranger = await client(testApp.app);
    expect((await stranger.get('/auth/sessions/')).statusCode).toBe(401);
    expect((await stranger.post('/auth/sessions/end-others/')).statusCode).toBe(401);
    await createAccount(testApp.app, { email: 'alice@example.com' });
    const here = await signedIn('alice@example.com', CHROME_WINDOWS);
    const forged = await here.post('/auth/sessions/end-others/', undefined, { csrf: false });
    expect(forged.statusCode).toBe(403);
  });
});

describe('describeUserAgent', () => {
  it('names the browser and the system, or says it does not know', () => {
    expect(describeUserAgent(SAFARI_MAC)).toEqual({ browser: 'Safari 17', os: 'macOS Sonoma' });
    expect(describeUserAgent(null)).toEqual({ browser: 'Unknown browser', os: 'Unknown system' });
    expect(describeUserAgent('curl/8.5.0').os).toBe('Unknown system');
  });
});
