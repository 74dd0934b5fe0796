import type { FastifyInstance } from 'fastify';
import { linkedinRedirectUri } from '../../../src/auth/social/linkedin.js';
import { startIdentityProvider, type IdentityProvider } from '../../../../e2e/support/oidc-provider.js';
import type { ProviderStates } from '../provider-state.js';

/*
 * Provider states for the social sign-in calls. A local identity provider (oauth2-mock-server,
 * e2e/support/oidc-provider.ts) plays Google and LinkedIn: the server really checks tokens and exchanges
 * codes with it, so a passing pact means the whole exchange works, not a stub.
 *
 * Sentences (exact):
 * - 'Google and LinkedIn sign-in are configured'                                → config answers both client ids
 * - 'social sign-in is not configured'                                          → config answers null client ids
 * - 'Google issued an access token for ada@example.com, who has no account'     → injects access_token
 * - 'Google does not know the access token'                                     → any token: 400 { detail, error }
 * - 'LinkedIn issued an authorization code for ada@example.com, who has no account' → injects code, redirect_uri
 * - 'LinkedIn does not know the authorization code'                             → injects redirect_uri; any code: 400
 *
 * Codes and tokens exist only once the state is set up: the consumer takes them with
 * `MatchersV3.fromProviderState('${access_token}' | '${code}' | '${redirect_uri}', example)`.
 */

export const ADA = { email: 'ada@example.com', name: 'Ada Lovelace' } as const;

let provider: Promise<IdentityProvider> | undefined;

/** One provider for the whole verification run; unref'd, as the harness has no teardown for states. */
async function identityProvider(): Promise<IdentityProvider> {
  provider ??= startIdentityProvider({ unref: true });
  return provider;
}

async function configure(app: FastifyInstance): Promise<IdentityProvider> {
  const idp = await identityProvider();
  // States run against one app built before them: they point its settings at the local provider.
  Object.assign(app.config, idp.config);
  idp.outage = false;
  return idp;
}

export const states: ProviderStates = {
  'Google and LinkedIn sign-in are configured': async ({ app }) => {
    await configure(app);
  },
  'social sign-in is not configured': async ({ app }) => {
    await configure(app);
    Object.assign(app.config, { googleClientId: null, linkedinClientId: null, linkedinClientSecret: null });
  },
  'Google issued an access token for ada@example.com, who has no account': async ({ app }) => {
    const idp = await configure(app);
    return { access_token: await idp.googleAccessToken(ADA) };
  },
  'Google does not know the access token': async ({ app }) => {
    await configure(app);
  },
  'LinkedIn issued an authorization code for ada@example.com, who has no account': async ({ app }) => {
    const idp = await configure(app);
    const redirectUri = linkedinRedirectUri(app.config);
    return { code: await idp.authorizationCode(ADA, { redirectUri }), redirect_uri: redirectUri };
  },
  'LinkedIn does not know the authorization code': async ({ app }) => {
    await configure(app);
    return { redirect_uri: linkedinRedirectUri(app.config) };
  },
};
