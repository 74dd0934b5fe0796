import { MatchersV3 } from '@pact-foundation/pact';
import { getSocialConfig, googleLogin, linkedinLogin } from '../../src/api/social';
import { linkedinFailureMessage } from '../../src/machines/auth/linkedin-callback-machine';
import { googleSignInFailureMessage } from '../../src/machines/auth/google-sign-in-machine';
import {
  clientFor,
  createPact,
  expectApiError,
  integer,
  jsonBody,
  regex,
  string,
  unsafeJsonHeaders,
  withCsrf,
} from './support/pact';

// The social sign-in calls of docs/behaviour.md#api-calls, made by the real API functions against the
// Pact mock server. Provider-state sentences are in server/tests/pact/states/social.ts; there a local identity
// provider plays Google and LinkedIn, so tokens and codes are injected from the state.

const CONFIGURED = 'Google and LinkedIn sign-in are configured';
const NOT_CONFIGURED = 'social sign-in is not configured';
const GOOGLE_TOKEN_FOR_NEW_USER = 'Google issued an access token for ada@example.com, who has no account';
const GOOGLE_UNKNOWN_TOKEN = 'Google does not know the access token';
const LINKEDIN_CODE_FOR_NEW_USER =
  'LinkedIn issued an authorization code for ada@example.com, who has no account';
const LINKEDIN_UNKNOWN_CODE = 'LinkedIn does not know the authorization code';

const REDIRECT_URI = 'http://localhost:8000/linkedin-callback';

describe('GET /auth/social/config/', () => {
  it('tells the web app which providers are configured and where they are', async () => {
    const pact = createPact()
      .given(CONFIGURED)
      .uponReceiving('[extension] a request for the social sign-in configuration')
      .withRequest({ method: 'GET', path: '/auth/social/config/' })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: {
          google_client_id: string('1234-abc.apps.googleusercontent.com'),
          google_script_url: string('https://accounts.google.com/gsi/client'),
          linkedin_client_id: string('86abc123'),
          linkedin_authorization_url: string('https://www.linkedin.com/oauth/v2/authorization'),
          linkedin_redirect_uri: regex(/^https?:\/\/.+\/linkedin-callback$/, REDIRECT_URI),
        },
      });
    await pact.executeTest(async (mockServer) => {
      const config = await getSocialConfig(clientFor(mockServer));
      expect(config.google_client_id).toBe('1234-abc.apps.googleusercontent.com');
      expect(config.linkedin_redirect_uri).toBe(REDIRECT_URI);
    });
  });

  it('answers null client ids when neither provider is configured', async () => {
    const pact = createPact()
      .given(NOT_CONFIGURED)
      .uponReceiving(
        '[extension] a request for the social sign-in configuration of a server without providers',
      )
      .withRequest({ method: 'GET', path: '/auth/social/config/' })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: {
          google_client_id: null,
          google_script_url: string('https://accounts.google.com/gsi/client'),
          linkedin_client_id: null,
          linkedin_authorization_url: string('https://www.linkedin.com/oauth/v2/authorization'),
          linkedin_redirect_uri: string(REDIRECT_URI),
        },
      });
    await pact.executeTest(async (mockServer) => {
      const config = await getSocialConfig(clientFor(mockServer));
      expect(config.google_client_id).toBeNull();
      expect(config.linkedin_client_id).toBeNull();
    });
  });
});

describe('POST /auth/social/login/google/', () => {
  it('signs in with a Google access token and answers the user id', async () => {
    const pact = withCsrf(createPact())
      .given(GOOGLE_TOKEN_FOR_NEW_USER)
      .uponReceiving('a Google sign-in with an access token Google issued')
      .withRequest({
        method: 'POST',
        path: '/auth/social/login/google/',
        headers: unsafeJsonHeaders,
        body: { access_token: MatchersV3.fromProviderState('${access_token}', 'ya29.a0-example-token') },
      })
      .willRespondWith({ status: 200, headers: jsonBody, body: { user_id: integer(1) } });
    await pact.executeTest(async (mockServer) => {
      await expect(
        googleLogin(clientFor(mockServer), { access_token: 'ya29.a0-example-token' }),
      ).resolves.toEqual({
        user_id: 1,
      });
    });
  });

  it('refuses a token Google does not know, with a message the screen shows', async () => {
    const message = 'Google did not accept the access token (Invalid Value). Please sign in again.';
    const pact = withCsrf(createPact())
      .given(GOOGLE_UNKNOWN_TOKEN)
      .uponReceiving('a Google sign-in with an access token Google does not know')
      .withRequest({
        method: 'POST',
        path: '/auth/social/login/google/',
        headers: unsafeJsonHeaders,
        body: { access_token: 'not-a-google-token' },
      })
      .willRespondWith({
        status: 400,
        headers: jsonBody,
        body: { detail: string(message), error: string(message) },
      });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(
        googleLogin(clientFor(mockServer), { access_token: 'not-a-google-token' }),
      );
      expect(error.status).toBe(400);
      expect(googleSignInFailureMessage(error)).toBe(message);
    });
  });
});

describe('POST /auth/social/login/linkedin/', () => {
  const redirectUri = MatchersV3.fromProviderState('${redirect_uri}', REDIRECT_URI);

  it('exchanges an authorization code LinkedIn issued and answers the user id', async () => {
    const pact = withCsrf(createPact())
      .given(LINKEDIN_CODE_FOR_NEW_USER)
      .uponReceiving('a LinkedIn sign-in with an authorization code LinkedIn issued')
      .withRequest({
        method: 'POST',
        path: '/auth/social/login/linkedin/',
        headers: unsafeJsonHeaders,
        body: { code: MatchersV3.fromProviderState('${code}', 'AQTexample-code'), redirect_uri: redirectUri },
      })
      .willRespondWith({ status: 200, headers: jsonBody, body: { user_id: integer(1) } });
    await pact.executeTest(async (mockServer) => {
      await expect(
        linkedinLogin(clientFor(mockServer), { code: 'AQTexample-code', redirect_uri: REDIRECT_URI }),
      ).resolves.toEqual({ user_id: 1 });
    });
  });

  it('refuses a code LinkedIn does not know with 400 and an error field', async () => {
    const message =
      'LinkedIn did not accept the authorization code (The authorization code is invalid or has expired.). Please sign in again.';
    const pact = withCsrf(createPact())
      .given(LINKEDIN_UNKNOWN_CODE)
      .uponReceiving('a LinkedIn sign-in with an authorization code LinkedIn does not know')
      .withRequest({
        method: 'POST',
        path: '/auth/social/login/linkedin/',
        headers: unsafeJsonHeaders,
        body: { code: 'expired-code', redirect_uri: redirectUri },
      })
      .willRespondWith({
        status: 400,
        headers: jsonBody,
        body: { detail: string(message), error: string(message) },
      });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(
        linkedinLogin(clientFor(mockServer), { code: 'expired-code', redirect_uri: REDIRECT_URI }),
      );
      expect(error.status).toBe(400);
      expect(linkedinFailureMessage(error)).toBe(message);
    });
  });
});
