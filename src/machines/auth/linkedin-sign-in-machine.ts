import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { beginLinkedInAuthorization } from '../../account/linkedin-authorization';
import type { SocialConfig } from '../../api/social';
import { BUSY_TAG } from './auth-flow';
import { loadSocialConfig, loadingSocialConfig } from './social-config';

// docs/behaviour.md#sign-in ('Sign in with LinkedIn'); the /linkedin-callback page is ./linkedin-callback-machine.
// Apart so the sign-in page does not load the callback's machine.

export interface LinkedInSignInContext {
  config?: SocialConfig;
}

export type LinkedInSignInEvent = { type: 'linkedin.start' };

export const linkedinSignInMachine = setup({
  types: {
    context: {} as LinkedInSignInContext,
    events: {} as LinkedInSignInEvent,
    tags: {} as typeof BUSY_TAG,
  },
  actors: {
    loadConfig: loadSocialConfig,
  },
  actions: {
    assignConfig: assign({ config: (_, params: { config: SocialConfig }) => params.config }),
    /** Remembers a fresh state for the callback and sends the browser to LinkedIn. */
    beginAuthorization: (_, params: { config: SocialConfig }) => beginLinkedInAuthorization(params.config),
  },
  guards: {
    isConfigured: (_, params: { config: SocialConfig }) => Boolean(params.config.linkedin_client_id),
  },
}).createMachine({
  id: 'linkedinSignIn',
  context: {},
  initial: 'loadingConfig',
  states: {
    loadingConfig: loadingSocialConfig('ready'),
    unavailable: {},
    ready: {
      on: { 'linkedin.start': 'redirecting' },
    },
    // The page is being replaced by LinkedIn's; nothing more happens here.
    redirecting: {
      tags: [BUSY_TAG],
      entry: { type: 'beginAuthorization', params: ({ context }) => ({ config: context.config! }) },
    },
  },
});

export type LinkedInSignInActor = ActorRefFrom<typeof linkedinSignInMachine>;
export type LinkedInSignInSnapshot = SnapshotFrom<typeof linkedinSignInMachine>;
