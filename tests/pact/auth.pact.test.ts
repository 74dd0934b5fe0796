import {
  confirmEmail,
  confirmPasswordReset,
  getProfile,
  isUnconfirmedAccountError,
  login,
  logout,
  register,
  requestPasswordReset,
  resendConfirmation,
} from '../../src/api/auth';
import {
  boolean,
  clientFor,
  createPact,
  detail,
  expectApiError,
  injectedLink,
  integer,
  jsonBody,
  like,
  string,
  unsafeCall,
} from './support/pact';

// The account calls of docs/behaviour.md#api-calls, made by the real API functions against the Pact
// mock server. Provider-state sentences are the accounts server's, in server/tests/pact/states/auth.ts.

const ALICE_CONFIRMED = 'a registered, confirmed user alice@example.com with password Passw0rd!';
const BOB_UNCONFIRMED = 'an unconfirmed user bob@example.com with password Passw0rd!';
const NO_USERS = 'no registered users';
const NO_ALICE = 'no user with email alice@example.com';
const SIGNED_IN = 'a signed-in user';
const SIGNED_IN_STAFF = 'a signed-in staff user';
const SIGNED_IN_SUPERUSER = 'a signed-in superuser';
const ANY_VISITOR = 'any visitor';
const VALID_CONFIRMATION = 'a valid email confirmation link';
const EXPIRED_CONFIRMATION = 'an expired email confirmation link';
const USED_CONFIRMATION = 'an already used email confirmation link';
const VALID_RESET = 'a valid password-reset token for alice@example.com';
const EXPIRED_RESET = 'an expired password-reset token for alice@example.com';
const LOGIN_THROTTLED = 'too many sign-in attempts for alice@example.com';
const RESET_THROTTLED = 'too many password-reset requests';

const PASSWORD = 'Passw0rd!';

const injected = injectedLink('Mg');

describe('POST /auth/login/', () => {
  it('signs a confirmed user in and answers the user id', async () => {
    const pact = unsafeCall(ALICE_CONFIRMED, 'a sign-in with the right password', 'POST', '/auth/login/', {
      email: 'alice@example.com',
      password: PASSWORD,
    }).willRespondWith({ status: 200, headers: jsonBody, body: { user_id: integer(1) } });
    await pact.executeTest(async (mockServer) => {
      await expect(
        login(clientFor(mockServer), { email: 'alice@example.com', password: PASSWORD }),
      ).resolves.toEqual({ user_id: 1 });
    });
  });

  it('refuses a wrong password with a detail', async () => {
    const pact = unsafeCall(ALICE_CONFIRMED, 'a sign-in with a wrong password', 'POST', '/auth/login/', {
      email: 'alice@example.com',
      password: 'WrongPassw0rd',
    }).willRespondWith({ status: 400, headers: jsonBody, body: detail('Invalid email or password.') });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(
        login(clientFor(mockServer), { email: 'alice@example.com', password: 'WrongPassw0rd' }),
        400,
        { serverMessage: 'Invalid email or password.' },
      );
      expect(isUnconfirmedAccountError(error)).toBe(false);
    });
  });

  it('refuses an account whose email is not confirmed, saying so in a way the web can recognise', async () => {
    const message =
      'Please confirm your email address before signing in. We can send you a new confirmation link.';
    const pact = unsafeCall(
      BOB_UNCONFIRMED,
      '[extension] a sign-in to an account that is not confirmed',
      'POST',
      '/auth/login/',
      {
        email: 'bob@example.com',
        password: PASSWORD,
      },
    ).willRespondWith({
      status: 403,
      headers: jsonBody,
      body: { detail: string(message), code: 'email_not_confirmed' },
    });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(
        login(clientFor(mockServer), { email: 'bob@example.com', password: PASSWORD }),
        403,
        { serverMessage: message },
      );
      expect(isUnconfirmedAccountError(error)).toBe(true);
    });
  });

  it('answers 429 with a detail when there were too many attempts', async () => {
    const pact = unsafeCall(
      LOGIN_THROTTLED,
      '[extension] a sign-in after too many attempts',
      'POST',
      '/auth/login/',
      {
        email: 'alice@example.com',
        password: PASSWORD,
      },
    ).willRespondWith({
      status: 429,
      headers: jsonBody,
      body: detail('Too many attempts. Please try again later.'),
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(
        login(clientFor(mockServer), { email: 'alice@example.com', password: PASSWORD }),
        429,
      );
    });
  });
});

