import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { SECOND_STEP_DESTINATION, type FlowDestination } from '../machines/auth/auth-flow';
import { notify } from './notify';
import { safeReturnPath } from './return-path';

declare module '@tanstack/history' {
  interface HistoryState {
    /**
     * After sign-up: the address the confirmation link went to, for the sign-in page to say. In the history entry,
     * never in the address (no one's email in a URL, a log or a bookmark).
     */
    confirmationSentTo?: string;
  }
}

/**
 * The side effects the account machines name but do not implement: a toast and a move to another page.
 * Routes hand these to `machine.provide({ actions })`.
 */
export function useFlowEffects() {
  const navigate = useNavigate();
  // Signed in after the session ended elsewhere: back to the page the person was on (`/signin?redirect=…`).
  const search: { redirect?: unknown } = useSearch({ strict: false });
  const returnTo = safeReturnPath(search.redirect);
  return useMemo(
    () => ({
      notify,
      redirect: (_: unknown, params: { to: FlowDestination; confirmationSentTo?: string }) => {
        if (params.to === '/' && returnTo) void navigate({ href: returnTo });
        else if (params.to === SECOND_STEP_DESTINATION)
          void navigate({ to: '/signin', search: { step: 'code', ...(returnTo ? { redirect: returnTo } : {}) } });
        else if (params.confirmationSentTo)
          void navigate({ to: params.to, state: (state) => ({ ...state, confirmationSentTo: params.confirmationSentTo }) });
        else void navigate({ to: params.to });
      },
    }),
    [navigate, returnTo],
  );
}
