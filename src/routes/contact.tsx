import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root';

/** /contact: the confirm page's 'Contact Support' link goes here; open to everyone. */
export const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/contact',
}).lazy(() => import('./contact-page').then((page) => page.Route));
