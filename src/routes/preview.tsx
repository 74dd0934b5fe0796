import { createRoute } from '@tanstack/react-router';
import { loadAppMessages } from '../i18n/choice';
import { rootRoute } from './root';

export const previewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/preview',
  // Its words are in the catalogue's 'app' part (src/i18n/load.ts); English when it cannot load.
  loader: () => loadAppMessages().catch(() => undefined),
}).lazy(() => import('./preview-page').then((page) => page.Route));
