import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root';

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
}).lazy(() => import('./forgot-password-page').then((page) => page.Route));
