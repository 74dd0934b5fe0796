import { createRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { authenticatedRoute } from './authenticated';

export const indexRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/',
  component: () => <Placeholder title="Available CV Templates" />,
});
