import { GOOGLE_SCOPE, GoogleIdentityError, requestGoogleAccessToken } from '../../src/api/social';
import {
  LINKEDIN_AUTHORIZATION_STORAGE_KEY,
  createOAuthState,
  forgetLinkedInAuthorization,
  linkedinAuthorizationUrl,
  readLinkedInAuthorization,
  storeLinkedInAuthorization,
} from '../../src/account/linkedin-authorization';
import { socialConfig } from '../machines/auth/social-fixtures';

afterEach(() => {
  sessionStorage.clear();
  delete window.google;
});

describe('LinkedIn authorization request (fixed redirect; state)', () => {
  it('asks for a code with the client id, the fixed redirect address, OpenID scopes and the state', () => {
    const url = new URL(linkedinAuthorizationUrl(socialConfig(), 'state-123'));
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/oauth/v2/authorization');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'linkedin-client',
      redirect_uri: 'http://localhost:8000/linkedin-callback',
      scope: 'openid profile email',
      state: 'state-123',
    });
  });

  it('makes a fresh, unguessable state each time', () => {
    const states = new Set(Array.from({ length: 20 }, createOAuthState));
    expect(states.size).toBe(20);
    for (const state of states) expect(state).toMatch(/^[0-9a-f]{64}$/);
  });

  it('remembers the request in this tab until the callback forgets it', () => {
    expect(readLinkedInAuthorization()).toBeUndefined();
    storeLinkedInAuthorization({ state: 's', redirectUri: 'http://localhost:8000/linkedin-callback' });
    expect(readLinkedInAuthorization()).toEqual({
      state: 's',
      redirectUri: 'http://localhost:8000/linkedin-callback',
    });
    forgetLinkedInAuthorization();
    expect(readLinkedInAuthorization()).toBeUndefined();
  });

  it('ignores a stored value of the wrong shape', () => {
    sessionStorage.setItem(LINKEDIN_AUTHORIZATION_STORAGE_KEY, '{"state":1}');
    expect(readLinkedInAuthorization()).toBeUndefined();
    sessionStorage.setItem(LINKEDIN_AUTHORIZATION_STORAGE_KEY, 'not json');
    expect(readLinkedInAuthorization()).toBeUndefined();
  });
});

describe('Google Identity Services token client', () => {
  type Config = Parameters<
    NonNullable<NonNullable<NonNullable<Window['google']>['accounts']>['oauth2']>['initTokenClient']
  >[0];

  function installTokenClient(answer: (config: Config) => void) {
    const configs: Config[] = [];
    window.google = {
      accounts: {
        oauth2: {
          initTokenClient: (config) => {
            configs.push(config);
            return { requestAccessToken: () => answer(config) };
          },
        },
      },
    };
    return configs;
  }

  it("asks for 'openid email profile' and resolves with the access token", async () => {
    const configs = installTokenClient((config) => config.callback({ access_token: 'ya29.token' }));
    await expect(requestGoogleAccessToken('client-1')).resolves.toBe('ya29.token');
    expect(configs[0]).toMatchObject({ client_id: 'client-1', scope: GOOGLE_SCOPE });
    expect(GOOGLE_SCOPE).toBe('openid email profile');
  });

  it('rejects with a GoogleIdentityError when the person denies or closes the popup', async () => {
    installTokenClient((config) => config.callback({ error: 'access_denied' }));
    await expect(requestGoogleAccessToken('client-1')).rejects.toMatchObject({
      name: 'GoogleIdentityError',
      type: 'access_denied',
    });
    installTokenClient((config) =>
      config.error_callback?.({ type: 'popup_closed', message: 'Popup window closed' }),
    );
    await expect(requestGoogleAccessToken('client-1')).rejects.toBeInstanceOf(GoogleIdentityError);
  });

  it('rejects when the script is not loaded', async () => {
    await expect(requestGoogleAccessToken('client-1')).rejects.toMatchObject({ type: 'script_missing' });
  });
});
