import { createRoute } from '@tanstack/react-router';
import { skipWhenSignedIn } from './authenticated';
import { rootRoute } from './root';

export const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
  beforeLoad: ({ context }) => skipWhenSignedIn(context.session),
}).lazy(() => import('./signup-page').then((page) => page.Route));
