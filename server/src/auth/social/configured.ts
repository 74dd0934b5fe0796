import { msg } from '../../../../rules/languages.js';
import type { Config } from '../../config.js';

/*
 * Whether each sign-in provider is configured, and what is said when one is not. Kept apart from the providers' code
 * (google.ts, linkedin.ts re-export these) so that the start-up lines can be written without loading it: a cluster's
 * primary prints them and serves no sign-in (server/src/cluster/primary.ts).
 */

export const GOOGLE_NOT_CONFIGURED = msg('Google sign-in is not configured on this server.');
export const LINKEDIN_NOT_CONFIGURED = msg('LinkedIn sign-in is not configured on this server.');

export function isLinkedInConfigured(
  config: Pick<Config, 'linkedinClientId' | 'linkedinClientSecret'>,
): boolean {
  return config.linkedinClientId !== null && config.linkedinClientSecret !== null;
}
