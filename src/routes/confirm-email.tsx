import { createRoute } from '@tanstack/react-router';
import { SearchText, searchValidator } from './search';
import { rootRoute } from './root';

export const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirm-email',
  validateSearch: searchValidator({ uid: SearchText, token: SearchText }),
}).lazy(() => import('./confirm-email-page').then((page) => page.Route));
