import { createRoute, redirect, type AnyRouter } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import {
  SESSION_SETTLED_TAG,
  isAuthenticated,
  type SessionActor,
  type SessionSnapshot,
} from '../machines/auth/session-machine';
import { loadAppMessages } from '../i18n/choice';
import { useT } from '../i18n/i18n';
import { FullPageSpinner } from '../ui/full-page-spinner';
import { rootRoute } from './root';

/** Anyone not signed in goes to /signin, and signing in brings them to the page they asked for. */
function requireAuthenticated(snapshot: SessionSnapshot, returnTo: string): void {
  if (isAuthenticated(snapshot)) return;
  throw redirect({ to: '/signin', search: returnTo === '/' ? {} : { redirect: returnTo } });
}

/**
 * /signin and /signup for someone already signed in: straight on to where they were going, as soon as
 * the session has settled (a stored session is checked first).
 */
export function skipWhenSignedIn(session: SessionActor, returnTo = '/'): void | Promise<void> {
  const leave = (snapshot: SessionSnapshot) => {
    if (isAuthenticated(snapshot)) throw redirect({ href: returnTo, replace: true });
  };
  const snapshot = session.getSnapshot();
  if (snapshot.hasTag(SESSION_SETTLED_TAG)) return leave(snapshot);
  return waitFor(session, (state) => state.hasTag(SESSION_SETTLED_TAG)).then(leave);
}

/**
 * docs/behaviour.md#screens-and-routes: pages that need a session wait for validation, then redirect to /signin.
 * Synchronous when the session has already settled, so moving between signed-in pages never
 * flashes the pending screen.
 */
export function guardSession(session: SessionActor, returnTo = '/'): void | Promise<void> {
  const snapshot = session.getSnapshot();
  if (snapshot.hasTag(SESSION_SETTLED_TAG)) return requireAuthenticated(snapshot, returnTo);
  return waitFor(session, (state) => state.hasTag(SESSION_SETTLED_TAG)).then((state) =>
    requireAuthenticated(state, returnTo),
  );
}

/**
 * The session machine's `redirectToSignIn`, given the router (main.tsx): a page that needs a session leaves for
 * /signin when the session ends, with `?redirect=` back to it when the server ended it, plain after
 * signing out. Pages that need no session stay (an account link's page says what happened); while a page is
 * still loading its guard decides.
 */
export function leaveSignedInPage(router: AnyRouter, { returnHere }: { returnHere: boolean }): void {
  const { status, matches, location } = router.state;
  if (status !== 'idle' || !matches.some((match) => match.routeId === authenticatedRoute.id)) return;
  void router.navigate({ to: '/signin', search: returnHere ? { redirect: location.href } : {} });
}

/** What shows while the session is validated. */
function ValidatingSession() {
  const { t } = useT();
  return <FullPageSpinner text={t('Validating session...')} />;
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
  // The pages behind sign-in speak the whole catalogue: its 'app' part loads while the session settles.
  beforeLoad: async ({ context, location }) => {
    // A catalogue that fails to load leaves the page in English, never unusable.
    const messages = loadAppMessages().catch(() => undefined);
    await guardSession(context.session, location.href);
    await messages;
  },
  pendingComponent: ValidatingSession,
  pendingMs: 0,
  pendingMinMs: 0,
}).lazy(() => import('./authenticated-layout').then((layout) => layout.Route));
