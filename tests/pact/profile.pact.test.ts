import { refusedFieldOf } from '../../src/api/api-error';
import { getProfile } from '../../src/api/auth';
import { changePassword, deleteAccount, updateProfile } from '../../src/api/profile';
import {
  boolean,
  clientFor,
  createPact,
  detail,
  expectApiError,
  jsonBody,
  like,
  string,
  unsafeCall,
} from './support/pact';

// The profile calls of docs/behaviour.md#api-calls, made by the real API functions against the Pact
// mock server. Provider states: 'a signed-in user' and 'any visitor' are the accounts' and foundation's; the
// others are in server/tests/pact/states/profile.ts.

const SIGNED_IN = 'a signed-in user';
const SIGNED_IN_WITH_BOB = 'a signed-in user and another account with email bob@example.com';
const SIGNED_IN_NO_PHONE = 'a signed-in user without a phone number';
const SIGNED_IN_WITH_CVS = 'a signed-in user with saved CVs';
const ANY_VISITOR = 'any visitor';

const PASSWORD = 'Passw0rd!';
const NOT_SIGNED_IN = 'Authentication credentials were not provided.';

describe('GET /auth/profile/ (profile screen)', () => {
  it('answers an empty phone number for an account that has none', async () => {
    const pact = createPact()
      .given(SIGNED_IN_NO_PHONE)
      .uponReceiving('a profile request of a signed-in user without a phone number')
      .withRequest({ method: 'GET', path: '/auth/profile/' })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: {
          full_name: string('Alice Example'),
          email: string('alice@example.com'),
          phone_number: '',
          is_staff: boolean(false),
          is_superuser: boolean(false),
        },
      });
    await pact.executeTest(async (mockServer) => {
      await expect(getProfile(clientFor(mockServer))).resolves.toMatchObject({ phone_number: '' });
    });
  });
});

describe('PUT /auth/profile/update/', () => {
  // The same address: a new one waits for its confirmation link (account-security.pact.test.ts).
  const update = {
    full_name: 'Alice Updated',
    email: 'alice@example.com',
    phone_number: '+442079460000',
  };

  it('saves the details and answers the updated profile', async () => {
    const pact = unsafeCall(
      SIGNED_IN,
      'a profile update',
      'PUT',
      '/auth/profile/update/',
      update,
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: {
        full_name: 'Alice Updated',
        email: 'alice@example.com',
        phone_number: '+442079460000',
        is_staff: boolean(false),
        is_superuser: boolean(false),
      },
    });
    await pact.executeTest(async (mockServer) => {
      const result = await updateProfile(clientFor(mockServer), update);
      expect(result.profile).toMatchObject({ ...update, is_staff: false, is_superuser: false });
    });
  });

  it('takes any other 2xx answer as success and reads the profile again (a backend that answers a detail)', async () => {
    // The expected body {} matches any JSON object: a `{ "detail": "…" }` answer and our profile alike.
    const pact = unsafeCall(
      SIGNED_IN,
      'a profile update answered without the profile',
      'PUT',
      '/auth/profile/update/',
      update,
    )
      .willRespondWith({ status: 200, headers: jsonBody, body: {} })
      .given(SIGNED_IN)
      .uponReceiving('a profile request after an update answered without the profile')
      .withRequest({ method: 'GET', path: '/auth/profile/' })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: {
          full_name: string('Alice Updated'),
          email: string('alice@example.com'),
          phone_number: string('+442079460000'),
          is_staff: boolean(false),
          is_superuser: boolean(false),
        },
      });
    await pact.executeTest(async (mockServer) => {
      const result = await updateProfile(clientFor(mockServer), update);
      expect(result.profile).toMatchObject({ full_name: 'Alice Updated' });
    });
  });

  it('[extension] answers an address another account holds exactly as a free one (its owner is mailed)', async () => {
    // Nothing tells the person who has an account: the change waits for a link, as for any address, and the
    // address's owner is told instead of sent one.
    const body = { ...update, email: 'bob@example.com', current_password: 'Passw0rd!' };
    const pact = unsafeCall(
      SIGNED_IN_WITH_BOB,
      "[extension] a profile update to another account's email address with the current password",
      'PUT',
      '/auth/profile/update/',
      body,
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: {
        full_name: 'Alice Updated',
        email: 'alice@example.com',
        phone_number: '+442079460000',
        is_staff: boolean(false),
        is_superuser: boolean(false),
        pending_email: 'bob@example.com',
        detail: 'We sent a confirmation link to bob@example.com. Your email address changes when you open it.',
      },
    });
    await pact.executeTest(async (mockServer) => {
      const result = await updateProfile(clientFor(mockServer), body);
      expect(result.profile).toMatchObject({ email: 'alice@example.com', pending_email: 'bob@example.com' });
      expect(result.detail).toBe(
        'We sent a confirmation link to bob@example.com. Your email address changes when you open it.',
      );
    });
  });

  it("refuses a blank email with 'Email is required'", async () => {
    const body = { ...update, email: '' };
    const pact = unsafeCall(
      SIGNED_IN,
      'a profile update without an email',
      'PUT',
      '/auth/profile/update/',
      body,
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: { detail: 'Email is required' },
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(updateProfile(clientFor(mockServer), body), 400, { message: 'Email is required' });
    });
  });

  it('answers 401 without a session', async () => {
    const pact = unsafeCall(
      ANY_VISITOR,
      'a profile update without a session',
      'PUT',
      '/auth/profile/update/',
      update,
    ).willRespondWith({
      status: 401,
      headers: jsonBody,
      body: { detail: like(NOT_SIGNED_IN) },
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(updateProfile(clientFor(mockServer), update), 401);
    });
  });
});

