import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { MatchersV3 } from '@pact-foundation/pact';
import { PASSKEY_MESSAGES } from '../../rules/passkeys';
import {
  listPasskeys,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
  signInWithPasskey,
} from '../../src/api/passkeys';
import { ALICE } from '../../server/tests/pact/states/auth';
import { PACT_PASSKEY } from '../../server/tests/pact/states/passkeys';
import {
  boolean,
  clientFor,
  createPact,
  detail,
  eachLike,
  expectApiError,
  integer,
  isoTimestamp,
  jsonBody,
  string,
  unsafeCall,
} from './support/pact';

// [extension] Passkeys: the profile lists, adds, renames and removes the person's passkeys; anyone signs in with
// one. Provider states: server/tests/pact/states/passkeys.ts; 'a signed-in user' and 'any visitor' are the
// accounts' and foundation's. The browser's answers are made and signed by the provider state (a software
// authenticator) over a challenge the server stored, so the consumer names them with fromProviderState.

const WITH_PASSKEY = 'a signed-in user with a passkey';
const injected = (name: string, example: string) => MatchersV3.fromProviderState(`\${${name}}`, example);

// Examples of what a browser sends (base64url); the provider state's values replace them at verification.
const EXAMPLE = {
  credentialId: 'q83vEjRWeJCrze8SNFZ4kA',
  clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiWTJoaGJHeGxibWRsIn0',
  attestationObject:
    'o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YVhJSZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2NdAAAAAA',
  authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MdAAAAAQ',
  signature: 'MEUCIQDexampleSignatureExampleSignatureExampleSignatureAiB',
  userHandle: 'dXNlci1oYW5kbGUtZXhhbXBsZQ',
};

/** A browser's new credential, as @simplewebauthn/browser hands it over. */
function registration(values: typeof EXAMPLE): RegistrationResponseJSON {
  return {
    id: values.credentialId,
    rawId: values.credentialId,
    type: 'public-key',
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: values.clientDataJSON,
      attestationObject: values.attestationObject,
      transports: ['internal'],
    },
  };
}

/** A browser's signed sign-in answer. */
function assertion(values: typeof EXAMPLE): AuthenticationResponseJSON {
  return {
    id: values.credentialId,
    rawId: values.credentialId,
    type: 'public-key',
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: values.clientDataJSON,
      authenticatorData: values.authenticatorData,
      signature: values.signature,
      userHandle: values.userHandle,
    },
  };
}

/** The same answers with the provider state's values injected. */
const injectedRegistration = {
  ...registration(EXAMPLE),
  id: injected('credential_id', EXAMPLE.credentialId),
  rawId: injected('credential_id', EXAMPLE.credentialId),
  response: {
    clientDataJSON: injected('client_data_json', EXAMPLE.clientDataJSON),
    attestationObject: injected('attestation_object', EXAMPLE.attestationObject),
    transports: ['internal'],
  },
};
const injectedAssertion = {
  ...assertion(EXAMPLE),
  id: injected('credential_id', EXAMPLE.credentialId),
  rawId: injected('credential_id', EXAMPLE.credentialId),
  response: {
    clientDataJSON: injected('client_data_json', EXAMPLE.clientDataJSON),
    authenticatorData: injected('authenticator_data', EXAMPLE.authenticatorData),
    signature: injected('signature', EXAMPLE.signature),
    userHandle: injected('user_handle', EXAMPLE.userHandle),
  },
};

const passkeyBody = (name: string) => ({
  id: integer(PACT_PASSKEY.id),
  name,
  created: isoTimestamp('2026-11-20T10:00:00.000Z'),
  last_used: null,
  backed_up: boolean(true),
});

describe('[extension] GET /auth/passkeys/', () => {
  it("lists the person's passkeys", async () => {
    const pact = createPact()
      .given(WITH_PASSKEY)
      .uponReceiving('[extension] a request for the passkeys')
      .withRequest({ method: 'GET', path: '/auth/passkeys/' })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: [{ ...passkeyBody(PACT_PASSKEY.name), id: PACT_PASSKEY.id }],
      });
    await pact.executeTest(async (mockServer) => {
      const passkeys = await listPasskeys(clientFor(mockServer));
      expect(passkeys).toEqual([
        {
          id: PACT_PASSKEY.id,
          name: 'Work laptop',
          created: expect.any(String),
          last_used: null,
          backed_up: true,
        },
      ]);
    });
  });

  it('answers 401 to a visitor', async () => {
    const pact = createPact()
      .given('any visitor')
      .uponReceiving('[extension] a request for the passkeys without a session')
      .withRequest({ method: 'GET', path: '/auth/passkeys/' })
      .willRespondWith({
        status: 401,
        headers: jsonBody,
        body: detail('Authentication credentials were not provided.'),
      });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(listPasskeys(clientFor(mockServer)), 401);
    });
  });
});

