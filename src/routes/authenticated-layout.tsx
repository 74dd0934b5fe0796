import { Outlet, createLazyRoute, useNavigate, useRouterState } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { inspectOptions } from '../machines/inspect';
import { readSidebarCookie, sidebarMachine } from '../machines/sidebar-machine';
import { AppShell } from '../ui/app-shell';
import { useIsMobile } from '../ui/use-is-mobile';

export const Route = createLazyRoute('/_authenticated')({ component: AuthenticatedLayout });

function AuthenticatedLayout() {
  const { session } = Route.useRouteContext();
  const isMobile = useIsMobile();
  const sidebar = useActorRef(sidebarMachine, { input: { expanded: readSidebarCookie(), isMobile }, ...inspectOptions });
  const navigate = useNavigate();
  const sessionLost = useSelector(session, (state) => state.matches('anonymous'));
  const sessionEnded = useSelector(session, (state) => state.context.ended === true);
  const here = useRouterState({ select: (state) => state.location.href });

  // A session that ends while a guarded page is open leaves the page: signing out goes to plain /signin; a
  // session the server ended (a 401) goes to /signin?redirect=<this page>, so sign-in brings the person back.
  useEffect(() => {
    if (!sessionLost) return;
    void navigate({ to: '/signin', search: sessionEnded ? { redirect: here } : {} });
    // `here` is read when the session is lost, not followed afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionLost, sessionEnded, navigate]);

  return (
    <AppShell session={session} sidebar={sidebar}>
      <Outlet />
    </AppShell>
  );
}
