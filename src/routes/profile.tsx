import { createRoute } from '@tanstack/react-router';
import { authenticatedRoute } from './authenticated';

export const profileRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/profile',
}).lazy(() => import('./profile-page').then((page) => page.Route));
