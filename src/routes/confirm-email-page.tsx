import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { confirmEmailMachine } from '../machines/auth/confirm-email-machine';
import { inspectOptions } from '../machines/inspect';
import { ConfirmEmailView } from '../ui/auth/confirm-email-view';
import { useFlowEffects } from './auth-flow-effects';

export const Route = createLazyRoute('/confirm-email')({ component: ConfirmEmailPage });

function ConfirmEmailPage() {
  const { uid, token } = Route.useSearch();
  const effects = useFlowEffects();
  const [logic] = useState(() => confirmEmailMachine.provide({ actions: { redirect: effects.redirect } }));
  const actor = useActorRef(logic, { input: { uid, token }, ...inspectOptions });
  const snapshot = useSelector(actor, (state) => state);
  return <ConfirmEmailView snapshot={snapshot} send={actor.send} />;
}
