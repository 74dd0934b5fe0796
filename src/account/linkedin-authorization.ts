import * as t from 'io-ts';
import { LINKEDIN_SCOPE, type SocialConfig } from '../api/social';

// The LinkedIn sign-in's one piece of browser state: the OAuth `state` and redirect address the sign-in page sent,
// kept in the tab's session storage so the callback page accepts only the answer to its own request.

/** What the sign-in page remembers for the callback page: the state it sent and where LinkedIn returns. */
export interface LinkedInAuthorization {
  state: string;
  redirectUri: string;
}

export const LINKEDIN_AUTHORIZATION_STORAGE_KEY = 'linkedin_authorization';

/** An unguessable state value (OAuth 2.0 §10.12): the callback accepts only the one this tab sent. */
export function createOAuthState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function linkedinAuthorizationUrl(config: SocialConfig, state: string): string {
  const url = new URL(config.linkedin_authorization_url);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.linkedin_client_id ?? '');
  url.searchParams.set('redirect_uri', config.linkedin_redirect_uri);
  url.searchParams.set('scope', LINKEDIN_SCOPE);
  url.searchParams.set('state', state);
  return url.toString();
}

const StoredAuthorization = t.type({ state: t.string, redirectUri: t.string });

function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

// Session storage: per tab, gone when the tab closes, and never sent to a server.
export function storeLinkedInAuthorization(authorization: LinkedInAuthorization): void {
  try {
    sessionStore()?.setItem(LINKEDIN_AUTHORIZATION_STORAGE_KEY, JSON.stringify(authorization));
  } catch {
    // Without storage the callback cannot match the state and refuses the sign-in: safe, if unhelpful.
  }
}

export function readLinkedInAuthorization(): LinkedInAuthorization | undefined {
  try {
    const raw = sessionStore()?.getItem(LINKEDIN_AUTHORIZATION_STORAGE_KEY);
    if (!raw) return undefined;
    const decoded = StoredAuthorization.decode(JSON.parse(raw));
    return decoded._tag === 'Right' ? decoded.right : undefined;
  } catch {
    return undefined;
  }
}

export function forgetLinkedInAuthorization(): void {
  try {
    sessionStore()?.removeItem(LINKEDIN_AUTHORIZATION_STORAGE_KEY);
  } catch {
    // see storeLinkedInAuthorization
  }
}

/** Sends the browser to LinkedIn's consent screen, remembering the state for the callback page. */
export function beginLinkedInAuthorization(config: SocialConfig): void {
  const state = createOAuthState();
  storeLinkedInAuthorization({ state, redirectUri: config.linkedin_redirect_uri });
  window.location.assign(linkedinAuthorizationUrl(config, state));
}
