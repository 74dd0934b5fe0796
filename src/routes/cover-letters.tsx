import { createRoute, redirect } from '@tanstack/react-router';
import { mintDraftId } from '../cv/draft-id';
import { useT } from '../i18n/i18n';
import { FullPageSpinner } from '../ui/full-page-spinner';
import { authenticatedRoute } from './authenticated';
import { PageNumber, SearchText, searchValidator } from './search';

// [extension] Cover letters (docs/decisions/0050-cover-letters.md). /cover-letters/new?cv=7 writes a new letter
// from CV 7 (or, without `cv`, on its own); it gets its draft id here, before the editor reads anything, and the
// address keeps it (`&draft=…`), so a reload reopens the same new letter. /cover-letters/31 opens a saved one. The
// editor is the page's own chunk.

/** What shows while a letter's page loads. */
function LoadingLetter() {
  const { t } = useT();
  return <FullPageSpinner text={t('Loading cover letter...')} />;
}

const validateNewLetterSearch = searchValidator({ cv: PageNumber, draft: SearchText });
type NewLetterSearch = ReturnType<typeof validateNewLetterSearch>;

export const newCoverLetterRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/cover-letters/new',
  validateSearch: validateNewLetterSearch,
  beforeLoad: ({ search }: { search: NewLetterSearch }) => {
    if (!search.draft)
      throw redirect({
        to: '/cover-letters/new',
        search: { ...search, draft: mintDraftId() },
        replace: true,
      });
  },
  pendingComponent: LoadingLetter,
}).lazy(() => import('./cover-letter-page').then((page) => page.NewRoute));

export const coverLetterRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/cover-letters/$id',
  pendingComponent: LoadingLetter,
}).lazy(() => import('./cover-letter-page').then((page) => page.SavedRoute));
