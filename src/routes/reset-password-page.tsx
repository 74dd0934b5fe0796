import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import {
  confirmPasswordReset,
  type PasswordResetConfirmPayload,
  type PasswordResetConfirmResponse,
} from '../api/auth';
import { apiClient } from '../api/client';
import { inspectOptions } from '../machines/inspect';
import { resetPasswordMachine } from '../machines/reset-password-machine';
import { ResetPasswordView } from '../ui/auth/reset-password-view';
import { useFlowEffects } from './auth-flow-effects';

export const Route = createLazyRoute('/reset-password')({ component: ResetPasswordPage });

function ResetPasswordPage() {
  const { session } = Route.useRouteContext();
  const { token, uid } = Route.useSearch();
  const effects = useFlowEffects();
  const [logic] = useState(() =>
    resetPasswordMachine.provide({
      actors: {
        confirmPasswordReset: fromPromise<PasswordResetConfirmResponse, PasswordResetConfirmPayload>(
          ({ input }) => confirmPasswordReset(apiClient, input),
        ),
      },
      actions: { redirect: effects.redirect },
    }),
  );
  const actor = useActorRef(logic, { input: { session, token, uid }, ...inspectOptions });
  const snapshot = useSelector(actor, (state) => state);
  return <ResetPasswordView snapshot={snapshot} send={actor.send} />;
}
