import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { SessionRef } from '../machines/auth/auth-flow';
import { inspectOptions } from '../machines/inspect';
import { passkeySignInMachine } from '../machines/auth/passkey-sign-in-machine';
import { PasskeySignInOption as PasskeySignInOptionView } from '../ui/auth/passkey-sign-in-option';
import { useFlowEffects } from './auth-flow-effects';

/** 'Sign in with a passkey' on the sign-in screen, given the toaster and the router. */
export function PasskeySignInOption({ session }: { session: SessionRef }) {
  const effects = useFlowEffects();
  const [logic] = useState(() => passkeySignInMachine.provide({ actions: effects }));
  const actor = useActorRef(logic, { input: { session }, ...inspectOptions });
  const snapshot = useSelector(actor, (state) => state);
  return <PasskeySignInOptionView snapshot={snapshot} send={actor.send} />;
}
