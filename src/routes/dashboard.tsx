import { createRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { authenticatedRoute } from './authenticated';

/** /dashboard/$id: `id` is a template id or a generated CV id (spec §2 CV builder). */
export const dashboardRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/dashboard/$id',
  component: DashboardPage,
});

function DashboardPage() {
  const { id } = dashboardRoute.useParams();
  return <Placeholder title={`CV Builder (${id})`} />;
}
