import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { inspectOptions } from '../machines/inspect';
import { signUpMachine } from '../machines/auth/sign-up-machine';
import { SignUpView } from '../ui/auth/sign-up-view';
import { browserLanguages, browserRegion } from '../config/locale';
import { signUpPhoneCountry } from '../ui/phone-field';
import { useFlowEffects } from './auth-flow-effects';

// Its own chunk: the phone input and its country data are only fetched by someone signing up.
export const Route = createLazyRoute('/signup')({ component: SignUpPage });

function SignUpPage() {
  const effects = useFlowEffects();
  const [logic] = useState(() => signUpMachine.provide({ actions: effects }));
  const actor = useActorRef(logic, inspectOptions);
  const snapshot = useSelector(actor, (state) => state);
  const [phoneCountry] = useState(() => signUpPhoneCountry(browserRegion(browserLanguages())));
  return <SignUpView snapshot={snapshot} send={actor.send} phoneCountry={phoneCountry} />;
}
