import { MatchersV3 } from '@pact-foundation/pact';
import { login } from '../../src/api/auth';
import {
  disableTwoStep,
  enableTwoStep,
  newRecoveryCodes,
  startTwoStepSetup,
  verifySignInCode,
} from '../../src/api/two-step';
import { ALICE, PASSWORD } from '../../server/tests/pact/states/auth';
import {
  boolean,
  clientFor,
  detail,
  eachLike,
  expectApiError,
  integer,
  jsonBody,
  regex,
  string,
  unsafeCall,
} from './support/pact';

// [extension] Two-step sign-in with an authenticator app: setup, turning on and off, and the two steps of a
// sign-in. Provider states: server/tests/pact/states/two-step.ts, which hands over the code of the moment
// (`${code}`) and a surely wrong one (`${wrong_code}`); 'a signed-in user' and 'any visitor' are the accounts' and
// foundation's.

const code = () => MatchersV3.fromProviderState('${code}', '123456');
const wrongCode = () => MatchersV3.fromProviderState('${wrong_code}', '000000');
const RECOVERY_CODE = regex('^[a-z2-9]{5}-[a-z2-9]{5}$', 'abcde-23456');
const NOT_SIGNED_IN = 'Authentication credentials were not provided.';

describe('[extension] POST /auth/login/ with two-step sign-in on', () => {
  it('answers two_factor_required and starts no session', async () => {
    const pact = unsafeCall(
      'a user alice@example.com with two-step sign-in on',
      '[extension] a sign-in of an account with two-step sign-in on',
      'POST',
      '/auth/login/',
      { email: ALICE.email, password: PASSWORD },
    ).willRespondWith({ status: 200, headers: jsonBody, body: { two_factor_required: boolean(true) } });
    await pact.executeTest(async (mockServer) => {
      await expect(login(clientFor(mockServer), { email: ALICE.email, password: PASSWORD })).resolves.toEqual(
        {
          two_factor_required: true,
        },
      );
    });
  });
});

describe('[extension] POST /auth/login/2fa/', () => {
  it('signs in with the code of the moment and answers the user id', async () => {
    const pact = unsafeCall(
      'a sign-in of alice@example.com waiting for its code',
      '[extension] the code of a sign-in waiting for it',
      'POST',
      '/auth/login/2fa/',
      { code: code(), trust_device: true },
    ).willRespondWith({ status: 200, headers: jsonBody, body: { user_id: integer(ALICE.id) } });
    await pact.executeTest(async (mockServer) => {
      const answer = await verifySignInCode(clientFor(mockServer), { code: '123456', trust_device: true });
      expect(answer.user_id).toBe(ALICE.id);
    });
  });

  it('refuses a wrong code with 400 in words', async () => {
    const pact = unsafeCall(
      'a sign-in of alice@example.com waiting for its code',
      '[extension] a wrong code of a sign-in waiting for it',
      'POST',
      '/auth/login/2fa/',
      { code: wrongCode() },
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: detail('That code is not right. Enter the newest code from your authenticator app.'),
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(verifySignInCode(clientFor(mockServer), { code: '000000' }), 400, {
        serverMessage: 'That code is not right. Enter the newest code from your authenticator app.',
      });
    });
  });

  it('answers 401 with two_factor_expired when no sign-in waits for a code', async () => {
    const pact = unsafeCall(
      'any visitor',
      '[extension] a code without a sign-in waiting for it',
      'POST',
      '/auth/login/2fa/',
      {
        code: '123456',
      },
    ).willRespondWith({
      status: 401,
      headers: jsonBody,
      body: {
        ...detail('Your sign-in took too long. Please enter your email and password again.'),
        code: 'two_factor_expired',
      },
    });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(verifySignInCode(clientFor(mockServer), { code: '123456' }), 401);
      expect((error.data as { code?: string }).code).toBe('two_factor_expired');
    });
  });
});

describe('[extension] POST /auth/2fa/totp/setup/', () => {
  it('answers a new key and its otpauth:// address', async () => {
    const pact = unsafeCall(
      'a signed-in user',
      '[extension] a request to set up two-step sign-in',
      'POST',
      '/auth/2fa/totp/setup/',
      {},
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: {
        secret: regex('^[A-Z2-7]+=*$', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'),
        otpauth_url: regex(
          '^otpauth://totp/.+secret=.+$',
          'otpauth://totp/CV%20Builder:alice%40example.com?issuer=CV%20Builder&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
        ),
      },
    });
    await pact.executeTest(async (mockServer) => {
      const setup = await startTwoStepSetup(clientFor(mockServer));
      expect(setup.otpauth_url).toContain(setup.secret);
    });
  });

  it('answers 401 to a visitor', async () => {
    const pact = unsafeCall(
      'any visitor',
      '[extension] a request to set up two-step sign-in without a session',
      'POST',
      '/auth/2fa/totp/setup/',
      {},
    ).willRespondWith({ status: 401, headers: jsonBody, body: detail(NOT_SIGNED_IN) });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(startTwoStepSetup(clientFor(mockServer)), 401);
    });
  });
});