describe('[extension] POST /auth/passkeys/register/options/', () => {
  it('hands out a challenge for a new passkey of the signed-in person', async () => {
    const pact = unsafeCall(
      'a signed-in user',
      '[extension] a request for new-passkey options',
      'POST',
      '/auth/passkeys/register/options/',
      {},
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: {
        challenge: string('Y2hhbGxlbmdlLWV4YW1wbGU'),
        rp: { name: string('CV Builder'), id: string('localhost') },
        user: { id: string('dXNlci1oYW5kbGU'), name: ALICE.email, displayName: ALICE.full_name },
        pubKeyCredParams: eachLike({ alg: integer(-7), type: 'public-key' }),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      },
    });
    await pact.executeTest(async (mockServer) => {
      const options = await passkeyRegistrationOptions(clientFor(mockServer));
      expect(options.user.name).toBe(ALICE.email);
      expect(options.challenge).toEqual(expect.any(String));
    });
  });

  it('answers 401 to a visitor', async () => {
    const pact = unsafeCall(
      'any visitor',
      '[extension] a request for new-passkey options without a session',
      'POST',
      '/auth/passkeys/register/options/',
      {},
    ).willRespondWith({
      status: 401,
      headers: jsonBody,
      body: detail('Authentication credentials were not provided.'),
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(passkeyRegistrationOptions(clientFor(mockServer)), 401);
    });
  });
});

describe('[extension] POST /auth/passkeys/register/', () => {
  it("keeps the browser's new passkey under the name given", async () => {
    const pact = unsafeCall(
      'a signed-in user adding a passkey',
      '[extension] a new passkey with its name',
      'POST',
      '/auth/passkeys/register/',
      { credential: injectedRegistration, name: 'Desk key' },
    ).willRespondWith({
      status: 201,
      headers: jsonBody,
      body: { ...passkeyBody('Desk key'), id: integer(1) },
    });
    await pact.executeTest(async (mockServer) => {
      const passkey = await registerPasskey(clientFor(mockServer), {
        credential: registration(EXAMPLE),
        name: 'Desk key',
      });
      expect(passkey).toMatchObject({ name: 'Desk key', last_used: null });
    });
  });

  it('refuses, in words, an answer to a challenge it did not hand out', async () => {
    const pact = unsafeCall(
      'a signed-in user',
      '[extension] a new passkey answering no challenge of the server',
      'POST',
      '/auth/passkeys/register/',
      { credential: registration(EXAMPLE) },
    ).willRespondWith({ status: 400, headers: jsonBody, body: detail(PASSKEY_MESSAGES.requestExpired) });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(
        registerPasskey(clientFor(mockServer), { credential: registration(EXAMPLE) }),
        400,
        {
          message: PASSKEY_MESSAGES.requestExpired,
        },
      );
    });
  });
});

describe('[extension] POST /auth/passkeys/login/options/', () => {
  it('hands anyone a sign-in challenge', async () => {
    const pact = unsafeCall(
      'any visitor',
      '[extension] a request for passkey sign-in options',
      'POST',
      '/auth/passkeys/login/options/',
      {},
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: {
        challenge: string('Y2hhbGxlbmdlLWV4YW1wbGU'),
        rpId: string('localhost'),
        userVerification: 'required',
      },
    });
    await pact.executeTest(async (mockServer) => {
      const options = await passkeySignInOptions(clientFor(mockServer));
      expect(options.challenge).toEqual(expect.any(String));
    });
  });
});

