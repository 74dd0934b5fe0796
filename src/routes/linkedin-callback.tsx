import { createRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { SearchText, searchValidator } from './search';
import { rootRoute } from './root';

export const linkedinCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/linkedin-callback',
  validateSearch: searchValidator({ code: SearchText, error: SearchText, error_description: SearchText }),
  component: () => <Placeholder title="Signing you in with LinkedIn..." />,
});
