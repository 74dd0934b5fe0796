import { followAccountLink } from '../../src/api/profile';
import { listSecurityActivity } from '../../src/api/security';
import {
  clientFor,
  createPact,
  detail,
  expectApiError,
  injectedLink,
  integer,
  isoTimestamp,
  jsonBody,
  like,
  string,
  unsafeCall,
} from './support/pact';

// [extension] Security activity: the profile lists the person's recent sign-ins (refused ones too) and changes to
// what guards the account; and the link mailed to a locked account unlocks it. Provider states:
// server/tests/pact/states/security.ts; 'a signed-in user', 'any visitor' and the accounts' states are the others'.

const WITH_ACTIVITY = 'a signed-in user with security activity';
const UNLOCK_LINK = 'a valid account-unlock link for alice@example.com';
const ALICE = 'a registered, confirmed user alice@example.com with password Passw0rd!';

describe('[extension] GET /auth/security-activity/', () => {
  it('lists the account’s events, the newest first, with browser and system', async () => {
    const pact = createPact()
      .given(WITH_ACTIVITY)
      .uponReceiving('[extension] a request for the security activity')
      .withRequest({ method: 'GET', path: '/auth/security-activity/' })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: [
          {
            id: integer(3),
            kind: 'password_changed',
            at: isoTimestamp('2026-11-25T06:01:00.000Z'),
            browser: 'Chrome 130',
            os: 'Linux',
            detail: {},
          },
          {
            id: integer(2),
            kind: 'signin_succeeded',
            at: isoTimestamp('2026-11-25T06:00:00.000Z'),
            browser: 'Chrome 130',
            os: 'Linux',
            detail: { method: 'password' },
          },
          {
            id: integer(1),
            kind: 'signin_refused',
            at: isoTimestamp('2026-11-25T05:59:00.000Z'),
            browser: 'Firefox 128',
            os: 'Windows 10',
            detail: { reason: 'wrong_password' },
          },
        ],
      });
    await pact.executeTest(async (mockServer) => {
      const items = await listSecurityActivity(clientFor(mockServer));
      expect(items.map((item) => item.kind)).toEqual(['password_changed', 'signin_succeeded', 'signin_refused']);
      expect(items[2]).toMatchObject({ browser: 'Firefox 128', os: 'Windows 10', detail: { reason: 'wrong_password' } });
    });
  });

  it('answers 401 to a visitor', async () => {
    const pact = createPact()
      .given('any visitor')
      .uponReceiving('[extension] a request for the security activity without a session')
      .withRequest({ method: 'GET', path: '/auth/security-activity/' })
      .willRespondWith({
        status: 401,
        headers: jsonBody,
        body: detail('Authentication credentials were not provided.'),
      });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(listSecurityActivity(clientFor(mockServer)), 401);
    });
  });
});

describe('[extension] POST /auth/account-unlock/', () => {
  it('unlocks the account and trusts the browser that opened the link', async () => {
    const pact = unsafeCall(
      UNLOCK_LINK,
      '[extension] a request to unlock an account with the mailed link',
      'POST',
      '/auth/account-unlock/',
      injectedLink('MQ'),
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: { detail: string('Your account is unlocked, and this browser can sign in to it even while someone else keeps guessing.') },
    });
    await pact.executeTest(async (mockServer) => {
      await expect(
        followAccountLink(clientFor(mockServer), 'unlock-account', { uid: 'MQ', token: 'c2lnbmVkLXRva2VuLWV4YW1wbGU' }),
      ).resolves.toMatch(/^Your account is unlocked/);
    });
  });

  it('refuses a link that is not genuine, with its code', async () => {
    const link = { uid: 'MQ', token: 'not-a-token' };
    const pact = unsafeCall(
      ALICE,
      '[extension] a request to unlock an account with a forged link',
      'POST',
      '/auth/account-unlock/',
      link,
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: { detail: string('This link is invalid.'), code: like('link_invalid') },
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(followAccountLink(clientFor(mockServer), 'unlock-account', link), 400, {
        message: 'This link is invalid.',
      });
    });
  });
});
