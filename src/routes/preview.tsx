import { createRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { rootRoute } from './root';

export const previewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/preview',
  component: () => <Placeholder title="Preview" />,
});