describe('[extension] POST /auth/2fa/totp/enable/', () => {
  it('turns two-step on with a code of the new key and answers ten recovery codes', async () => {
    const pact = unsafeCall(
      'a signed-in user with a two-step setup waiting for its code',
      '[extension] the code that turns two-step sign-in on',
      'POST',
      '/auth/2fa/totp/enable/',
      { code: code() },
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: { recovery_codes: eachLike(RECOVERY_CODE, 10) },
    });
    await pact.executeTest(async (mockServer) => {
      const codes = await enableTwoStep(clientFor(mockServer), { code: '123456' });
      expect(codes).toHaveLength(10);
    });
  });

  it('refuses a wrong code with 400 naming the field', async () => {
    const pact = unsafeCall(
      'a signed-in user with a two-step setup waiting for its code',
      '[extension] a wrong code to turn two-step sign-in on',
      'POST',
      '/auth/2fa/totp/enable/',
      { code: wrongCode() },
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: {
        ...detail('That code is not right. Enter the newest code from your authenticator app.'),
        field: 'code',
      },
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(enableTwoStep(clientFor(mockServer), { code: '000000' }), 400);
    });
  });

  it('answers 401 to a visitor', async () => {
    const pact = unsafeCall(
      'any visitor',
      '[extension] a code to turn two-step sign-in on without a session',
      'POST',
      '/auth/2fa/totp/enable/',
      { code: '123456' },
    ).willRespondWith({ status: 401, headers: jsonBody, body: detail(NOT_SIGNED_IN) });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(enableTwoStep(clientFor(mockServer), { code: '123456' }), 401);
    });
  });
});

describe('[extension] POST /auth/2fa/disable/', () => {
  it('turns two-step off with the password and a code', async () => {
    const pact = unsafeCall(
      'a signed-in user with two-step sign-in on',
      '[extension] the password and a code that turn two-step sign-in off',
      'POST',
      '/auth/2fa/disable/',
      { current_password: PASSWORD, code: code() },
    ).willRespondWith({ status: 200, headers: jsonBody, body: detail('Two-step sign-in is off.') });
    await pact.executeTest(async (mockServer) => {
      await expect(
        disableTwoStep(clientFor(mockServer), { current_password: PASSWORD, code: '123456' }),
      ).resolves.toBeUndefined();
    });
  });

  it('refuses a wrong code with 400 naming the field', async () => {
    const pact = unsafeCall(
      'a signed-in user with two-step sign-in on',
      '[extension] a wrong code to turn two-step sign-in off',
      'POST',
      '/auth/2fa/disable/',
      { current_password: PASSWORD, code: wrongCode() },
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: {
        detail: string('That code is not right. Enter the newest code from your authenticator app.'),
        field: 'code',
      },
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(
        disableTwoStep(clientFor(mockServer), { current_password: PASSWORD, code: '000000' }),
        400,
      );
    });
  });

  it('answers 401 to a visitor', async () => {
    const pact = unsafeCall(
      'any visitor',
      '[extension] a request to turn two-step sign-in off without a session',
      'POST',
      '/auth/2fa/disable/',
      {
        current_password: PASSWORD,
        code: '123456',
      },
    ).willRespondWith({ status: 401, headers: jsonBody, body: detail(NOT_SIGNED_IN) });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(
        disableTwoStep(clientFor(mockServer), { current_password: PASSWORD, code: '123456' }),
        401,
      );
    });
  });
});

describe('[extension] POST /auth/2fa/recovery-codes/', () => {
  const ON = 'a signed-in user with two-step sign-in on';
  const CODE_WRONG = 'That code is not right. Enter the newest code from your authenticator app.';

  it('answers ten new recovery codes for the password and a code', async () => {
    const pact = unsafeCall(
      ON,
      '[extension] the password and a code that make new recovery codes',
      'POST',
      '/auth/2fa/recovery-codes/',
      { password: PASSWORD, code: code() },
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: { recovery_codes: eachLike(RECOVERY_CODE, 10) },
    });
    await pact.executeTest(async (mockServer) => {
      const codes = await newRecoveryCodes(clientFor(mockServer), { password: PASSWORD, code: '123456' });
      expect(codes).toHaveLength(10);
    });
  });

  it('refuses a wrong password with 400 naming the field', async () => {
    const pact = unsafeCall(
      ON,
      '[extension] a wrong password to make new recovery codes',
      'POST',
      '/auth/2fa/recovery-codes/',
      { password: 'Wrong-passw0rd', code: code() },
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: { detail: string('Your current password is incorrect.'), field: 'password' },
    });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(
        newRecoveryCodes(clientFor(mockServer), { password: 'Wrong-passw0rd', code: '123456' }),
        400,
      );
      expect((error.data as { field?: string }).field).toBe('password');
    });
  });

  it('refuses a wrong code with 400 naming the field', async () => {
    const pact = unsafeCall(
      ON,
      '[extension] a wrong code to make new recovery codes',
      'POST',
      '/auth/2fa/recovery-codes/',
      { password: PASSWORD, code: wrongCode() },
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: { ...detail(CODE_WRONG), field: 'code' },
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(newRecoveryCodes(clientFor(mockServer), { password: PASSWORD, code: '000000' }), 400, {
        serverMessage: CODE_WRONG,
      });
    });
  });

  it('answers 400 in words while two-step sign-in is off', async () => {
    const pact = unsafeCall(
      'a signed-in user',
      '[extension] a request for new recovery codes with two-step sign-in off',
      'POST',
      '/auth/2fa/recovery-codes/',
      { password: PASSWORD, code: '123456' },
    ).willRespondWith({ status: 400, headers: jsonBody, body: detail('Two-step sign-in is not on.') });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(newRecoveryCodes(clientFor(mockServer), { password: PASSWORD, code: '123456' }), 400, {
        serverMessage: 'Two-step sign-in is not on.',
      });
    });
  });

  it('answers 401 to a visitor', async () => {
    const pact = unsafeCall(
      'any visitor',
      '[extension] a request for new recovery codes without a session',
      'POST',
      '/auth/2fa/recovery-codes/',
      { password: PASSWORD, code: '123456' },
    ).willRespondWith({ status: 401, headers: jsonBody, body: detail(NOT_SIGNED_IN) });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(newRecoveryCodes(clientFor(mockServer), { password: PASSWORD, code: '123456' }), 401);
    });
  });
});