describe('POST /auth/register/', () => {
  const registration = {
    full_name: 'Carol Example',
    email: 'carol@example.com',
    phone_number: '+264811234567',
    password1: 'Passw0rd!',
    password2: 'Passw0rd!',
  };

  it('creates an account (201)', async () => {
    const pact = unsafeCall(
      NO_USERS,
      'a registration',
      'POST',
      '/auth/register/',
      registration,
    ).willRespondWith({
      status: 201,
      headers: jsonBody,
      body: detail('Check your email to finish signing up.'),
    });
    await pact.executeTest(async (mockServer) => {
      await expect(register(clientFor(mockServer), registration)).resolves.toBeUndefined();
    });
  });

  it('answers an address that is already registered exactly as a free one (its owner is mailed)', async () => {
    // Nothing tells a visitor who has an account: the same 201 and body as a new account (the mail differs).
    const taken = { ...registration, email: 'alice@example.com' };
    const pact = unsafeCall(
      ALICE_CONFIRMED,
      'a registration with a registered email',
      'POST',
      '/auth/register/',
      taken,
    ).willRespondWith({
      status: 201,
      headers: jsonBody,
      body: detail('Check your email to finish signing up.'),
    });
    await pact.executeTest(async (mockServer) => {
      await expect(register(clientFor(mockServer), taken)).resolves.toBeUndefined();
    });
  });

  it('refuses a weak password with the rule it breaks', async () => {
    const weak = { ...registration, password1: 'password', password2: 'password' };
    const message =
      'Password must contain at least one uppercase letter, one lowercase letter, and one number';
    const pact = unsafeCall(
      NO_USERS,
      'a registration with a weak password',
      'POST',
      '/auth/register/',
      weak,
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: detail(message),
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(register(clientFor(mockServer), weak), 400, { serverMessage: message });
    });
  });
});

describe('GET /auth/confirm-email/', () => {
  it('confirms the address of a valid link', async () => {
    const confirm = createPact()
      .given(VALID_CONFIRMATION)
      .uponReceiving('an email confirmation with a valid link')
      .withRequest({ method: 'GET', path: '/auth/confirm-email/', query: injected })
      .willRespondWith({ status: 200, headers: jsonBody, body: detail('Email confirmed.') });
    await confirm.executeTest(async (mockServer) => {
      await expect(
        confirmEmail(clientFor(mockServer), { uid: 'Mg', token: 'c2lnbmVkLXRva2VuLWV4YW1wbGU' }),
      ).resolves.toBeUndefined();
    });
  });

  it.each([
    [
      EXPIRED_CONFIRMATION,
      'an email confirmation with an expired link',
      'This confirmation link has expired. Please request a new one.',
    ],
    [
      USED_CONFIRMATION,
      'an email confirmation with a link used before',
      'This confirmation link has already been used.',
    ],
  ])('refuses %s with 400 and a detail', async (state, description, message) => {
    const pact = createPact()
      .given(state)
      .uponReceiving(description)
      .withRequest({ method: 'GET', path: '/auth/confirm-email/', query: injected })
      .willRespondWith({ status: 400, headers: jsonBody, body: detail(message) });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(
        confirmEmail(clientFor(mockServer), { uid: 'Mg', token: 'c2lnbmVkLXRva2VuLWV4YW1wbGU' }),
        400,
        { serverMessage: message },
      );
    });
  });

  it('refuses a link whose token is not the server’s', async () => {
    const message = 'This confirmation link is invalid.';
    const pact = createPact()
      .given(BOB_UNCONFIRMED)
      .uponReceiving('an email confirmation with a forged token')
      .withRequest({
        method: 'GET',
        path: '/auth/confirm-email/',
        query: { uid: 'Mg', token: 'forged-token' },
      })
      .willRespondWith({ status: 400, headers: jsonBody, body: detail(message) });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(confirmEmail(clientFor(mockServer), { uid: 'Mg', token: 'forged-token' }), 400, {
        serverMessage: message,
      });
    });
  });
});

describe('POST /auth/resend-confirmation/', () => {
  it('answers the same whether or not the account waits for confirmation', async () => {
    const pact = unsafeCall(
      BOB_UNCONFIRMED,
      '[extension] a request for a new confirmation link',
      'POST',
      '/auth/resend-confirmation/',
      {
        email: 'bob@example.com',
      },
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: detail(
        'If an account with this email address is waiting for confirmation, a new confirmation link has been sent to it.',
      ),
    });
    await pact.executeTest(async (mockServer) => {
      await expect(
        resendConfirmation(clientFor(mockServer), { email: 'bob@example.com' }),
      ).resolves.toBeUndefined();
    });
  });
});

