import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root';

export const previewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/preview',
}).lazy(() => import('./preview-page').then((page) => page.Route));
