import { Outlet, createLazyRoute, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { AppShell } from '../ui/app-shell';

export const Route = createLazyRoute('/_authenticated')({ component: AuthenticatedLayout });

function AuthenticatedLayout() {
  const { session } = Route.useRouteContext();
  const navigate = useNavigate();
  const sessionLost = useSelector(session, (state) => state.matches('anonymous'));

  // A session that ends while a guarded page is open (expired, logged out elsewhere) leaves the page.
  useEffect(() => {
    if (sessionLost) void navigate({ to: '/signin' });
  }, [sessionLost, navigate]);

  return (
    <AppShell session={session}>
      <Outlet />
    </AppShell>
  );
}
