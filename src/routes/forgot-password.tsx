import { createRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { rootRoute } from './root';

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: () => <Placeholder title="Forgot Password" />,
});
