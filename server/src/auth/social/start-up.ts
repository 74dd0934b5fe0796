import type { Config } from '../../config.js';
import { GOOGLE_NOT_CONFIGURED, LINKEDIN_NOT_CONFIGURED, isLinkedInConfigured } from './configured.js';

/**
 * What the server's start-up output says about each sign-in provider. The sign-in screen hides a provider the
 * server has no client for (a person cannot fix an operator's configuration), so this is where an operator reads it.
 */
export function socialSignInStatus(
  config: Pick<Config, 'googleClientId' | 'linkedinClientId' | 'linkedinClientSecret'>,
): string[] {
  return [
    `  google:   ${config.googleClientId === null ? `${GOOGLE_NOT_CONFIGURED} Set GOOGLE_CLIENT_ID to offer it.` : 'configured'}`,
    `  linkedin: ${
      isLinkedInConfigured(config)
        ? 'configured'
        : `${LINKEDIN_NOT_CONFIGURED} Set LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET to offer it.`
    }`,
  ];
}