describe('POST /auth/change-password/', () => {
  const change = { current_password: PASSWORD, new_password: 'N3w-passw0rd' };

  it('changes the password', async () => {
    const pact = unsafeCall(
      SIGNED_IN,
      'a password change',
      'POST',
      '/auth/change-password/',
      change,
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: detail('Password changed successfully'),
    });
    await pact.executeTest(async (mockServer) => {
      await expect(changePassword(clientFor(mockServer), change)).resolves.toBeUndefined();
    });
  });

  it('refuses a wrong current password (400 with a detail)', async () => {
    const body = { ...change, current_password: 'Wrong-passw0rd' };
    const pact = unsafeCall(
      SIGNED_IN,
      'a password change with a wrong current password',
      'POST',
      '/auth/change-password/',
      body,
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: { detail: 'Your current password is incorrect.', field: 'current_password' },
    });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(changePassword(clientFor(mockServer), body), 400, {
        message: 'Your current password is incorrect.',
      });
      expect(refusedFieldOf(error)).toBe('current_password');
    });
  });

  it('refuses a new password under 8 characters', async () => {
    const body = { ...change, new_password: 'short' };
    const pact = unsafeCall(
      SIGNED_IN,
      'a password change to a short password',
      'POST',
      '/auth/change-password/',
      body,
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: { detail: 'Password must be at least 8 characters long' },
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(changePassword(clientFor(mockServer), body), 400, {
        message: 'Password must be at least 8 characters long',
      });
    });
  });

  it('answers 401 without a session', async () => {
    const pact = unsafeCall(
      ANY_VISITOR,
      'a password change without a session',
      'POST',
      '/auth/change-password/',
      change,
    ).willRespondWith({
      status: 401,
      headers: jsonBody,
      body: { detail: like(NOT_SIGNED_IN) },
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(changePassword(clientFor(mockServer), change), 401);
    });
  });
});

describe('DELETE /auth/profile/', () => {
  it('deletes the account when the password confirms it (204, no body)', async () => {
    const pact = unsafeCall(
      SIGNED_IN_WITH_CVS,
      '[extension] an account deletion confirmed with the password',
      'DELETE',
      '/auth/profile/',
      { current_password: PASSWORD },
    ).willRespondWith({ status: 204 });
    await pact.executeTest(async (mockServer) => {
      await expect(deleteAccount(clientFor(mockServer), { current_password: PASSWORD })).resolves.toEqual({
        outcome: 'deleted',
      });
    });
  });

  it('refuses a wrong password on the password field (400)', async () => {
    const message = 'Your current password is incorrect.';
    const pact = unsafeCall(
      SIGNED_IN,
      '[extension] an account deletion with a wrong password',
      'DELETE',
      '/auth/profile/',
      { current_password: 'Wrong-passw0rd' },
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: { detail: string(message), field: 'current_password' },
    });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(
        deleteAccount(clientFor(mockServer), { current_password: 'Wrong-passw0rd' }),
        400,
      );
      expect(refusedFieldOf(error)).toBe('current_password');
    });
  });

  it('answers 401 without a session', async () => {
    const pact = unsafeCall(
      ANY_VISITOR,
      '[extension] an account deletion without a session',
      'DELETE',
      '/auth/profile/',
      { current_password: PASSWORD },
    ).willRespondWith({
      status: 401,
      headers: jsonBody,
      body: { detail: like(NOT_SIGNED_IN) },
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(deleteAccount(clientFor(mockServer), { current_password: PASSWORD }), 401);
    });
  });
});
