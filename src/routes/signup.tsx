import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root';

export const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
}).lazy(() => import('./signup-page').then((page) => page.Route));
