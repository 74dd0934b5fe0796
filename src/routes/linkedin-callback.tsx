import { createRoute } from '@tanstack/react-router';
import { SearchText, searchValidator } from './search';
import { rootRoute } from './root';

export const linkedinCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/linkedin-callback',
  validateSearch: searchValidator({
    code: SearchText,
    error: SearchText,
    error_description: SearchText,
    state: SearchText,
  }),
}).lazy(() => import('./linkedin-callback-page').then((page) => page.Route));
