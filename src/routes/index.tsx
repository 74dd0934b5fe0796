import { createRoute, redirect } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { inspectOptions } from '../machines/inspect';
import { readStoredUserId } from '../machines/storage';
import { templatesListMachine } from '../machines/templates-list-machine';
import { TemplatesScreen } from '../ui/templates/templates-screen';
import { authenticatedRoute } from './authenticated';

export const indexRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/',
  // spec §2 Templates screen: "If no user id is stored locally, the user is sent to /signin" (the layout
  // checks the session; this also covers an id removed in another tab while the session lives on).
  beforeLoad: () => {
    if (readStoredUserId() === null) throw redirect({ to: '/signin' });
  },
  component: TemplatesPage,
});

function TemplatesPage() {
  const actor = useActorRef(templatesListMachine, inspectOptions);
  return <TemplatesScreen actor={actor} />;
}
