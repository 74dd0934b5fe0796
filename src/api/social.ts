import * as t from 'io-ts';
import { LoginOutcome } from './auth';
import type { ApiClient } from './http';

// Social sign-in (docs/behaviour.md#api-calls: Google and LinkedIn login calls). The server tells the
// web app at run time which providers are configured, so one build serves any deployment.

const NullableText = t.union([t.string, t.null]);

export const SocialConfig = t.type({
  google_client_id: NullableText,
  google_script_url: t.string,
  linkedin_client_id: NullableText,
  linkedin_authorization_url: t.string,
  linkedin_redirect_uri: t.string,
});
export type SocialConfig = t.TypeOf<typeof SocialConfig>;

/** docs/behaviour.md#api-calls: the Google script is asked for these scopes. */
export const GOOGLE_SCOPE = 'openid email profile';
/** OpenID Connect "Sign In with LinkedIn" scopes. */
export const LINKEDIN_SCOPE = 'openid profile email';

export interface GoogleLoginPayload {
  access_token: string;
}

export interface LinkedInLoginPayload {
  code: string;
  redirect_uri: string;
}

export function getSocialConfig(
  client: ApiClient,
  options?: { signal?: AbortSignal },
): Promise<SocialConfig> {
  return client.get('/auth/social/config/', SocialConfig, options);
}

/** POST /auth/social/login/google/ {access_token} → {user_id}. */
export function googleLogin(client: ApiClient, payload: GoogleLoginPayload): Promise<LoginOutcome> {
  return client.post('/auth/social/login/google/', payload, LoginOutcome);
}

/** POST /auth/social/login/linkedin/ {code, redirect_uri} → {user_id}. */
export function linkedinLogin(client: ApiClient, payload: LinkedInLoginPayload): Promise<LoginOutcome> {
  return client.post('/auth/social/login/linkedin/', payload, LoginOutcome);
}

// ── Google Identity Services token client ──────────────────────────────────

/** The part of https://accounts.google.com/gsi/client the token flow uses. */
interface GoogleTokenResponse {
  access_token?: string;
  error?: string;
  error_description?: string;
}

interface GoogleTokenClientConfig {
  client_id: string;
  scope: string;
  callback: (response: GoogleTokenResponse) => void;
  error_callback?: (error: { type?: string; message?: string }) => void;
}

interface GoogleIdentityServices {
  accounts?: {
    oauth2?: { initTokenClient(config: GoogleTokenClientConfig): { requestAccessToken(): void } };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentityServices;
  }
}

/** A failure on Google's side of the browser flow (script, popup, consent), as opposed to our server's answer. */
export class GoogleIdentityError extends Error {
  override readonly name = 'GoogleIdentityError';
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const scriptLoads = new Map<string, Promise<void>>();

function tokenClientFactory() {
  return window.google?.accounts?.oauth2?.initTokenClient;
}

/** Loads the Google Identity Services script once per page (a failed load may be retried). */
export function loadGoogleIdentityScript(url: string): Promise<void> {
  if (tokenClientFactory()) return Promise.resolve();
  const pending = scriptLoads.get(url);
  if (pending) return pending;
  const load = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () =>
      tokenClientFactory()
        ? resolve()
        : reject(new GoogleIdentityError('script_invalid', 'The Google sign-in script did not start.'));
    script.onerror = () => {
      script.remove();
      reject(new GoogleIdentityError('script_failed', 'The Google sign-in script could not be loaded.'));
    };
    document.head.append(script);
  });
  scriptLoads.set(url, load);
  load.catch(() => scriptLoads.delete(url));
  return load;
}

/**
 * Asks Google for an access token: opens Google's consent popup and settles when the person answers.
 * Call it straight from the click: browsers block popups that do not follow a user gesture.
 */
export function requestGoogleAccessToken(clientId: string, scope: string = GOOGLE_SCOPE): Promise<string> {
  return new Promise((resolve, reject) => {
    const initTokenClient = tokenClientFactory();
    if (!initTokenClient) {
      reject(new GoogleIdentityError('script_missing', 'The Google sign-in script is not loaded.'));
      return;
    }
    const client = initTokenClient({
      client_id: clientId,
      scope,
      callback: (response) => {
        if (response.access_token) resolve(response.access_token);
        else
          reject(
            new GoogleIdentityError(
              response.error ?? 'no_token',
              response.error_description ?? response.error ?? 'Google sent no access token.',
            ),
          );
      },
      error_callback: (error) =>
        reject(
          new GoogleIdentityError(error.type ?? 'unknown', error.message ?? 'Google sign-in did not finish.'),
        ),
    });
    client.requestAccessToken();
  });
}
