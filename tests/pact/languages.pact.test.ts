import { getProfile } from '../../src/api/auth';
import { saveLanguage } from '../../src/api/profile';
import type { LanguageCode } from '../../rules/languages';
import {
  boolean,
  clientFor,
  createPact,
  detail,
  expectApiError,
  jsonBody,
  string,
  unsafeCall,
} from './support/pact';

// [extension] The interface language a person chose is kept with their account (`language` on the profile), so
// it follows them to other devices. A backend without it answers profiles without `language`: the app then keeps
// the choice on each device only. Provider states: server/tests/pact/states/*.ts.

const SIGNED_IN = 'a signed-in user';
const CHOSE_GERMAN = 'a signed-in user who chose German';

const profile = (language: string | null) => ({
  full_name: string('Alice Example'),
  email: 'alice@example.com',
  phone_number: string('+12025550123'),
  is_staff: boolean(false),
  is_superuser: boolean(false),
  language,
});

describe('[extension] PATCH /auth/profile/ { language }', () => {
  it('keeps the chosen language and answers the profile', async () => {
    const pact = unsafeCall(
      SIGNED_IN,
      '[extension] a language choice of a signed-in user',
      'PATCH',
      '/auth/profile/',
      {
        language: 'de',
      },
    ).willRespondWith({ status: 200, headers: jsonBody, body: profile('de') });
    await pact.executeTest(async (mockServer) => {
      await expect(saveLanguage(clientFor(mockServer), 'de')).resolves.toMatchObject({ language: 'de' });
    });
  });

  it('refuses a language the product does not speak (400)', async () => {
    const pact = unsafeCall(
      SIGNED_IN,
      '[extension] a choice of a language the product does not speak',
      'PATCH',
      '/auth/profile/',
      {
        language: 'xx',
      },
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: detail('language must be one of: en, de, fr, es, ar, ja.'),
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(saveLanguage(clientFor(mockServer), 'xx' as LanguageCode), 400);
    });
  });

  it('answers 401 to a visitor', async () => {
    const pact = unsafeCall(
      'any visitor',
      '[extension] a language choice without a session',
      'PATCH',
      '/auth/profile/',
      {
        language: 'de',
      },
    ).willRespondWith({
      status: 401,
      headers: jsonBody,
      body: detail('Authentication credentials were not provided.'),
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(saveLanguage(clientFor(mockServer), 'de'), 401);
    });
  });
});

describe('[extension] GET /auth/profile/ with a chosen language', () => {
  it('answers the language the person chose', async () => {
    const pact = createPact()
      .given(CHOSE_GERMAN)
      .uponReceiving('[extension] a profile request of a user who chose German')
      .withRequest({ method: 'GET', path: '/auth/profile/' })
      .willRespondWith({ status: 200, headers: jsonBody, body: profile('de') });
    await pact.executeTest(async (mockServer) => {
      await expect(getProfile(clientFor(mockServer))).resolves.toMatchObject({ language: 'de' });
    });
  });
});
