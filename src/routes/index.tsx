import { createRoute, redirect } from '@tanstack/react-router';
import { hasUserId } from '../machines/auth/session-machine';
import { authenticatedRoute } from './authenticated';
import { PageNumber, SearchText, searchValidator } from './search';

/** The templates screen's view in the address: `?category=…&page=…`, so Back returns to the same filter. */
export const validateTemplatesSearch = searchValidator({ category: SearchText, page: PageNumber });

export const indexRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/',
  validateSearch: validateTemplatesSearch,
  // docs/behaviour.md#session: without a user id the person is sent to /signin. The session keeps
  // that id (and the layout has already waited for it to settle).
  beforeLoad: ({ context }) => {
    if (!hasUserId(context.session.getSnapshot())) throw redirect({ to: '/signin' });
  },
}).lazy(() => import('./templates-page').then((page) => page.Route));
