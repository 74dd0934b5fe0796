import { createRoute } from '@tanstack/react-router';
import { useRouterState } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, lazy, useState } from 'react';
import { inspectOptions } from '../machines/inspect';
import { signInMachine } from '../machines/auth/sign-in-machine';
import { SignInOptionsPlaceholder, SignInView } from '../ui/auth/sign-in-view';
import { useFlowEffects } from './auth-flow-effects';
import { skipWhenSignedIn } from './authenticated';
import { rootRoute } from './root';
import { safeReturnPath, validateSignInSearch } from './return-path';

// Google and LinkedIn (their machines, buttons and API calls) come in a chunk of their own; their room is kept
// meanwhile. While the social configuration loads, the buttons show disabled.
const SocialSignInOptions = lazy(() =>
  import('./social-sign-in-options').then((module) => ({ default: module.SocialSignInOptions })),
);

// The passkey option too (its machine, and the WebAuthn library after it, on first use).
const PasskeySignInOption = lazy(() =>
  import('./passkey-sign-in-option').then((module) => ({ default: module.PasskeySignInOption })),
);

export const signinRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signin',
  validateSearch: validateSignInSearch,
  // Checked again here: the router may hand beforeLoad the address's own value, not only the validated one.
  beforeLoad: ({ context, search }) => skipWhenSignedIn(context.session, safeReturnPath(search.redirect)),
  component: SignInPage,
});

// A Google sign-in on this page that needs the code comes back with `step=code`: a fresh flow at its second step.
function SignInPage() {
  const { step } = signinRoute.useSearch();
  return <SignInFlow key={step ?? 'password'} awaitingCode={step === 'code'} />;
}

function SignInFlow({ awaitingCode }: { awaitingCode: boolean }) {
  const { session } = signinRoute.useRouteContext();
  const effects = useFlowEffects();
  const [logic] = useState(() => signInMachine.provide({ actions: effects }));
  // Just signed up: the address the confirmation link went to (in the history entry, so a reload keeps it).
  const confirmationSentTo = useRouterState({ select: (state) => state.location.state.confirmationSentTo });
  const actor = useActorRef(logic, {
    input: { session, awaitingCode, ...(confirmationSentTo ? { confirmationSentTo } : {}) },
    ...inspectOptions,
  });
  const snapshot = useSelector(actor, (state) => state);
  return (
    <SignInView
      snapshot={snapshot}
      send={actor.send}
      passkey={
        <Suspense fallback={<SignInOptionsPlaceholder options="passkey" />}>
          <PasskeySignInOption session={session} />
        </Suspense>
      }
      social={
        <Suspense fallback={<SignInOptionsPlaceholder options="social" />}>
          <SocialSignInOptions session={session} />
        </Suspense>
      }
    />
  );
}
