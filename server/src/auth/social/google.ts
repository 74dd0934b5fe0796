import { msg } from '../../../../rules/languages.js';
import type { Config } from '../../config.js';
import { GOOGLE_NOT_CONFIGURED } from './configured.js';
import { SocialSignInError, providerRejected, providerUnavailable } from './errors.js';
import { profileFromUserinfo, type SocialProfile } from './profile.js';
import { asRecord, callProvider, oauthErrorReason } from './provider-http.js';

export { GOOGLE_NOT_CONFIGURED };

type GoogleConfig = Pick<Config, 'googleClientId' | 'googleTokeninfoUrl' | 'googleUserinfoUrl'>;

/**
 * Checks a Google access token from the web app's token client and reads the person behind it.
 *
 * First the token's audience: userinfo answers for a token issued to ANY application, so without
 * this check a site the person once signed in to with Google could replay their token here and
 * sign in as them. Then the profile, from the OpenID Connect userinfo endpoint.
 */
export async function googleProfile(config: GoogleConfig, accessToken: string): Promise<SocialProfile> {
  const clientId = config.googleClientId;
  if (clientId === null) throw new SocialSignInError(503, GOOGLE_NOT_CONFIGURED, 'not_configured');

  const tokeninfoUrl = new URL(config.googleTokeninfoUrl);
  tokeninfoUrl.searchParams.set('access_token', accessToken);
  const tokeninfo = await callProvider('Google', tokeninfoUrl);
  if (tokeninfo.status >= 400) {
    throw providerRejected('Google', 'access token', oauthErrorReason(tokeninfo.json), 'invalid_token');
  }
  const info = asRecord(tokeninfo.json);
  if (info.aud !== clientId && info.azp !== clientId) {
    throw new SocialSignInError(
      400,
      {
        id: msg(
          '{provider} did not accept the access token (it was issued to another application). Please sign in again.',
        ),
        values: { provider: 'Google' },
      },
      'invalid_audience',
    );
  }

  const userinfo = await callProvider('Google', config.googleUserinfoUrl, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  if (userinfo.status === 401 || userinfo.status === 403) {
    throw providerRejected('Google', 'access token', oauthErrorReason(userinfo.json), 'invalid_token');
  }
  if (userinfo.status >= 400) throw providerUnavailable('Google', 'profileStatus', userinfo.status);
  return profileFromUserinfo('Google', userinfo.json);
}
