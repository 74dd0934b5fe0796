import { createLazyRoute, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { accountLinkMachine, type AccountLinkAction } from '../machines/profile/account-link-machine';
import { inspectOptions } from '../machines/inspect';
import { AccountLinkView } from '../ui/auth/account-link-view';
import { useFlowEffects } from './auth-flow-effects';
import { rootRoute } from './root';

function AccountLinkPage({ action }: { action: AccountLinkAction }) {
  const { session } = rootRoute.useRouteContext();
  const { uid, token }: { uid?: string; token?: string } = useSearch({ strict: false });
  const effects = useFlowEffects();
  const [logic] = useState(() => accountLinkMachine.provide({ actions: { redirect: effects.redirect } }));
  const actor = useActorRef(logic, { input: { action, uid, token, session }, ...inspectOptions });
  const snapshot = useSelector(actor, (state) => state);
  return <AccountLinkView snapshot={snapshot} send={actor.send} />;
}

export const confirmEmailChangePage = createLazyRoute('/confirm-email-change')({
  component: () => <AccountLinkPage action="confirm-email-change" />,
});
export const approveEmailChangePage = createLazyRoute('/approve-email-change')({
  component: () => <AccountLinkPage action="approve-email-change" />,
});
export const cancelEmailChangePage = createLazyRoute('/cancel-email-change')({
  component: () => <AccountLinkPage action="cancel-email-change" />,
});
export const deleteAccountPage = createLazyRoute('/delete-account')({
  component: () => <AccountLinkPage action="delete-account" />,
});
export const unlockAccountPage = createLazyRoute('/unlock-account')({
  component: () => <AccountLinkPage action="unlock-account" />,
});
