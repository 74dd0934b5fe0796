import { createRoute } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { FullPageSpinner } from '../ui/full-page-spinner';
import { authenticatedRoute } from './authenticated';

// The builder (sections, widgets, rich text editor, preview) is its own chunk: nobody signing in pays for it.
const BuilderPage = lazy(() => import('../ui/builder/builder-page'));

/** /dashboard/$id: `id` is a template id or a generated CV id (spec §2 CV builder). */
export const dashboardRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/dashboard/$id',
  component: DashboardPage,
});

function DashboardPage() {
  const { id } = dashboardRoute.useParams();
  return (
    <Suspense fallback={<FullPageSpinner text="Loading CV template..." />}>
      {/* Another id is another CV: a fresh builder, not the previous one's state. */}
      <BuilderPage key={id} routeId={id} />
    </Suspense>
  );
}
