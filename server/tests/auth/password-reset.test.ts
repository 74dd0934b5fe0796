import { setClock } from '../../src/auth/clock.js';
import { hashPassword } from '../../src/auth/passwords.js';
import { findUserByEmail, setPassword } from '../../src/users/repository.js';
import { SESSION_COOKIE } from '../../src/http/session.js';
import { client, createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { createAccount, detail, later, linkIn, mailsTo, PASSWORD, resetAccounts } from './support.js';
import { currentCode, resetTwoStep, turnOnTwoStep } from '../two-step/support.js';

const SENT = 'Password reset instructions have been sent to your email address.';
const INVALID = 'This password reset link is invalid or has already been used.';
const NEW_PASSWORD = 'N3w-password';

describe.each(testDatabases())('password recovery ($name)', (database) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ publicUrl: 'http://cv.example.test:8000' }, database, { seed: false });
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

  async function requestReset(email = 'alice@example.com') {
    const c = await client(testApp.app);
    const response = await c.post('/auth/password-reset/', { email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: SENT });
    const [mail] = (await mailsTo(testApp, email)).slice(-1);
    return mail ? linkIn(mail, '/reset-password') : undefined;
  }

  async function confirmReset(body: Record<string, unknown>) {
    const c = await client(testApp.app);
    return { c, response: await c.post('/auth/password-reset-confirm/', body) };
  }

  it('mails a working link; the new password signs in, the old one and other sessions do not', async () => {
    const alice = await createAccount(testApp.app);
    const elsewhere = await client(testApp.app);
    await elsewhere.signInAs(alice.id);

    const link = await requestReset('ALICE@example.com');
    expect(link).toBeDefined();
    expect(`${link!.link.origin}${link!.link.pathname}`).toBe('http://cv.example.test:8000/reset-password');
    expect([...link!.link.searchParams.keys()]).toEqual(['token', 'uid']);
    const [mail] = await mailsTo(testApp, 'alice@example.com');
    expect(mail!.subject).toBe('Reset your CV Builder password');

    const { c, response } = await confirmReset({
      uid: link!.uid,
      token: link!.token,
      new_password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user_id: alice.id,
      detail: 'Your password has been reset. You are now signed in.',
    });
    expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeDefined();
    expect((await c.get('/auth/profile/')).statusCode).toBe(200);
    expect((await elsewhere.get('/auth/profile/')).statusCode).toBe(401);

    const login = await client(testApp.app);
    expect(
      (await login.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD })).statusCode,
    ).toBe(400);
    expect(
      (await login.post('/auth/login/', { email: 'alice@example.com', password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('with two-step sign-in on, the reset signs nobody in: the new password and a code do', async () => {
    const alice = await createAccount(testApp.app);
    const secret = await turnOnTwoStep(testApp.app, alice.id);
    try {
      const link = await requestReset();
      const { c, response } = await confirmReset({ uid: link!.uid, token: link!.token, new_password: NEW_PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        detail:
          'Your password has been reset. Sign in with your new password and the code from your authenticator app.',
      });
      expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
      expect((await c.get('/auth/profile/')).statusCode).toBe(401);

      const login = await client(testApp.app);
      const first = await login.post('/auth/login/', { email: 'alice@example.com', password: NEW_PASSWORD });
      expect(first.json()).toMatchObject({ two_factor_required: true });
      const second = await login.post('/auth/login/2fa/', { code: currentCode(secret) });
      expect(second.statusCode).toBe(200);
      expect((await login.get('/auth/profile/')).statusCode).toBe(200);
    } finally {
      await resetTwoStep(testApp.app);
    }
  });

  it('tells the address on file that the password was changed, and how to undo it', async () => {
    await createAccount(testApp.app);
    const at = new Date(Date.UTC(2030, 0, 2, 9, 30));
    setClock(() => at);
    const link = await requestReset();
    const { response } = await confirmReset({
      uid: link!.uid,
      token: link!.token,
      new_password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const [reset, notice, ...more] = await mailsTo(testApp, 'alice@example.com');
    expect(reset!.subject).toBe('Reset your CV Builder password');
    expect(more).toEqual([]);
    expect(notice!.subject).toBe('Your CV Builder password was changed');
    expect(notice!.text).toContain('changed on 2 January 2030 at 09:30 UTC.');
    expect(notice!.text).toContain(
      'If this was not you, reset your password: http://cv.example.test:8000/forgot-password',
    );
  });

  describe('POST /auth/password-reset-validate/', () => {
    const validate = async (body: object) =>
      (await client(testApp.app)).post('/auth/password-reset-validate/', body);

    it('says whether a link is good before anyone types a password', async () => {
      await createAccount(testApp.app);
      const link = await requestReset();
      const valid = await validate({ uid: link!.uid, token: link!.token });
      expect(valid.statusCode).toBe(200);
      expect(valid.json()).toEqual({ detail: 'This password reset link is valid.' });
      // Asking does not use the link up.
      expect((await validate({ uid: link!.uid, token: link!.token })).statusCode).toBe(200);

      expect((await validate({ uid: link!.uid, token: `${link!.token.slice(0, -2)}xx` })).json()).toEqual({
        detail: INVALID,
        code: 'link_invalid',
      });
      expect((await validate({ uid: 'OTk5OQ', token: link!.token })).json()).toEqual({
        detail: INVALID,
        code: 'link_invalid',
      });
      setClock(() => later(61 * 60 * 1000));
      expect((await validate({ uid: link!.uid, token: link!.token })).json()).toEqual({
        detail: 'This password reset link has expired. Please request a new one.',
        code: 'link_expired',
      });
      setClock(undefined);
      await confirmReset({ uid: link!.uid, token: link!.token, new_password: NEW_PASSWORD });
      expect((await validate({ uid: link!.uid, token: link!.token })).json()).toEqual({
        detail: INVALID,
        code: 'link_invalid',
      });
    });

    it('validates its body and shares the reset confirmation limit', async () => {
      expect((await validate({ uid: 'MQ' })).json()).toEqual({ detail: 'token is required' });
      for (let i = 0; i < 19; i++) expect((await validate({ uid: 'MQ', token: 'x' })).statusCode).toBe(400);
      const confirm = await confirmReset({ uid: 'MQ', token: 'x', new_password: NEW_PASSWORD });
      expect(confirm.response.statusCode).toBe(400);
      expect((await validate({ uid: 'MQ', token: 'x' })).statusCode).toBe(429);
    });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    await createAccount(testApp.app);
    expect(await requestReset('nobody@example.com')).toBeUndefined();
    expect(await mailsTo(testApp, '@')).toHaveLength(0);
  });

  it('sends nothing to a disabled account', async () => {
    const alice = await createAccount(testApp.app);
    await testApp.app.db.updateTable('users').set({ is_active: 0 }).where('id', '=', alice.id).execute();
    expect(await requestReset()).toBeUndefined();
  });

  it('lets an unconfirmed account reset, which confirms the address it came through', async () => {
    await createAccount(testApp.app, { confirmed: false });
    const link = await requestReset();
    const { response } = await confirmReset({
      uid: link!.uid,
      token: link!.token,
      new_password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(await findUserByEmail(testApp.app.db, 'alice@example.com')).toMatchObject({ is_active: 1 });
  });

  it('works once: the link is void after use', async () => {
    await createAccount(testApp.app);
    const link = await requestReset();
    const body = { uid: link!.uid, token: link!.token, new_password: NEW_PASSWORD };
    expect((await confirmReset(body)).response.statusCode).toBe(200);
    const again = (await confirmReset({ ...body, new_password: 'An0ther-password' })).response;
    expect(again.statusCode).toBe(400);
    expect(detail(again)).toBe(INVALID);
  });

  it('is void once the password changes another way (e.g. from the profile)', async () => {
    const alice = await createAccount(testApp.app);
    const link = await requestReset();
    await setPassword(testApp.app.db, alice.id, await hashPassword('Changed-passw0rd'), later(1000));
    const stale = (await confirmReset({ uid: link!.uid, token: link!.token, new_password: NEW_PASSWORD }))
      .response;
    expect(stale.statusCode).toBe(400);
    expect(detail(stale)).toBe(INVALID);
  });

  it('expires after 1 hour', async () => {
    await createAccount(testApp.app);
    const link = await requestReset();
    setClock(() => later(61 * 60 * 1000));
    const expired = (await confirmReset({ uid: link!.uid, token: link!.token, new_password: NEW_PASSWORD }))
      .response;
    expect(expired.statusCode).toBe(400);
    expect(detail(expired)).toBe('This password reset link has expired. Please request a new one.');
    setClock(() => later(59 * 60 * 1000));
    expect(
      (await confirmReset({ uid: link!.uid, token: link!.token, new_password: NEW_PASSWORD })).response
        .statusCode,
    ).toBe(200);
  });

  it.each([
    [
      'a tampered token',
      (l: { uid: string; token: string }) => ({ ...l, token: `${l.token.slice(0, -2)}xx` }),
    ],
    ['an unknown uid', (l: { uid: string; token: string }) => ({ ...l, uid: 'OTk5OQ' })],
    ['a garbage uid', (l: { uid: string; token: string }) => ({ ...l, uid: '%%%' })],
    ['an empty token', (l: { uid: string; token: string }) => ({ ...l, token: '' })],
  ])('refuses %s', async (_case, spoil) => {
    await createAccount(testApp.app);
    const link = await requestReset();
    const response = (await confirmReset({ ...spoil(link!), new_password: NEW_PASSWORD })).response;
    expect(response.statusCode).toBe(400);
    expect(detail(response)).toBe(INVALID);
  });

  it('asks for a new password of at least 8 characters', async () => {
    await createAccount(testApp.app);
    const link = await requestReset();
    const response = (await confirmReset({ uid: link!.uid, token: link!.token, new_password: 'short' }))
      .response;
    expect(response.statusCode).toBe(400);
    expect(detail(response)).toBe('Password must be at least 8 characters long');
  });

  it.each([
    ['a missing new_password', { uid: 'MQ', token: 'x' }, /^new_password is required$/],
    ['a wrong type', { uid: 1, token: 'x', new_password: NEW_PASSWORD }, /^uid: must be a string$/],
    [
      'a long token',
      { uid: 'MQ', token: 'x'.repeat(500), new_password: NEW_PASSWORD },
      /^token: .*\b128 characters$/,
    ],
  ])('refuses %s naming the field', async (_case, body, message) => {
    const response = (await confirmReset(body)).response;
    expect(response.statusCode).toBe(400);
    expect(detail(response)).toMatch(message);
  });

  it('validates the reset request body', async () => {
    const c = await client(testApp.app);
    expect(detail(await c.post('/auth/password-reset/', {}))).toBe('email is required');
    expect(detail(await c.post('/auth/password-reset/', { email: ['a@b.c'] }))).toBe(
      'email: must be a string',
    );
    expect(detail(await c.post('/auth/password-reset/', { email: 'not an email' }))).toBe(
      'Invalid email address',
    );
  });

  it('refuses both calls without the CSRF token', async () => {
    const c = await client(testApp.app);
    expect(
      (await c.post('/auth/password-reset/', { email: 'alice@example.com' }, { csrf: false })).statusCode,
    ).toBe(403);
    expect(
      (
        await c.post(
          '/auth/password-reset-confirm/',
          { uid: 'MQ', token: 'x', new_password: NEW_PASSWORD },
          { csrf: false },
        )
      ).statusCode,
    ).toBe(403);
  });

  it('limits requests to 5 an hour per email, and per client address', async () => {
    await createAccount(testApp.app);
    for (let i = 0; i < 5; i++) await requestReset();
    const c = await client(testApp.app);
    const limited = await c.post('/auth/password-reset/', { email: 'alice@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(await mailsTo(testApp, 'alice@example.com')).toHaveLength(5);
    // Same client address, another email: the per-address limit is also spent.
    expect((await c.post('/auth/password-reset/', { email: 'bob@example.com' })).statusCode).toBe(429);
  });
});
