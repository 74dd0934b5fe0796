import { refusalCodeOf, refusedFieldOf } from '../../src/api/api-error';
import { getProfile, validatePasswordResetLink } from '../../src/api/auth';
import {
  cancelPendingEmailChange,
  deleteAccount,
  followAccountLink,
  updateProfile,
  type AccountLinkAction,
} from '../../src/api/profile';
import {
  boolean,
  clientFor,
  createPact,
  expectApiError,
  injectedLink,
  jsonBody,
  string,
  unsafeCall,
} from './support/pact';

// Accounts you can trust: a new email address confirmed by a link, re-authenticated deletions, the
// links mailed about the account and the reset page's link check. Every call here is an [extension]: a backend
// without it keeps the profile as it was before (no email change, no deletion by the account's password).
// Provider states: server/tests/pact/states/*.ts.

const SIGNED_IN = 'a signed-in user';
const PENDING_CHANGE =
  'a signed-in user whose email change to alice.new@example.com is waiting for confirmation';
const GOOGLE_ONLY = 'a signed-in user who signs in only with Google';
const VALID_RESET = 'a valid password-reset token for alice@example.com';
const EXPIRED_RESET = 'an expired password-reset token for alice@example.com';

const PASSWORD = 'Passw0rd!';

const injected = injectedLink('MQ');
const LINK = { uid: 'MQ', token: 'c2lnbmVkLXRva2VuLWV4YW1wbGU' };

const aliceProfile = (pendingEmail: string | null) => ({
  full_name: string('Alice Example'),
  email: 'alice@example.com',
  phone_number: string('+12025550123'),
  is_staff: boolean(false),
  is_superuser: boolean(false),
  pending_email: pendingEmail,
  has_password: true,
});

describe('[extension] a new email address waits for its confirmation link', () => {
  const change = {
    full_name: 'Alice Example',
    email: 'alice.new@example.com',
    phone_number: '+12025550123',
    current_password: PASSWORD,
  };

  it('starts the change when the current password confirms it, and keeps the address in use', async () => {
    const pact = unsafeCall(
      SIGNED_IN,
      '[extension] a profile update to a new email address with the current password',
      'PUT',
      '/auth/profile/update/',
      change,
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: {
        ...aliceProfile('alice.new@example.com'),
        detail: string(
          'We sent a confirmation link to alice.new@example.com. Your email address changes when you open it.',
        ),
      },
    });
    await pact.executeTest(async (mockServer) => {
      const result = await updateProfile(clientFor(mockServer), change);
      expect(result.profile).toMatchObject({
        email: 'alice@example.com',
        pending_email: 'alice.new@example.com',
      });
      expect(result.detail).toMatch(/alice\.new@example\.com/);
    });
  });

  it('refuses a wrong current password on that field', async () => {
    const wrong = { ...change, current_password: 'Wrong-passw0rd' };
    const pact = unsafeCall(
      SIGNED_IN,
      '[extension] a profile update to a new email address with a wrong password',
      'PUT',
      '/auth/profile/update/',
      wrong,
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: { detail: string('Your current password is incorrect.'), field: 'current_password' },
    });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(updateProfile(clientFor(mockServer), wrong), 400);
      expect(refusedFieldOf(error)).toBe('current_password');
    });
  });

  it('shows the address that waits in the profile', async () => {
    const pact = createPact()
      .given(PENDING_CHANGE)
      .uponReceiving('[extension] a profile request while an email change waits for confirmation')
      .withRequest({ method: 'GET', path: '/auth/profile/' })
      .willRespondWith({ status: 200, headers: jsonBody, body: aliceProfile('alice.new@example.com') });
    await pact.executeTest(async (mockServer) => {
      await expect(getProfile(clientFor(mockServer))).resolves.toMatchObject({
        pending_email: 'alice.new@example.com',
        has_password: true,
      });
    });
  });

  it('cancels the change from the profile', async () => {
    const pact = unsafeCall(
      PENDING_CHANGE,
      '[extension] cancelling the email change that waits',
      'DELETE',
      '/auth/email-change/',
    ).willRespondWith({ status: 200, headers: jsonBody, body: aliceProfile(null) });
    await pact.executeTest(async (mockServer) => {
      await expect(cancelPendingEmailChange(clientFor(mockServer))).resolves.toMatchObject({
        pending_email: null,
      });
    });
  });
});

