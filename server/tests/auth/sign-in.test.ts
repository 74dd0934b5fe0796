import { setClock } from '../../src/auth/clock.js';
import { SESSION_COOKIE } from '../../src/http/session.js';
import { client, createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { createAccount, detail, later, PASSWORD, resetAccounts } from './support.js';

describe.each(testDatabases())('sign in, profile, sign out ($name)', (database) => {
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

  it('signs in with a new session id, answers the profile, and signs out', async () => {
    const alice = await createAccount(testApp.app, { email: 'Alice@Example.com', fullName: 'Alice Example' });
    const c = await client(testApp.app);
    await c.signInAs(alice.id);
    const before = c.cookies.get(SESSION_COOKIE);

    const login = await c.post('/auth/login/', { email: 'alice@EXAMPLE.com', password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ user_id: alice.id, detail: 'Signed in successfully.' });
    const session = login.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(c.cookies.get(SESSION_COOKIE)).not.toBe(before);
    const oldSession = await client(testApp.app);
    oldSession.cookies.set(SESSION_COOKIE, before!);
    expect((await oldSession.get('/auth/profile/')).statusCode).toBe(401);

    const profile = await c.get('/auth/profile/');
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({
      full_name: 'Alice Example',
      email: 'Alice@Example.com',
      phone_number: '+12025550123',
      is_staff: false,
      is_superuser: false,
      pending_email: null,
      has_password: true,
      two_factor_enabled: false,
      language: null,
    });

    const logout = await c.post('/auth/logout/');
    expect(logout.statusCode).toBe(200);
    expect(detail(logout)).toBe('Signed out.');
    expect((await c.get('/auth/profile/')).statusCode).toBe(401);
  });

  it('answers the profile of staff and superusers with their flags (the web sends them to /admin/)', async () => {
    const staff = await createAccount(testApp.app, {
      email: 'staff@example.com',
      isStaff: true,
      isSuperuser: true,
    });
    const c = await client(testApp.app);
    expect(
      (await c.post('/auth/login/', { email: 'staff@example.com', password: PASSWORD })).statusCode,
    ).toBe(200);
    expect((await c.get('/auth/profile/')).json()).toMatchObject({ is_staff: true, is_superuser: true });
    expect(staff.is_staff).toBe(1);
  });

  it('refuses a wrong password and an unknown address with the same answer', async () => {
    await createAccount(testApp.app);
    const c = await client(testApp.app);
    const wrong = await c.post('/auth/login/', { email: 'alice@example.com', password: 'Wrong-passw0rd' });
    const unknown = await c.post('/auth/login/', { email: 'bob@example.com', password: PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Invalid email or password.' });
      expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('refuses an account without a password (social sign-in only)', async () => {
    await createAccount(testApp.app, { password: null });
    const c = await client(testApp.app);
    const response = await c.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(detail(response)).toBe('Invalid email or password.');
  });

  it('tells an unconfirmed account to confirm first, with a code the web can act on', async () => {
    await createAccount(testApp.app, { confirmed: false });
    const c = await client(testApp.app);
    const response = await c.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: 'Please confirm your email address before signing in. We can send you a new confirmation link.',
      code: 'email_not_confirmed',
    });
    const wrongPassword = await c.post('/auth/login/', {
      email: 'alice@example.com',
      password: 'Wrong-passw0rd',
    });
    expect(detail(wrongPassword)).toBe('Invalid email or password.');
  });

  it('refuses a disabled account', async () => {
    const alice = await createAccount(testApp.app);
    await testApp.app.db.updateTable('users').set({ is_active: 0 }).where('id', '=', alice.id).execute();
    const c = await client(testApp.app);
    const response = await c.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(detail(response)).toBe('This account is disabled. Please contact support.');
  });

  it.each([
    ['a missing password', { email: 'alice@example.com' }, 'password is required'],
    ['a missing email', { password: PASSWORD }, 'email is required'],
    ['an empty email', { email: '  ', password: PASSWORD }, 'email is required'],
    ['a number as email', { email: 1, password: PASSWORD }, 'email: must be a string'],
    ['a null password', { email: 'alice@example.com', password: null }, 'password: must be a string'],
  ])('refuses %s', async (_case, body, message) => {
    const c = await client(testApp.app);
    const response = await c.post('/auth/login/', body);
    expect(response.statusCode).toBe(400);
    expect(detail(response)).toBe(message);
  });

  it('refuses a very long password without hashing it', async () => {
    const c = await client(testApp.app);
    const response = await c.post('/auth/login/', {
      email: 'alice@example.com',
      password: 'x'.repeat(10_000),
    });
    expect(response.statusCode).toBe(400);
    expect(detail(response)).toMatch(/^password: .*\b128 characters$/);
  });

  it('refuses sign-in and sign-out without the CSRF token', async () => {
    const alice = await createAccount(testApp.app);
    const c = await client(testApp.app);
    const login = await c.post(
      '/auth/login/',
      { email: 'alice@example.com', password: PASSWORD },
      { csrf: false },
    );
    expect(login.statusCode).toBe(403);
    expect(detail(login)).toBe('CSRF token missing or incorrect.');
    await c.signInAs(alice.id);
    const logout = await c.post('/auth/logout/', undefined, { csrf: false });
    expect(logout.statusCode).toBe(403);
    expect((await c.get('/auth/profile/')).statusCode).toBe(200);
  });

  it('signs out with 200 even without a session', async () => {
    const c = await client(testApp.app);
    const response = await c.post('/auth/logout/', undefined, {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 for the profile without a session or for a removed account', async () => {
    const c = await client(testApp.app);
    const anonymous = await c.get('/auth/profile/');
    expect(anonymous.statusCode).toBe(401);
    expect(detail(anonymous)).toBe('Authentication credentials were not provided.');
    await c.signInAs(99_999);
    expect((await c.get('/auth/profile/')).statusCode).toBe(401);
  });

  it('limits sign-in attempts to 10 per 15 minutes per account; success clears the count', async () => {
    await createAccount(testApp.app);
    const c = await client(testApp.app);
    for (let i = 0; i < 9; i++) {
      expect(
        (await c.post('/auth/login/', { email: 'alice@example.com', password: 'Wrong-passw0rd' })).statusCode,
      ).toBe(400);
    }
    expect(
      (await c.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect(
        (await c.post('/auth/login/', { email: 'alice@example.com', password: 'Wrong-passw0rd' })).statusCode,
      ).toBe(400);
    }
    const limited = await c.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(detail(limited)).toMatch(
      /^Too many attempts\. Please try again in \d+ minutes?, or reset your password\.$/,
    );
    expect(limited.headers['retry-after']).toBeDefined();
    // Another account is counted apart (the address has spent 19 of its 30 failures).
    expect((await c.post('/auth/login/', { email: 'bob@example.com', password: PASSWORD })).statusCode).toBe(
      400,
    );
    setClock(() => later(16 * 60 * 1000));
    expect(
      (await c.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD })).statusCode,
    ).toBe(200);
  });
});
