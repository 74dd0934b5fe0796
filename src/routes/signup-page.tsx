import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { register, type RegistrationPayload } from '../api/auth';
import { apiClient } from '../api/client';
import { inspectOptions } from '../machines/inspect';
import { signUpMachine } from '../machines/sign-up-machine';
import { SignUpView } from '../ui/auth/sign-up-view';
import { useFlowEffects } from './auth-flow-effects';

// Its own chunk: the phone input and its country data are only fetched by someone signing up.
export const Route = createLazyRoute('/signup')({ component: SignUpPage });

function SignUpPage() {
  const effects = useFlowEffects();
  const [logic] = useState(() =>
    signUpMachine.provide({
      actors: { register: fromPromise<void, RegistrationPayload>(({ input }) => register(apiClient, input)) },
      actions: effects,
    }),
  );
  const actor = useActorRef(logic, inspectOptions);
  const snapshot = useSelector(actor, (state) => state);
  return <SignUpView snapshot={snapshot} send={actor.send} />;
}
