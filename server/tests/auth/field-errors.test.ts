import { makePasswordResetToken } from '../../src/auth/account-tokens.js';
import { now } from '../../src/auth/clock.js';
import { encodeUid } from '../../src/auth/tokens.js';
import { findUserByEmail } from '../../src/users/repository.js';
import { client, createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { createAccount, PASSWORD, registration, resetAccounts } from './support.js';

/*
 * A 400 about one body key names it in `field`, so the web shows the message under that field; a 400 about the
 * whole form (wrong credentials, a bad link) names none. The `detail` words are unchanged.
 */

const ZERO_WIDTH_SPACES = '\u200b\u200b\u200b';

describe.each(testDatabases())('400 answers name their field ($name)', (database) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ rateLimitScale: 100 }, database, { seed: false });
  });

  beforeEach(async () => {
    await resetAccounts(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it.each([
    [{ full_name: 'Al' }, 'full_name', 'Full Name must be at least 3 characters'],
    [{ full_name: ZERO_WIDTH_SPACES }, 'full_name', 'Full Name must be at least 3 characters'],
    [{ email: 'jane@' }, 'email', 'Invalid email address'],
    [
      { phone_number: 'call me maybe' },
      'phone_number',
      'This phone number cannot exist in the selected country. Please check it.',
    ],
    [{ phone_number: '12345' }, 'phone_number', 'Phone number must be at least 10 digits'],
    [
      { password1: 'password', password2: 'password' },
      'password1',
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    ],
    [{ password2: 'Passw0rd?' }, 'password2', 'Passwords must match'],
    [{ password2: undefined }, 'password2', 'password2 is required'],
    [{ email: 42 }, 'email', 'email: must be a string'],
  ])('sign-up refuses %o: field %s, and creates no account', async (change, field, detail) => {
    const c = await client(testApp.app);
    const response = await c.post('/auth/register/', registration(change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail, field });
    expect(await findUserByEmail(testApp.app.db, 'jane@example.com')).toBeUndefined();
  });

  it('sign-up names the email when the address is malformed; a body that is no object names nothing', async () => {
    // (A taken address is no refusal at all: it is answered as a free one, no-enumeration.test.ts.)
    const c = await client(testApp.app);
    expect((await c.post('/auth/register/', registration({ email: 'jane@' }))).json()).toEqual({
      detail: 'Invalid email address',
      field: 'email',
    });
    expect((await c.post('/auth/register/', [registration()])).json()).toEqual({
      detail: 'Request body must be a JSON object.',
    });
  });

  it('sign-in names a missing field, but not wrong credentials', async () => {
    await createAccount(testApp.app);
    const c = await client(testApp.app);
    expect((await c.post('/auth/login/', { email: 'alice@example.com', password: '' })).json()).toEqual({
      detail: 'password is required',
      field: 'password',
    });
    expect((await c.post('/auth/login/', { email: ' ', password: PASSWORD })).json()).toEqual({
      detail: 'email is required',
      field: 'email',
    });
    expect(
      (await c.post('/auth/login/', { email: 'alice@example.com', password: 'Wr0ng-pass' })).json(),
    ).toEqual({
      detail: 'Invalid email or password.',
    });
  });

  it('password recovery names the email, then the new password', async () => {
    const alice = await createAccount(testApp.app);
    const c = await client(testApp.app);
    for (const url of ['/auth/password-reset/', '/auth/resend-confirmation/']) {
      expect((await c.post(url, { email: 'nope' })).json()).toEqual({
        detail: 'Invalid email address',
        field: 'email',
      });
    }
    const token = makePasswordResetToken(testApp.app.config.secretKey, alice, now());
    const short = await c.post('/auth/password-reset-confirm/', {
      uid: encodeUid(alice.id),
      token,
      new_password: 'short',
    });
    expect(short.json()).toEqual({
      detail: 'Password must be at least 8 characters long',
      field: 'new_password',
    });
  });

  it('a password change names the current or the new password', async () => {
    const alice = await createAccount(testApp.app);
    const c = await client(testApp.app);
    await c.signInAs(alice.id);
    const change = (body: object) => c.post('/auth/change-password/', body);
    expect((await change({ current_password: '', new_password: 'N3w-passw0rd' })).json()).toEqual({
      detail: 'Please fill in all password fields',
      field: 'current_password',
    });
    expect((await change({ current_password: PASSWORD, new_password: '' })).json()).toEqual({
      detail: 'Please fill in all password fields',
      field: 'new_password',
    });
    expect((await change({ current_password: PASSWORD, new_password: 'weakpassword' })).json()).toEqual({
      detail: 'Password must contain at least one uppercase letter, one lowercase letter, and one number',
      field: 'new_password',
    });
    expect((await change({ current_password: 'Wr0ng-pass', new_password: 'N3w-passw0rd' })).json()).toEqual({
      detail: 'Your current password is incorrect.',
      field: 'current_password',
    });
  });

  it('a profile update names the field, and refuses a phone of words and a name of zero-width spaces', async () => {
    const alice = await createAccount(testApp.app);
    const c = await client(testApp.app);
    await c.signInAs(alice.id);
    const body = { full_name: 'Alice Example', email: 'alice@example.com', phone_number: '+12025550123' };
    for (const [change, field, detail] of [
      [{ full_name: ZERO_WIDTH_SPACES }, 'full_name', 'Full Name must be at least 3 characters'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: 'alice@example' }, 'email', 'Invalid email address'],
      [
        { phone_number: 'call me maybe' },
        'phone_number',
        'This phone number cannot exist in the selected country. Please check it.',
      ],
      [{ full_name: 7 }, 'full_name', 'full_name: must be a string'],
    ] as const) {
      const response = await c.put('/auth/profile/update/', { ...body, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail, field });
    }
  });
});
