import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { forgotPasswordMachine } from '../machines/auth/forgot-password-machine';
import { inspectOptions } from '../machines/inspect';
import { ForgotPasswordView } from '../ui/auth/forgot-password-view';

export const Route = createLazyRoute('/forgot-password')({ component: ForgotPasswordPage });

function ForgotPasswordPage() {
  const actor = useActorRef(forgotPasswordMachine, inspectOptions);
  const snapshot = useSelector(actor, (state) => state);
  return <ForgotPasswordView snapshot={snapshot} send={actor.send} />;
}
