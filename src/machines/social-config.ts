import { fromPromise } from 'xstate';
import { apiClient } from '../api/client';
import { getSocialConfig, type SocialConfig } from '../api/social';

// The Google and LinkedIn options of the sign-in screen start together and both read the same public
// configuration: they share the request under way, so one visit of the screen makes one request.
let pending: Promise<SocialConfig> | undefined;

/** GET /auth/social/config/, shared by the options that start while it is under way. */
export const loadSocialConfig = fromPromise<SocialConfig>(() => {
  pending ??= getSocialConfig(apiClient).finally(() => {
    pending = undefined;
  });
  return pending;
});
