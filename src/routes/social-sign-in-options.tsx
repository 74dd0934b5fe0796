import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { LoginResponse } from '../api/auth';
import { apiClient } from '../api/client';
import {
  beginLinkedInAuthorization,
  getSocialConfig,
  googleLogin,
  loadGoogleIdentityScript,
  requestGoogleAccessToken,
  type GoogleLoginPayload,
  type SocialConfig,
} from '../api/social';
import type { SessionRef } from '../machines/auth-flow';
import { googleSignInMachine } from '../machines/google-sign-in-machine';
import { inspectOptions } from '../machines/inspect';
import { linkedinSignInMachine } from '../machines/linkedin-sign-in-machine';
import { SocialSignInOptions as SocialSignInOptionsView } from '../ui/auth/social/social-sign-in-options';
import { useFlowEffects } from './auth-flow-effects';

/** The Google and LinkedIn options of the sign-in screen, wired to the API, the browser and the router. */
export function SocialSignInOptions({ session }: { session: SessionRef }) {
  const effects = useFlowEffects();
  const [logic] = useState(() => {
    // Both options read the same public configuration: one request per visit of the screen.
    let config: Promise<SocialConfig> | undefined;
    const loadConfig = fromPromise<SocialConfig>(() => (config ??= getSocialConfig(apiClient)));
    return {
      google: googleSignInMachine.provide({
        actors: {
          loadConfig,
          loadScript: fromPromise<void, { url: string }>(({ input }) => loadGoogleIdentityScript(input.url)),
          requestAccessToken: fromPromise<string, { clientId: string }>(({ input }) =>
            requestGoogleAccessToken(input.clientId),
          ),
          login: fromPromise<LoginResponse, GoogleLoginPayload>(({ input }) => googleLogin(apiClient, input)),
        },
        actions: effects,
      }),
      linkedin: linkedinSignInMachine.provide({
        actors: { loadConfig },
        actions: { beginAuthorization: (_, params) => beginLinkedInAuthorization(params.config) },
      }),
    };
  });
  const google = useActorRef(logic.google, { input: { session }, ...inspectOptions });
  const linkedin = useActorRef(logic.linkedin, inspectOptions);
  const googleSnapshot = useSelector(google, (state) => state);
  const linkedinSnapshot = useSelector(linkedin, (state) => state);
  return (
    <SocialSignInOptionsView
      google={{ snapshot: googleSnapshot, send: google.send }}
      linkedin={{ snapshot: linkedinSnapshot, send: linkedin.send }}
    />
  );
}
