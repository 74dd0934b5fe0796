import { createRoute, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { SESSION_SETTLED_TAG, isAuthenticated, type SessionActor, type SessionSnapshot } from '../machines/session-machine';
import { FullPageSpinner } from '../ui/full-page-spinner';
import { rootRoute } from './root';

function requireAuthenticated(snapshot: SessionSnapshot): void {
  if (!isAuthenticated(snapshot)) throw redirect({ to: '/signin' });
}

/**
 * Spec §4: pages that need a session wait for validation, then redirect to /signin.
 * Synchronous when the session has already settled, so moving between signed-in pages never
 * flashes the pending screen.
 */
export function guardSession(session: SessionActor): void | Promise<void> {
  const snapshot = session.getSnapshot();
  if (snapshot.hasTag(SESSION_SETTLED_TAG)) return requireAuthenticated(snapshot);
  return waitFor(session, (state) => state.hasTag(SESSION_SETTLED_TAG)).then(requireAuthenticated);
}

/**
 * Pathless layout guarding every page that needs a session (/, /profile, /cv-management,
 * /dashboard/$id): it waits for the session to settle, then sends anyone not authenticated to /signin.
 * The guard and the pending screen are here; the shell (sidebar, drawer, menus) is fetched with the
 * first signed-in page.
 */
export const authenticatedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_authenticated',
  beforeLoad: ({ context }) => guardSession(context.session),
  pendingComponent: () => <FullPageSpinner text="Validating session..." />,
  pendingMs: 0,
  pendingMinMs: 0,
}).lazy(() => import('./authenticated-layout').then((layout) => layout.Route));