describe('[extension] POST /auth/passkeys/login/', () => {
  it('signs in with a signed answer: both steps, the user id as the password sign-in answers it', async () => {
    const pact = unsafeCall(
      'a passkey sign-in under way',
      '[extension] a passkey sign-in',
      'POST',
      '/auth/passkeys/login/',
      { credential: injectedAssertion },
    ).willRespondWith({
      status: 200,
      headers: {
        ...jsonBody,
        // The session cookie, and beside it the server may remember this browser (the reference server's
        // trusted_device cookie, which lets it past lockouts others cause).
        'Set-Cookie': MatchersV3.regex(
          /(sessionid|trusted_device)=[^;]+;.*/,
          'sessionid=abc; Path=/; HttpOnly; SameSite=Lax',
        ),
      },
      body: { user_id: integer(ALICE.id), detail: string('Signed in successfully.') },
    });
    await pact.executeTest(async (mockServer) => {
      const answer = await signInWithPasskey(clientFor(mockServer), assertion(EXAMPLE));
      expect(answer.user_id).toBe(ALICE.id);
    });
  });

  it('refuses, in words, a passkey the server does not hold (removed)', async () => {
    const pact = unsafeCall(
      'a passkey sign-in under way with a removed passkey',
      '[extension] a passkey sign-in with a removed passkey',
      'POST',
      '/auth/passkeys/login/',
      { credential: injectedAssertion },
    ).willRespondWith({ status: 400, headers: jsonBody, body: detail(PASSKEY_MESSAGES.unknownPasskey) });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(signInWithPasskey(clientFor(mockServer), assertion(EXAMPLE)), 400, {
        serverMessage: PASSKEY_MESSAGES.unknownPasskey,
      });
    });
  });

  it('refuses, in words, an answer to a challenge it did not hand out (or one already used)', async () => {
    const pact = unsafeCall(
      'any visitor',
      '[extension] a passkey sign-in answering no challenge of the server',
      'POST',
      '/auth/passkeys/login/',
      { credential: assertion(EXAMPLE) },
    ).willRespondWith({ status: 400, headers: jsonBody, body: detail(PASSKEY_MESSAGES.requestExpired) });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(signInWithPasskey(clientFor(mockServer), assertion(EXAMPLE)), 400);
    });
  });
});

describe('[extension] PATCH /auth/passkeys/{id}/', () => {
  it('renames a passkey', async () => {
    const pact = unsafeCall(
      WITH_PASSKEY,
      '[extension] a new name for a passkey',
      'PATCH',
      `/auth/passkeys/${PACT_PASSKEY.id}/`,
      { name: 'Old laptop' },
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: { ...passkeyBody('Old laptop'), id: PACT_PASSKEY.id },
    });
    await pact.executeTest(async (mockServer) => {
      const passkey = await renamePasskey(clientFor(mockServer), PACT_PASSKEY.id, 'Old laptop');
      expect(passkey.name).toBe('Old laptop');
    });
  });

  it('refuses, in words, a name it cannot keep', async () => {
    const name = 'Line\nbreak';
    const pact = unsafeCall(
      WITH_PASSKEY,
      '[extension] a passkey name with a line break',
      'PATCH',
      `/auth/passkeys/${PACT_PASSKEY.id}/`,
      { name },
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: detail(PASSKEY_MESSAGES.nameControlCharacters),
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(renamePasskey(clientFor(mockServer), PACT_PASSKEY.id, name), 400, {
        message: PASSKEY_MESSAGES.nameControlCharacters,
      });
    });
  });
});

describe('[extension] DELETE /auth/passkeys/{id}/', () => {
  it('removes a passkey', async () => {
    const pact = unsafeCall(
      WITH_PASSKEY,
      '[extension] a request to remove a passkey',
      'DELETE',
      `/auth/passkeys/${PACT_PASSKEY.id}/`,
    ).willRespondWith({ status: 204 });
    await pact.executeTest(async (mockServer) => {
      await expect(removePasskey(clientFor(mockServer), PACT_PASSKEY.id)).resolves.toBeUndefined();
    });
  });

  it('answers 404 for a passkey that is not the person’s', async () => {
    const pact = unsafeCall(
      'a signed-in user',
      '[extension] a request to remove a passkey that is not the person’s',
      'DELETE',
      `/auth/passkeys/${PACT_PASSKEY.id}/`,
    ).willRespondWith({ status: 404, headers: jsonBody, body: detail('Not found.') });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(removePasskey(clientFor(mockServer), PACT_PASSKEY.id), 404);
    });
  });
});
