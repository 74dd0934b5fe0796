import { createRoute } from '@tanstack/react-router';
import { authenticatedRoute } from './authenticated';

export const cvManagementRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/cv-management',
}).lazy(() => import('./cv-management-page').then((page) => page.Route));
