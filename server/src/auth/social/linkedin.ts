import { msg } from '../../../../rules/languages.js';
import type { Config } from '../../config.js';
import { LINKEDIN_NOT_CONFIGURED, isLinkedInConfigured } from './configured.js';
import { SocialSignInError, providerRejected, providerUnavailable } from './errors.js';
import { profileFromUserinfo, type SocialProfile } from './profile.js';
import { asRecord, callProvider, oauthErrorReason } from './provider-http.js';

export { LINKEDIN_NOT_CONFIGURED, isLinkedInConfigured };
export const LINKEDIN_CALLBACK_PATH = '/linkedin-callback';

type LinkedInConfig = Pick<
  Config,
  'publicUrl' | 'linkedinClientId' | 'linkedinClientSecret' | 'linkedinTokenUrl' | 'linkedinUserinfoUrl'
>;

/** The LinkedIn flow uses one fixed redirect address, the web app's callback page (docs/behaviour.md#linkedin-callback). */
export function linkedinRedirectUri(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl}${LINKEDIN_CALLBACK_PATH}`;
}

/**
 * The authorization-code flow's back half (OpenID Connect "Sign In with LinkedIn"): the code is
 * exchanged for an access token with the client secret, which never leaves the server, and the
 * token reads the person's profile from userinfo.
 */
export async function linkedinProfile(
  config: LinkedInConfig,
  request: { code: string; redirectUri: string },
): Promise<SocialProfile> {
  const { linkedinClientId: clientId, linkedinClientSecret: clientSecret } = config;
  if (clientId === null || clientSecret === null) {
    throw new SocialSignInError(503, LINKEDIN_NOT_CONFIGURED, 'not_configured');
  }
  const expected = linkedinRedirectUri(config);
  if (request.redirectUri !== expected) {
    // LinkedIn would refuse it too; saying so here names the real problem (a misconfigured PUBLIC_URL or client).
    throw new SocialSignInError(
      400,
      { id: msg('redirect_uri must be {expected}.'), values: { expected } },
      'invalid_redirect_uri',
    );
  }

  const token = await callProvider('LinkedIn', config.linkedinTokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: request.code,
      redirect_uri: request.redirectUri,
      client_id: clientId,
      client_secret: clientSecret,
    }),
  });
  if (token.status >= 400) {
    throw providerRejected('LinkedIn', 'authorization code', oauthErrorReason(token.json), 'invalid_grant');
  }
  const accessToken = asRecord(token.json).access_token;
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw providerUnavailable('LinkedIn', 'noAccessToken');
  }

  const userinfo = await callProvider('LinkedIn', config.linkedinUserinfoUrl, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  if (userinfo.status >= 400) {
    throw providerUnavailable('LinkedIn', 'profileStatus', userinfo.status);
  }
  return profileFromUserinfo('LinkedIn', userinfo.json);
}
