import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { confirmEmail, resendConfirmation, type EmailConfirmationLink } from '../api/auth';
import { apiClient } from '../api/client';
import { confirmEmailMachine } from '../machines/confirm-email-machine';
import { inspectOptions } from '../machines/inspect';
import { ConfirmEmailView } from '../ui/auth/confirm-email-view';
import { useFlowEffects } from './auth-flow-effects';

export const Route = createLazyRoute('/confirm-email')({ component: ConfirmEmailPage });

// A confirmation link can be used once. React's development double mount restarts the machine, which would
// spend the link twice and report the second, refused, attempt: one request per link and page load.
const confirmations = new Map<string, Promise<void>>();

function confirmOnce(link: EmailConfirmationLink): Promise<void> {
  const key = `${link.uid}\n${link.token}`;
  let pending = confirmations.get(key);
  if (!pending) {
    pending = confirmEmail(apiClient, link);
    confirmations.set(key, pending);
    // A failed attempt may be retried by opening the link again.
    pending.catch(() => confirmations.delete(key));
  }
  return pending;
}

function ConfirmEmailPage() {
  const { uid, token } = Route.useSearch();
  const effects = useFlowEffects();
  const [logic] = useState(() =>
    confirmEmailMachine.provide({
      actors: {
        confirmEmail: fromPromise<void, EmailConfirmationLink>(({ input }) => confirmOnce(input)),
        resendConfirmation: fromPromise<void, { email: string }>(({ input }) => resendConfirmation(apiClient, input)),
      },
      actions: { redirect: effects.redirect },
    }),
  );
  const actor = useActorRef(logic, { input: { uid, token }, ...inspectOptions });
  const snapshot = useSelector(actor, (state) => state);
  return <ConfirmEmailView snapshot={snapshot} send={actor.send} />;
}
