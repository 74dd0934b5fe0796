import { createRoute, redirect } from '@tanstack/react-router';
import * as t from 'io-ts';
import { mintDraftId } from '../cv/draft-id';
import { useT } from '../i18n/i18n';
import { FullPageSpinner } from '../ui/full-page-spinner';
import { authenticatedRoute } from './authenticated';
import { SearchText, searchValidator } from './search';

/** `?new=true`, as 'Create New CV' links say it (any value but an explicit false/0 means yes). */
const NewFlag = new t.Type<boolean, boolean, unknown>(
  'NewFlag',
  (value): value is boolean => typeof value === 'boolean',
  (value) => t.success(!(value === false || value === 0 || value === '0' || value === 'false')),
  (value) => value,
);

/** What shows while the builder's page loads. */
function LoadingBuilder() {
  const { t } = useT();
  return <FullPageSpinner text={t('Loading CV template...')} />;
}

const validateDashboardSearch = searchValidator({ draft: SearchText, new: NewFlag });
type DashboardSearch = ReturnType<typeof validateDashboardSearch>;

/**
 * /dashboard/$id (docs/behaviour.md#cv-builder): `id` is a template id or a generated CV's id or uuid. 'Create
 * New CV' links to /dashboard/{templateId}?new=true: the intent travels with the link, so a saved CV that shares
 * the template's number is never opened instead. The new CV gets its draft id here, before the builder reads
 * anything, and the address keeps it (`?draft=…`), so a reload or Back reopens the same new CV. The builder
 * (sections, widgets, rich text editor, preview) is the page's own chunk: nobody signing in pays for it.
 */
export const dashboardRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/dashboard/$id',
  validateSearch: validateDashboardSearch,
  beforeLoad: ({ params, search }: { params: { id: string }; search: DashboardSearch }) => {
    if (search.new && !search.draft)
      throw redirect({
        to: '/dashboard/$id',
        params: { id: params.id },
        search: { draft: mintDraftId() },
        replace: true,
      });
  },
  pendingComponent: LoadingBuilder,
}).lazy(() => import('./dashboard-page').then((page) => page.Route));
