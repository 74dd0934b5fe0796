import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { inspectOptions } from '../machines/inspect';
import { resetPasswordMachine } from '../machines/auth/reset-password-machine';
import { ResetPasswordView } from '../ui/auth/reset-password-view';
import { useFlowEffects } from './auth-flow-effects';

export const Route = createLazyRoute('/reset-password')({ component: ResetPasswordPage });

function ResetPasswordPage() {
  const { session } = Route.useRouteContext();
  const { token, uid } = Route.useSearch();
  const effects = useFlowEffects();
  const [logic] = useState(() => resetPasswordMachine.provide({ actions: effects }));
  const actor = useActorRef(logic, { input: { session, token, uid }, ...inspectOptions });
  const snapshot = useSelector(actor, (state) => state);
  return <ResetPasswordView snapshot={snapshot} send={actor.send} />;
}