describe('POST /auth/password-reset/', () => {
  const sent = 'Password reset instructions have been sent to your email address.';

  it.each([
    [ALICE_CONFIRMED, 'a password-reset request for a registered email'],
    [NO_ALICE, 'a password-reset request for an unknown email'],
  ])('answers 200 for %s (no account enumeration)', async (state, description) => {
    const pact = unsafeCall(state, description, 'POST', '/auth/password-reset/', {
      email: 'alice@example.com',
    }).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: detail(sent),
    });
    await pact.executeTest(async (mockServer) => {
      await expect(
        requestPasswordReset(clientFor(mockServer), { email: 'alice@example.com' }),
      ).resolves.toBeUndefined();
    });
  });

  it('refuses a malformed address with a detail', async () => {
    const pact = unsafeCall(
      NO_USERS,
      'a password-reset request for a malformed email',
      'POST',
      '/auth/password-reset/',
      {
        email: 'not-an-email',
      },
    ).willRespondWith({ status: 400, headers: jsonBody, body: detail('Invalid email address') });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(requestPasswordReset(clientFor(mockServer), { email: 'not-an-email' }), 400);
    });
  });

  it('answers 429 with a detail after too many requests', async () => {
    const pact = unsafeCall(
      RESET_THROTTLED,
      '[extension] a password-reset request after too many requests',
      'POST',
      '/auth/password-reset/',
      {
        email: 'alice@example.com',
      },
    ).willRespondWith({
      status: 429,
      headers: jsonBody,
      body: detail('Too many requests. Please try again later.'),
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(requestPasswordReset(clientFor(mockServer), { email: 'alice@example.com' }), 429);
    });
  });
});

describe('POST /auth/password-reset-confirm/', () => {
  const newPassword = 'NewPassw0rd!';

  it('sets the new password, signs the user in and answers the user id', async () => {
    const pact = unsafeCall(
      VALID_RESET,
      'a password reset with a valid token',
      'POST',
      '/auth/password-reset-confirm/',
      {
        ...injected,
        new_password: newPassword,
      },
    ).willRespondWith({ status: 200, headers: jsonBody, body: { user_id: integer(1) } });
    await pact.executeTest(async (mockServer) => {
      await expect(
        confirmPasswordReset(clientFor(mockServer), {
          uid: 'Mg',
          token: 'c2lnbmVkLXRva2VuLWV4YW1wbGU',
          new_password: newPassword,
        }),
      ).resolves.toEqual({ user_id: 1 });
    });
  });

  it('refuses an expired token with a detail', async () => {
    const message = 'This password reset link has expired. Please request a new one.';
    const pact = unsafeCall(
      EXPIRED_RESET,
      'a password reset with an expired token',
      'POST',
      '/auth/password-reset-confirm/',
      {
        ...injected,
        new_password: newPassword,
      },
    ).willRespondWith({ status: 400, headers: jsonBody, body: detail(message) });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(
        confirmPasswordReset(clientFor(mockServer), {
          uid: 'Mg',
          token: 'c2lnbmVkLXRva2VuLWV4YW1wbGU',
          new_password: newPassword,
        }),
        400,
        { serverMessage: message },
      );
    });
  });
});

describe('GET /auth/profile/', () => {
  const profile = (staff: boolean, superuser: boolean) => ({
    full_name: string('Alice Example'),
    email: string('alice@example.com'),
    phone_number: string('+12025550123'),
    is_staff: boolean(staff),
    is_superuser: boolean(superuser),
  });

  it.each([
    [SIGNED_IN, 'a profile request of a signed-in user', false, false],
    [SIGNED_IN_STAFF, 'a profile request of a signed-in staff user', true, false],
    [SIGNED_IN_SUPERUSER, 'a profile request of a signed-in superuser', true, true],
  ])('answers the profile for %s', async (state, description, staff, superuser) => {
    const pact = createPact()
      .given(state)
      .uponReceiving(description)
      .withRequest({ method: 'GET', path: '/auth/profile/' })
      .willRespondWith({ status: 200, headers: jsonBody, body: profile(staff, superuser) });
    await pact.executeTest(async (mockServer) => {
      const answer = await getProfile(clientFor(mockServer));
      expect(answer.is_staff).toBe(staff);
      expect(answer.is_superuser).toBe(superuser);
    });
  });

  it('answers 401 with a detail without a session', async () => {
    const pact = createPact()
      .given(ANY_VISITOR)
      .uponReceiving('a profile request without a session')
      .withRequest({ method: 'GET', path: '/auth/profile/' })
      .willRespondWith({
        status: 401,
        headers: jsonBody,
        body: { detail: like('Authentication credentials were not provided.') },
      });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(getProfile(clientFor(mockServer)), 401);
    });
  });
});

describe('POST /auth/logout/', () => {
  it.each([
    [SIGNED_IN, 'a sign-out of a signed-in user'],
    [ANY_VISITOR, 'a sign-out without a session'],
  ])('always succeeds (%s)', async (state, description) => {
    const pact = unsafeCall(state, description, 'POST', '/auth/logout/', {}).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: detail('Signed out.'),
    });
    await pact.executeTest(async (mockServer) => {
      await expect(logout(clientFor(mockServer))).resolves.toBeUndefined();
    });
  });
});
