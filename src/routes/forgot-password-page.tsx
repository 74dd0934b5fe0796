import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { requestPasswordReset } from '../api/auth';
import { apiClient } from '../api/client';
import { forgotPasswordMachine } from '../machines/forgot-password-machine';
import { inspectOptions } from '../machines/inspect';
import { ForgotPasswordView } from '../ui/auth/forgot-password-view';

export const Route = createLazyRoute('/forgot-password')({ component: ForgotPasswordPage });

const forgotPasswordLogic = forgotPasswordMachine.provide({
  actors: {
    requestPasswordReset: fromPromise<void, { email: string }>(({ input }) =>
      requestPasswordReset(apiClient, input),
    ),
  },
});

function ForgotPasswordPage() {
  const actor = useActorRef(forgotPasswordLogic, inspectOptions);
  const snapshot = useSelector(actor, (state) => state);
  return <ForgotPasswordView snapshot={snapshot} send={actor.send} />;
}
