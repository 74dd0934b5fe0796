import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { FlowDestination, Notice } from '../machines/auth-flow';
import { showToast } from '../ui/toaster';

/**
 * The side effects the account machines name but do not implement: a toast and a move to another page.
 * Routes hand these to `machine.provide({ actions })`.
 */
export function useFlowEffects() {
  const navigate = useNavigate();
  return useMemo(
    () => ({
      notify: (_: unknown, notice: Notice) => {
        showToast(notice);
      },
      redirect: (_: unknown, params: { to: FlowDestination }) => {
        void navigate({ to: params.to });
      },
    }),
    [navigate],
  );
}
