import { createRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { authenticatedRoute } from './authenticated';

export const profileRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/profile',
  component: () => <Placeholder title="Profile" />,
});