describe('[extension] the links mailed about the account', () => {
  const cases: Array<[string, string, AccountLinkAction, string]> = [
    [
      'a valid email-change confirmation link',
      '[extension] following an email-change confirmation link',
      'confirm-email-change',
      '/auth/email-change/confirm/',
    ],
    [
      'a valid email-change approval link',
      '[extension] following an email-change approval link',
      'approve-email-change',
      '/auth/email-change/approve/',
    ],
    [
      'a valid email-change cancel link',
      '[extension] following an email-change cancel link',
      'cancel-email-change',
      '/auth/email-change/cancel/',
    ],
    [
      'a valid account-deletion link',
      '[extension] following an account-deletion link',
      'delete-account',
      '/auth/delete-account/confirm/',
    ],
  ];

  it.each(cases)('%s is followed and answered with a detail', async (state, description, action, path) => {
    const pact = unsafeCall(state, description, 'POST', path, injected).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: { detail: string('Done.') },
    });
    await pact.executeTest(async (mockServer) => {
      await expect(followAccountLink(clientFor(mockServer), action, LINK)).resolves.toBe('Done.');
    });
  });

  it('refuses an expired confirmation link and says why', async () => {
    const pact = unsafeCall(
      'an expired email-change confirmation link',
      '[extension] following an expired email-change confirmation link',
      'POST',
      '/auth/email-change/confirm/',
      injected,
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: {
        detail: string('This link has expired. Please request the change again.'),
        code: 'link_expired',
      },
    });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(
        followAccountLink(clientFor(mockServer), 'confirm-email-change', LINK),
        400,
      );
      expect(refusalCodeOf(error)).toBe('link_expired');
    });
  });
});

describe('[extension] a deletion is re-authenticated', () => {
  it('mails a link to an account that signs in only with Google (202)', async () => {
    const pact = unsafeCall(
      GOOGLE_ONLY,
      '[extension] an account deletion by an account without a password',
      'DELETE',
      '/auth/profile/',
      {},
    ).willRespondWith({
      status: 202,
      headers: jsonBody,
      body: {
        detail: string('We sent a link to ada@example.com. Open it to delete your account.'),
        code: 'confirmation_sent',
      },
    });
    await pact.executeTest(async (mockServer) => {
      await expect(deleteAccount(clientFor(mockServer), {})).resolves.toMatchObject({ outcome: 'link-sent' });
    });
  });
});

describe('[extension] POST /auth/password-reset-validate/', () => {
  it('says a reset link can be used', async () => {
    const pact = unsafeCall(
      VALID_RESET,
      '[extension] a password-reset link check with a valid token',
      'POST',
      '/auth/password-reset-validate/',
      injected,
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: { detail: string('This password reset link is valid.') },
    });
    await pact.executeTest(async (mockServer) => {
      await expect(validatePasswordResetLink(clientFor(mockServer), LINK)).resolves.toBe(true);
    });
  });

  it('refuses an expired link with a detail and a code', async () => {
    const pact = unsafeCall(
      EXPIRED_RESET,
      '[extension] a password-reset link check with an expired token',
      'POST',
      '/auth/password-reset-validate/',
      injected,
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: {
        detail: string('This password reset link has expired. Please request a new one.'),
        code: 'link_expired',
      },
    });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(validatePasswordResetLink(clientFor(mockServer), LINK), 400);
      expect(refusalCodeOf(error)).toBe('link_expired');
    });
  });
});
