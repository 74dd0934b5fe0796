import { createRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { login, resendConfirmation, type LoginPayload, type LoginResponse } from '../api/auth';
import { apiClient } from '../api/client';
import { inspectOptions } from '../machines/inspect';
import { signInMachine } from '../machines/sign-in-machine';
import { SignInView } from '../ui/auth/sign-in-view';
import { useFlowEffects } from './auth-flow-effects';
import { rootRoute } from './root';
import { ReturnPath, searchValidator } from './search';
import { SocialSignInOptions } from './social-sign-in-options';

export const signinRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signin',
  validateSearch: searchValidator({ redirect: ReturnPath }),
  component: SignInPage,
});

function SignInPage() {
  const { session } = signinRoute.useRouteContext();
  const effects = useFlowEffects();
  const [logic] = useState(() =>
    signInMachine.provide({
      actors: {
        login: fromPromise<LoginResponse, LoginPayload>(({ input }) => login(apiClient, input)),
        resendConfirmation: fromPromise<void, { email: string }>(({ input }) =>
          resendConfirmation(apiClient, input),
        ),
      },
      actions: effects,
    }),
  );
  const actor = useActorRef(logic, { input: { session }, ...inspectOptions });
  const snapshot = useSelector(actor, (state) => state);
  return (
    <SignInView snapshot={snapshot} send={actor.send} social={<SocialSignInOptions session={session} />} />
  );
}
