import { setClock } from '../../src/auth/clock.js';
import { DETAILS } from '../../src/auth/routes.js';
import { findUserByEmail } from '../../src/users/repository.js';
import { client, createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import {
  createAccount,
  detail,
  later,
  linkIn,
  mailsTo,
  PASSWORD,
  registration,
  resetAccounts,
} from './support.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('registration and email confirmation ($name)', (database) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ publicUrl: 'https://cv.example.test' }, database, { seed: false });
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

  async function register(body: Record<string, unknown> = registration()) {
    const c = await client(testApp.app);
    return c.post('/auth/register/', body);
  }

  async function confirmationLinkFor(email: string) {
    const [mail] = (await mailsTo(testApp, email)).slice(-1);
    expect(mail, `a confirmation mail to ${email}`).toBeDefined();
    return linkIn(mail!, '/confirm-email');
  }

  it('creates an inactive account and mails a working confirmation link', async () => {
    const response = await register(registration({ email: 'Jane.Doe@Example.com' }));
    expect(response.statusCode).toBe(201);
    // No user id: a taken address gets this very answer, and has no new account to name (no-enumeration.test.ts).
    expect(response.json()).toEqual({ detail: 'Check your email to finish signing up.' });

    const user = await findUserByEmail(testApp.app.db, 'jane.doe@example.com');
    expect(user).toMatchObject({
      email: 'Jane.Doe@Example.com',
      email_normalized: 'jane.doe@example.com',
      is_active: 0,
    });
    expect(user!.password_hash).toMatch(/^\$argon2id\$/);

    const mails = await mailsTo(testApp, 'jane.doe@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Confirm your email address for CV Builder');
    expect(mails[0]!.text).toContain('Hello Jane Doe,');
    const { link, uid, token } = linkIn(mails[0]!, '/confirm-email');
    expect(link.origin + link.pathname).toBe('https://cv.example.test/confirm-email');
    // The HTML part escapes as the CV layouts do ('=' as &#x3D;), which a mail client reads back as the same link.
    expect(mails[0]!.html!.replace(/&#x3D;/g, '=')).toContain('https://cv.example.test/confirm-email?uid=');

    const c = await client(testApp.app);
    const confirmed = await c.get('/auth/confirm-email/', { query: { uid, token } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ detail: 'Email confirmed.' });
    const after = await findUserByEmail(testApp.app.db, 'jane.doe@example.com');
    expect(after).toMatchObject({ is_active: 1 });
    expect(after!.email_confirmed_at).not.toBeNull();

    const login = await c.post('/auth/login/', { email: 'jane.doe@example.com', password: PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    ['full_name', { full_name: 'Al' }, 'Full Name must be at least 3 characters'],
    ['email', { email: 'jane@' }, 'Invalid email address'],
    ['phone_number', { phone_number: '12345' }, 'Phone number must be at least 10 digits'],
    ['password1 length', { password1: 'Pa5s', password2: 'Pa5s' }, 'Password must be at least 8 characters'],
    [
      'password1 strength',
      { password1: 'password', password2: 'password' },
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    ],
    ['password2', { password2: 'Passw0rd?' }, 'Passwords must match'],
  ])('refuses a bad %s with the spec message', async (_field, change, message) => {
    const response = await register(registration(change));
    expect(response.statusCode).toBe(400);
    expect(detail(response)).toBe(message);
    expect(await mailsTo(testApp, '@')).toHaveLength(0);
  });

  it.each([
    ['a missing field', registration({ password2: undefined }), 'password2 is required'],
    ['a wrong type', registration({ email: 42 }), 'email: must be a string'],
    ['a long string', registration({ full_name: 'x'.repeat(151) }), /^full_name: .*\b150 characters$/],
    ['an array body', [registration()], 'Request body must be a JSON object.'],
  ])('refuses %s naming the field', async (_case, body, message) => {
    const response = await register(body as Record<string, unknown>);
    expect(response.statusCode).toBe(400);
    if (message instanceof RegExp) expect(detail(response)).toMatch(message);
    else expect(detail(response)).toBe(message);
  });

  // The answer a free address gets (nothing tells a visitor who has an account); the owner is mailed instead.
  it('answers an address that is already registered as a free one, whatever its case, and mails its owner', async () => {
    const owner = await createAccount(testApp.app, { email: 'jane@example.com' });
    const response = await register(registration({ email: ' JANE@example.COM ', full_name: 'Someone Else' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ detail: 'Check your email to finish signing up.' });
    // The account is as it was: no second account, no new password.
    expect(await findUserByEmail(testApp.app.db, 'jane@example.com')).toMatchObject({
      id: owner.id,
      password_hash: owner.password_hash,
    });
    const mails = await mailsTo(testApp, 'jane@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Someone tried to sign up to CV Builder with your address');
    expect(mails[0]!.text).toContain('If it was you, sign in');
    expect(mails[0]!.text).toContain('https://cv.example.test/signin');
    expect(mails[0]!.text).toContain('https://cv.example.test/forgot-password');
  });

  it('sends a taken address that never confirmed a new confirmation link instead', async () => {
    await register();
    await register(registration({ full_name: 'Jane Again' }));
    const mails = await mailsTo(testApp, 'jane@example.com');
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Confirm your email address for CV Builder',
      'Confirm your email address for CV Builder',
    ]);
    const { uid, token } = await confirmationLinkFor('jane@example.com');
    const c = await client(testApp.app);
    expect((await c.get('/auth/confirm-email/', { query: { uid, token } })).statusCode).toBe(200);
  });

  it('ignores unknown fields', async () => {
    const response = await register(registration({ is_staff: true, is_superuser: true }));
    expect(response.statusCode).toBe(201);
    expect(await findUserByEmail(testApp.app.db, 'jane@example.com')).toMatchObject({
      is_staff: 0,
      is_superuser: 0,
    });
  });

  it('refuses a request without the CSRF token', async () => {
    const c = await client(testApp.app);
    const response = await c.post('/auth/register/', registration(), { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(detail(response)).toBe('CSRF token missing or incorrect.');
    expect(await findUserByEmail(testApp.app.db, 'jane@example.com')).toBeUndefined();
  });

  it('limits sign-ups to 5 an hour from one address', async () => {
    for (let i = 1; i <= 5; i++) {
      expect((await register(registration({ email: `jane${i}@example.com` }))).statusCode).toBe(201);
    }
    // A refused form is not an attempt.
    expect((await register(registration({ email: 'jane6@example.com', full_name: 'J' }))).statusCode).toBe(
      400,
    );
    const refused = await register(registration({ email: 'jane6@example.com' }));
    expect(refused.statusCode).toBe(429);
    expect(detail(refused)).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    setClock(() => later(61 * 60 * 1000));
    expect((await register(registration({ email: 'jane6@example.com' }))).statusCode).toBe(201);
  });

  describe('confirmation link', () => {
    it('works once: reusing it is refused', async () => {
      await register();
      const { uid, token } = await confirmationLinkFor('jane@example.com');
      const c = await client(testApp.app);
      expect((await c.get('/auth/confirm-email/', { query: { uid, token } })).statusCode).toBe(200);
      const again = await c.get('/auth/confirm-email/', { query: { uid, token } });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ detail: DETAILS.confirmationUsed, code: 'link_used' });
    });

    it('expires after 3 days', async () => {
      await register();
      const { uid, token } = await confirmationLinkFor('jane@example.com');
      const c = await client(testApp.app);
      setClock(() => later(3 * DAY + 60_000));
      const expired = await c.get('/auth/confirm-email/', { query: { uid, token } });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({
        detail: 'This confirmation link has expired. Please request a new one.',
        code: 'link_expired',
      });
      setClock(() => later(3 * DAY - 60_000));
      expect((await c.get('/auth/confirm-email/', { query: { uid, token } })).statusCode).toBe(200);
    });

    it.each([
      [
        'a tampered token',
        (link: { uid: string; token: string }) => ({
          ...link,
          token: `${link.token.slice(0, -1)}${link.token.endsWith('A') ? 'B' : 'A'}`,
        }),
      ],
      ['another user id', (link: { uid: string; token: string }) => ({ ...link, uid: 'OTk5' })],
      ['a garbage uid', (link: { uid: string; token: string }) => ({ ...link, uid: '!!' })],
      ['a garbage token', (link: { uid: string; token: string }) => ({ ...link, token: 'not-a-token' })],
    ])('refuses %s', async (_case, spoil) => {
      await register();
      const c = await client(testApp.app);
      const response = await c.get('/auth/confirm-email/', {
        query: spoil(await confirmationLinkFor('jane@example.com')),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'This confirmation link is invalid.', code: 'link_invalid' });
      expect(await findUserByEmail(testApp.app.db, 'jane@example.com')).toMatchObject({ is_active: 0 });
    });

    it('needs both uid and token, and not too long', async () => {
      const c = await client(testApp.app);
      expect(detail(await c.get('/auth/confirm-email/', { query: { token: 'x' } }))).toBe('uid is required');
      expect(detail(await c.get('/auth/confirm-email/', { query: { uid: 'MQ' } }))).toBe('token is required');
      const long = await c.get('/auth/confirm-email/', { query: { uid: 'MQ', token: 'x'.repeat(129) } });
      expect(long.statusCode).toBe(400);
      expect(detail(long)).toMatch(/^token: .*\b128 characters$/);
    });
  });

  describe('resend confirmation', () => {
    it('mails a new working link to an unconfirmed account', async () => {
      await register();
      const c = await client(testApp.app);
      const response = await c.post('/auth/resend-confirmation/', { email: 'JANE@example.com' });
      expect(response.statusCode).toBe(200);
      expect(detail(response)).toBe(DETAILS.confirmationResent);
      expect(await mailsTo(testApp, 'jane@example.com')).toHaveLength(2);
      const { uid, token } = await confirmationLinkFor('jane@example.com');
      expect((await c.get('/auth/confirm-email/', { query: { uid, token } })).statusCode).toBe(200);
    });

    it('answers the same for unknown and already confirmed addresses, sending nothing', async () => {
      await createAccount(testApp.app, { email: 'alice@example.com' });
      const c = await client(testApp.app);
      const unknown = await c.post('/auth/resend-confirmation/', { email: 'nobody@example.com' });
      const confirmed = await c.post('/auth/resend-confirmation/', { email: 'alice@example.com' });
      expect(unknown.statusCode).toBe(200);
      expect(confirmed.json()).toEqual(unknown.json());
      expect(await mailsTo(testApp, '@')).toHaveLength(0);
    });

    it('validates its body', async () => {
      const c = await client(testApp.app);
      expect(detail(await c.post('/auth/resend-confirmation/', {}))).toBe('email is required');
      expect(detail(await c.post('/auth/resend-confirmation/', { email: 'nope' }))).toBe(
        'Invalid email address',
      );
    });

    it('is limited to 5 an hour per address', async () => {
      const c = await client(testApp.app);
      for (let i = 0; i < 5; i++) {
        expect((await c.post('/auth/resend-confirmation/', { email: 'jane@example.com' })).statusCode).toBe(
          200,
        );
      }
      expect((await c.post('/auth/resend-confirmation/', { email: 'jane@example.com' })).statusCode).toBe(
        429,
      );
    });
  });
});
