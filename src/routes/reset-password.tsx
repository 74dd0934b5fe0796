import { createRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { SearchText, searchValidator } from './search';
import { rootRoute } from './root';

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: searchValidator({ token: SearchText, uid: SearchText }),
  component: () => <Placeholder title="Reset Password" />,
});
