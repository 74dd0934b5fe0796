import { Outlet, createLazyRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { inspectOptions } from '../machines/inspect';
import { readSidebarCookie, sidebarMachine } from '../machines/sidebar-machine';
import { AppShell } from '../ui/app-shell';
import { useIsMobile } from '../ui/use-is-mobile';

export const Route = createLazyRoute('/_authenticated')({ component: AuthenticatedLayout });

// A session that ends while a page of this layout is open leaves the page: the session machine says so
// (`redirectToSignIn`, given the router in main.tsx through ./authenticated.tsx).
function AuthenticatedLayout() {
  const { session } = Route.useRouteContext();
  const isMobile = useIsMobile();
  const sidebar = useActorRef(sidebarMachine, {
    input: { expanded: readSidebarCookie(), isMobile },
    ...inspectOptions,
  });
  return (
    <AppShell session={session} sidebar={sidebar}>
      <Outlet />
    </AppShell>
  );
}
