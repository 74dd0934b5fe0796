import { createRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { SearchText, searchValidator } from './search';
import { rootRoute } from './root';

export const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirm-email',
  validateSearch: searchValidator({ uid: SearchText, token: SearchText }),
  component: () => <Placeholder title="Confirm Email" />,
});
