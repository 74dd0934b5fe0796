import { createRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { rootRoute } from './root';

export const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
  component: () => <Placeholder title="Create an Account" />,
});
