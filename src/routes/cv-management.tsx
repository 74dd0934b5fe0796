import { createRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { authenticatedRoute } from './authenticated';

export const cvManagementRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/cv-management',
  component: () => <Placeholder title="CV Management" />,
});
