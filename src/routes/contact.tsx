import { createRoute } from '@tanstack/react-router';
import { loadAppMessages } from '../i18n/choice';
import { rootRoute } from './root';

/** /contact: the confirm page's 'Contact Support' link goes here; open to everyone. */
export const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/contact',
  // Its words are in the catalogue's 'app' part (src/i18n/load.ts); English when it cannot load.
  loader: () => loadAppMessages().catch(() => undefined),
}).lazy(() => import('./contact-page').then((page) => page.Route));
