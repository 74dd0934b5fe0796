import type { SocialConfig } from '../../../src/api/social';

export const GOOGLE_CLIENT_ID = 'web-client.apps.googleusercontent.com';
export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
export const LINKEDIN_REDIRECT_URI = 'http://localhost:8000/linkedin-callback';

/** What GET /auth/social/config/ answers with both providers configured. */
export function socialConfig(overrides: Partial<SocialConfig> = {}): SocialConfig {
  return {
    google_client_id: GOOGLE_CLIENT_ID,
    google_script_url: GOOGLE_SCRIPT_URL,
    linkedin_client_id: 'linkedin-client',
    linkedin_authorization_url: 'https://www.linkedin.com/oauth/v2/authorization',
    linkedin_redirect_uri: LINKEDIN_REDIRECT_URI,
    ...overrides,
  };
}
