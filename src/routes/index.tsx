import { createRoute, redirect } from '@tanstack/react-router';
import * as t from 'io-ts';
import { hasUserId } from '../machines/auth/session-machine';
import { authenticatedRoute } from './authenticated';
import { SearchText, searchValidator } from './search';

/** `?page=2`: a whole page number from 1 (anything else is left out, and the screen starts on page 1). */
const PageNumber = new t.Type<number, number, unknown>(
  'PageNumber',
  (value): value is number => typeof value === 'number',
  (value, context) => {
    const page = typeof value === 'string' ? Number(value) : value;
    return typeof page === 'number' && Number.isInteger(page) && page >= 1
      ? t.success(page)
      : t.failure(value, context, 'expected a page number');
  },
  (value) => value,
);

/** The templates screen's view in the address: `?category=…&page=…`, so Back returns to the same filter. */
export const validateTemplatesSearch = searchValidator({ category: SearchText, page: PageNumber });

export const indexRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/',
  validateSearch: validateTemplatesSearch,
  // docs/behaviour.md#session: without a user id the person is sent to /signin. The session keeps
  // that id (and the layout has already waited for it to settle).
  beforeLoad: ({ context }) => {
    if (!hasUserId(context.session.getSnapshot())) throw redirect({ to: '/signin' });
  },
}).lazy(() => import('./templates-page').then((page) => page.Route));
