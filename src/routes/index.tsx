import { createRoute, redirect } from '@tanstack/react-router';
import { readStoredUserId } from '../machines/storage';
import { authenticatedRoute } from './authenticated';

export const indexRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/',
  // spec §2 Templates screen: "If no user id is stored locally, the user is sent to /signin" (the layout
  // checks the session; this also covers an id removed in another tab while the session lives on).
  beforeLoad: () => {
    if (readStoredUserId() === null) throw redirect({ to: '/signin' });
  },
}).lazy(() => import('./templates-page').then((page) => page.Route));
