import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { SessionRef } from '../machines/auth/auth-flow';
import { googleSignInMachine } from '../machines/auth/google-sign-in-machine';
import { inspectOptions } from '../machines/inspect';
import { linkedinSignInMachine } from '../machines/auth/linkedin-sign-in-machine';
import { SocialSignInOptions as SocialSignInOptionsView } from '../ui/auth/social/social-sign-in-options';
import { useFlowEffects } from './auth-flow-effects';

/** The Google and LinkedIn options of the sign-in screen, given the toaster and the router. */
export function SocialSignInOptions({ session }: { session: SessionRef }) {
  const effects = useFlowEffects();
  const [google] = useState(() => googleSignInMachine.provide({ actions: effects }));
  const googleActor = useActorRef(google, { input: { session }, ...inspectOptions });
  const linkedinActor = useActorRef(linkedinSignInMachine, inspectOptions);
  const googleSnapshot = useSelector(googleActor, (state) => state);
  const linkedinSnapshot = useSelector(linkedinActor, (state) => state);
  return (
    <SocialSignInOptionsView
      google={{ snapshot: googleSnapshot, send: googleActor.send }}
      linkedin={{ snapshot: linkedinSnapshot, send: linkedinActor.send }}
    />
  );
}
