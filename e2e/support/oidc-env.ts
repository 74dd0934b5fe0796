// The local identity provider's settings (see oidc-provider.ts), kept free of the provider's code so
// playwright.config.ts can read them without loading oauth2-mock-server.

export const GOOGLE_CLIENT_ID = 'cv-builder-test.apps.googleusercontent.com';
export const LINKEDIN_CLIENT_ID = 'cv-builder-test-linkedin';
export const LINKEDIN_CLIENT_SECRET = 'linkedin-test-secret';
export const GOOGLE_SCOPE = 'openid email profile';

export interface IdentityProviderEnv {
  GOOGLE_CLIENT_ID: string;
  GOOGLE_TOKENINFO_URL: string;
  GOOGLE_USERINFO_URL: string;
  GOOGLE_SCRIPT_URL: string;
  LINKEDIN_CLIENT_ID: string;
  LINKEDIN_CLIENT_SECRET: string;
  LINKEDIN_AUTHORIZATION_URL: string;
  LINKEDIN_TOKEN_URL: string;
  LINKEDIN_USERINFO_URL: string;
}

/** The URLs of a provider at `origin`, before it runs (the e2e config fixes the port up front). */
export function identityProviderEnv(origin: string): IdentityProviderEnv {
  return {
    GOOGLE_CLIENT_ID,
    GOOGLE_TOKENINFO_URL: `${origin}/tokeninfo`,
    GOOGLE_USERINFO_URL: `${origin}/userinfo`,
    GOOGLE_SCRIPT_URL: `${origin}/gsi/client`,
    LINKEDIN_CLIENT_ID,
    LINKEDIN_CLIENT_SECRET,
    LINKEDIN_AUTHORIZATION_URL: `${origin}/linkedin/authorize`,
    LINKEDIN_TOKEN_URL: `${origin}/token`,
    LINKEDIN_USERINFO_URL: `${origin}/userinfo`,
  };
}

/** The same settings in the server's Config shape, for buildApp in tests. */
export function identityProviderConfig(origin: string) {
  const env = identityProviderEnv(origin);
  return {
    googleClientId: env.GOOGLE_CLIENT_ID,
    googleTokeninfoUrl: env.GOOGLE_TOKENINFO_URL,
    googleUserinfoUrl: env.GOOGLE_USERINFO_URL,
    googleScriptUrl: env.GOOGLE_SCRIPT_URL,
    linkedinClientId: env.LINKEDIN_CLIENT_ID,
    linkedinClientSecret: env.LINKEDIN_CLIENT_SECRET,
    linkedinAuthorizationUrl: env.LINKEDIN_AUTHORIZATION_URL,
    linkedinTokenUrl: env.LINKEDIN_TOKEN_URL,
    linkedinUserinfoUrl: env.LINKEDIN_USERINFO_URL,
  };
}
