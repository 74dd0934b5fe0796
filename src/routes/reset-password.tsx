import { createRoute } from '@tanstack/react-router';
import { SearchText, searchValidator } from './search';
import { rootRoute } from './root';

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: searchValidator({ token: SearchText, uid: SearchText }),
}).lazy(() => import('./reset-password-page').then((page) => page.Route));
