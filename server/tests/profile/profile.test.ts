import { makePasswordResetToken } from '../../src/auth/account-tokens.js';
import { now, setClock } from '../../src/auth/clock.js';
import { encodeUid } from '../../src/auth/tokens.js';
import { findUserById } from '../../src/users/repository.js';
import { CSRF_COOKIE } from '../../src/http/csrf.js';
import { SESSION_COOKIE } from '../../src/http/session.js';
import { CHANGE_PASSWORD_RATE_LIMIT } from '../../src/profile/routes.js';
import { createAccount, detail, mailsTo, PASSWORD, resetAccounts } from '../auth/support.js';
import { cvBody } from '../cvs/support.js';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';

const NEW_PASSWORD = 'N3w-passw0rd';

describe.each(testDatabases())('profile settings ($name)', (database) => {
  let testApp: TestApp;

  beforeAll(async () => {
    // Seeded: deleting an account archives its CVs, which need the templates.
    testApp = await createTestApp({}, database);
  });

  beforeEach(async () => {
    const { db } = testApp.app;
    await db.deleteFrom('cv_field_entries').execute();
    await db.deleteFrom('generated_cvs').execute();
    await resetAccounts(testApp);
  });

  afterEach(() => {
    setClock(undefined);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  async function signedIn(options: Parameters<typeof createAccount>[1] = {}) {
    const user = await createAccount(testApp.app, options);
    const c = await client(testApp.app);
    await c.signInAs(user.id);
    return { user, c };
  }

  async function signIn(email: string, password: string): Promise<TestClient | number> {
    const c = await client(testApp.app);
    const response = await c.post('/auth/login/', { email, password });
    return response.statusCode === 200 ? c : response.statusCode;
  }

  const update = {
    full_name: 'Alice Updated',
    email: 'alice.new@example.com',
    phone_number: '+442079460000',
  };

  describe('PUT /auth/profile/update/', () => {
    it('saves trimmed details and answers the updated profile, which GET then shows', async () => {
      const { c } = await signedIn();
      const response = await c.put('/auth/profile/update/', {
        full_name: '  Alice Updated ',
        email: ' Alice@Example.com ',
        phone_number: ' +442079460000 ',
      });
      expect(response.statusCode).toBe(200);
      const expected = {
        full_name: 'Alice Updated',
        email: 'Alice@Example.com',
        phone_number: '+442079460000',
        is_staff: false,
        is_superuser: false,
        pending_email: null,
        has_password: true,
        two_factor_enabled: false,
        language: null,
      };
      expect(response.json()).toEqual(expected);
      expect((await c.get('/auth/profile/')).json()).toEqual(expected);
    });

    it('answers has_password false for an account that signs in only with Google or LinkedIn', async () => {
      const { c } = await signedIn({ password: null });
      expect((await c.get('/auth/profile/')).json()).toMatchObject({
        has_password: false,
        pending_email: null,
      });
    });

    it('does not change the address itself: a new one waits for its confirmation (email-change.test.ts)', async () => {
      const { c, user } = await signedIn();
      const response = await c.put('/auth/profile/update/', update);
      expect(response.statusCode).toBe(400);
      expect((await findUserById(testApp.app.db, user.id))?.email).toBe('alice@example.com');
      expect(await signIn('alice.new@example.com', PASSWORD)).toBe(400);
    });

    it('keeps the own address in another spelling, and allows a blank phone number', async () => {
      const { c } = await signedIn();
      const response = await c.put('/auth/profile/update/', {
        full_name: ' Alice  Example\u200b ',
        email: 'ALICE@example.com',
        phone_number: '',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        full_name: 'Alice Example',
        email: 'ALICE@example.com',
        phone_number: '',
      });
    });

    it('asks of a name and a phone number what sign up asks', async () => {
      const { c } = await signedIn();
      for (const [body, detail, field] of [
        [{ full_name: '' }, 'Full Name must be at least 3 characters', 'full_name'],
        [{ full_name: '\u200b\u200b\u200b' }, 'Full Name must be at least 3 characters', 'full_name'],
        [
          { phone_number: 'call me maybe' },
          'This phone number cannot exist in the selected country. Please check it.',
          'phone_number',
        ],
        [
          { phone_number: '+1442079460000' },
          'This phone number cannot exist in the selected country. Please check it.',
          'phone_number',
        ],
      ] as const) {
        const response = await c.put('/auth/profile/update/', { ...update, ...body });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ detail, field });
      }
    });

    it('never gives the account an address another account holds, in any spelling (nor says it is taken)', async () => {
      await createAccount(testApp.app, { email: 'bob@example.com', fullName: 'Bob Example' });
      const { c, user } = await signedIn();
      const response = await c.put('/auth/profile/update/', {
        ...update,
        email: ' BOB@example.com',
        current_password: PASSWORD,
      });
      // Answered as a free address is (email-change.test.ts): the owner of the address is told instead.
      expect(response.statusCode).toBe(200);
      expect((await findUserById(testApp.app.db, user.id))?.email).toBe('alice@example.com');
    });

    it.each([
      ['a blank email', { email: '   ' }, 'Email is required'],
      ['an empty email', { email: '' }, 'Email is required'],
      ['a malformed email', { email: 'alice@example' }, 'Invalid email address'],
      [
        'a full name over 150 characters',
        { full_name: 'A'.repeat(151) },
        'Full Name must be at most 150 characters',
      ],
      ['a short phone number', { phone_number: '+1202' }, 'Phone number must be at least 10 digits'],
      [
        'a long phone number',
        { phone_number: '+1'.padEnd(40, '5') },
        'Phone number must be at most 32 characters',
      ],
      ['a missing field', { phone_number: undefined }, 'phone_number is required'],
      ['a number for a name', { full_name: 42 }, 'full_name: must be a string'],
    ])('refuses %s with a clear detail and changes nothing', async (_, change, message) => {
      const { c, user } = await signedIn();
      const response = await c.put('/auth/profile/update/', { ...update, ...change });
      expect(response.statusCode).toBe(400);
      expect(detail(response)).toBe(message);
      expect((await findUserById(testApp.app.db, user.id))?.full_name).toBe('Alice Example');
    });

    it('refuses a body that is not an object', async () => {
      const { c } = await signedIn();
      const response = await c.put('/auth/profile/update/', '"text"', {
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(detail(response)).toBeTruthy();
    });

    it('ignores fields it does not know, such as staff flags', async () => {
      const { c } = await signedIn();
      const response = await c.put('/auth/profile/update/', {
        ...update,
        email: 'alice@example.com',
        is_staff: true,
        is_superuser: true,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ is_staff: false, is_superuser: false });
    });

    it('is 401 without a session and 403 without the CSRF header', async () => {
      const anonymous = await client(testApp.app);
      expect((await anonymous.put('/auth/profile/update/', update)).statusCode).toBe(401);
      const { c, user } = await signedIn();
      const forged = await c.put('/auth/profile/update/', update, { csrf: false });
      expect(forged.statusCode).toBe(403);
      expect(detail(forged)).toBe('CSRF token missing or incorrect.');
      expect((await findUserById(testApp.app.db, user.id))?.email).toBe('alice@example.com');
    });
  });

  describe('POST /auth/change-password/', () => {
    it('changes the password, keeps this browser signed in under a new session id and ends every other one', async () => {
      const { user, c } = await signedIn();
      const other = await client(testApp.app);
      await other.signInAs(user.id);
      const before = c.cookies.get(SESSION_COOKIE)!;
      const response = await c.post('/auth/change-password/', {
        current_password: PASSWORD,
        new_password: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ detail: 'Password changed successfully' });
      expect((await c.get('/auth/profile/')).statusCode).toBe(200);
      // The old cookie is worth nothing now (a copy of it is often why a password is changed).
      expect(c.cookies.get(SESSION_COOKIE)).not.toBe(before);
      const stale = await testApp.app.inject({
        method: 'GET',
        url: '/auth/profile/',
        cookies: { [SESSION_COOKIE]: before },
      });
      expect(stale.statusCode).toBe(401);
      expect((await other.get('/auth/profile/')).statusCode).toBe(401);
      expect(await signIn('alice@example.com', PASSWORD)).toBe(400);
      expect(typeof (await signIn('alice@example.com', NEW_PASSWORD))).toBe('object');
    });

    it('tells the address on file, saying when, with the way back for someone who did not do it', async () => {
      const { c } = await signedIn();
      const at = new Date(Date.UTC(2030, 4, 6, 14, 5));
      setClock(() => at);
      expect(
        (await c.post('/auth/change-password/', { current_password: PASSWORD, new_password: NEW_PASSWORD }))
          .statusCode,
      ).toBe(200);
      const [notice, ...more] = await mailsTo(testApp, 'alice@example.com');
      expect(more).toEqual([]);
      expect(notice!.subject).toBe('Your CV Builder password was changed');
      expect(notice!.text).toContain(
        'The password of your CV Builder account was changed on 6 May 2030 at 14:05 UTC.',
      );
      expect(notice!.text).toContain(
        `If this was not you, reset your password: ${testApp.app.config.publicUrl}/forgot-password`,
      );
      expect(notice!.html).toContain(`href="${testApp.app.config.publicUrl}/forgot-password"`);
    });

    it('voids a password-reset link sent before the change', async () => {
      const { user, c } = await signedIn();
      const token = makePasswordResetToken(testApp.app.config.secretKey, user, now());
      expect(
        (await c.post('/auth/change-password/', { current_password: PASSWORD, new_password: NEW_PASSWORD }))
          .statusCode,
      ).toBe(200);
      const reset = await (
        await client(testApp.app)
      ).post('/auth/password-reset-confirm/', {
        uid: encodeUid(user.id),
        token,
        new_password: 'Attack3r-pass',
      });
      expect(reset.statusCode).toBe(400);
      expect(detail(reset)).toBe('This password reset link is invalid or has already been used.');
    });

    it('refuses a wrong current password and keeps the old one', async () => {
      const { c } = await signedIn();
      const response = await c.post('/auth/change-password/', {
        current_password: 'Wrong-passw0rd',
        new_password: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: 'Your current password is incorrect.',
        field: 'current_password',
      });
      expect(typeof (await signIn('alice@example.com', PASSWORD))).toBe('object');
    });

    it('refuses for an account without a password (social sign-in) as a wrong current password', async () => {
      const { c } = await signedIn({ password: null });
      const response = await c.post('/auth/change-password/', {
        current_password: PASSWORD,
        new_password: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(detail(response)).toBe('Your current password is incorrect.');
    });

    it.each([
      ['a short new password', { new_password: 'short' }, 'Password must be at least 8 characters long'],
      ['an empty current password', { current_password: '' }, 'Please fill in all password fields'],
      ['an empty new password', { new_password: '' }, 'Please fill in all password fields'],
      ['a missing field', { current_password: undefined }, 'current_password is required'],
      [
        'a new password over 128 characters',
        { new_password: 'x'.repeat(129) },
        'new_password: must be at most 128 characters',
      ],
    ])('refuses %s', async (_, change, message) => {
      const { c } = await signedIn();
      const response = await c.post('/auth/change-password/', {
        current_password: PASSWORD,
        new_password: NEW_PASSWORD,
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(detail(response)).toBe(message);
      expect(typeof (await signIn('alice@example.com', PASSWORD))).toBe('object');
    });

    it('answers 429 after too many wrong guesses', async () => {
      const { c } = await signedIn();
      const guess = () =>
        c.post('/auth/change-password/', { current_password: 'Wrong-passw0rd', new_password: NEW_PASSWORD });
      for (let i = 0; i < CHANGE_PASSWORD_RATE_LIMIT.limit; i++) expect((await guess()).statusCode).toBe(400);
      const throttled = await guess();
      expect(throttled.statusCode).toBe(429);
      expect(detail(throttled)).toMatch(/^Too many attempts/);
    });

    it('is 401 without a session and 403 without the CSRF header', async () => {
      const body = { current_password: PASSWORD, new_password: NEW_PASSWORD };
      expect((await (await client(testApp.app)).post('/auth/change-password/', body)).statusCode).toBe(401);
      const { c } = await signedIn();
      expect((await c.post('/auth/change-password/', body, { csrf: false })).statusCode).toBe(403);
      expect(typeof (await signIn('alice@example.com', PASSWORD))).toBe('object');
    });
  });

  describe('DELETE /auth/profile/', () => {
    it('removes the personal data, archives the CVs, ends every session, and the old credentials fail', async () => {
      const { user, c } = await signedIn();
      const other = await client(testApp.app);
      await other.signInAs(user.id);
      for (const name of ['First CV', 'Second CV']) {
        expect((await c.post('/v1/GeneratedCV/', cvBody(name))).statusCode).toBe(201);
      }

      const response = await c.delete('/auth/profile/', { current_password: PASSWORD });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(c.cookies.has(SESSION_COOKIE)).toBe(false);
      expect(c.cookies.has(CSRF_COOKIE)).toBe(true);

      const row = await findUserById(testApp.app.db, user.id);
      expect(row).toMatchObject({
        full_name: '',
        email: `deleted-${user.id}@invalid`,
        email_normalized: `deleted-${user.id}@invalid`,
        phone_number: '',
        password_hash: null,
        is_active: 0,
      });
      expect(row?.deleted_at).toEqual(expect.any(String));
      const cvs = await testApp.app.db
        .selectFrom('generated_cvs')
        .select(['name', 'archived_at'])
        .where('owner_id', '=', user.id)
        .execute();
      expect(cvs).toHaveLength(2);
      expect(cvs.every((cv) => cv.archived_at !== null)).toBe(true);
      const sessions = await testApp.app.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(sessions).toEqual([]);

      expect((await c.get('/auth/profile/')).statusCode).toBe(401);
      expect((await other.get('/auth/profile/')).statusCode).toBe(401);
      expect(await signIn('alice@example.com', PASSWORD)).toBe(400);
      // The address is free again: a new account may take it.
      const register = await (
        await client(testApp.app)
      ).post('/auth/register/', {
        full_name: 'Alice Again',
        email: 'alice@example.com',
        phone_number: '+12025550123',
        password1: PASSWORD,
        password2: PASSWORD,
      });
      expect(register.statusCode).toBe(201);
    });

    it("leaves other people's accounts and CVs alone", async () => {
      const bob = await createAccount(testApp.app, { email: 'bob@example.com' });
      const bobClient = await client(testApp.app);
      await bobClient.signInAs(bob.id);
      expect((await bobClient.post('/v1/GeneratedCV/', cvBody('Bob CV'))).statusCode).toBe(201);
      const { c } = await signedIn();
      expect((await c.delete('/auth/profile/', { current_password: PASSWORD })).statusCode).toBe(204);
      expect((await bobClient.get('/auth/profile/')).json()).toMatchObject({ email: 'bob@example.com' });
      const list = (await bobClient.get('/v1/GeneratedCV/')).json() as unknown[];
      expect(list).toHaveLength(1);
    });

    it('is 401 without a session and 403 without the CSRF header, deleting nothing', async () => {
      expect((await (await client(testApp.app)).delete('/auth/profile/')).statusCode).toBe(401);
      const { c, user } = await signedIn();
      const forged = await c.delete('/auth/profile/', { current_password: PASSWORD }, { csrf: false });
      expect(forged.statusCode).toBe(403);
      expect((await findUserById(testApp.app.db, user.id))?.deleted_at).toBeNull();
      expect((await c.get('/auth/profile/')).statusCode).toBe(200);
    });
  });
});
