import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { readLinkedInAuthorization } from '../account/linkedin-authorization';
import { inspectOptions } from '../machines/inspect';
import { linkedinCallbackMachine } from '../machines/auth/linkedin-callback-machine';
import { LinkedInCallbackView } from '../ui/auth/social/linkedin-callback-view';
import { useFlowEffects } from './auth-flow-effects';

export const Route = createLazyRoute('/linkedin-callback')({ component: LinkedInCallbackPage });

function LinkedInCallbackPage() {
  const { session } = Route.useRouteContext();
  const search = Route.useSearch();
  const effects = useFlowEffects();
  const [logic] = useState(() => linkedinCallbackMachine.provide({ actions: effects }));
  // Read once: the machine forgets the stored state as it starts, so a reload cannot replay it.
  const [authorization] = useState(readLinkedInAuthorization);
  useActorRef(logic, {
    input: {
      session,
      code: search.code,
      error: search.error,
      errorDescription: search.error_description,
      state: search.state,
      authorization,
    },
    ...inspectOptions,
  });
  return <LinkedInCallbackView />;
}
