import { fromPromise } from 'xstate';
import { apiClient } from '../../api/client';
import { getSocialConfig, type SocialConfig } from '../../api/social';

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

const configOf = ({ event }: { event: { output: SocialConfig } }) => ({ config: event.output });

/**
 * How each option starts: it reads the configuration, and a provider the server has a client id for goes on to
 * `next` (its machine's `isConfigured` and `assignConfig` say which provider and what it keeps). Without a client
 * id, or without an answer, the option says it is not configured rather than failing on click.
 */
export function loadingSocialConfig<const Next extends string>(next: Next) {
  return {
    invoke: {
      src: 'loadConfig',
      onDone: [
        {
          guard: { type: 'isConfigured', params: configOf },
          target: next,
          actions: { type: 'assignConfig', params: configOf },
        },
        { target: 'unavailable' },
      ],
      onError: 'unavailable',
    },
  } as const;
}
