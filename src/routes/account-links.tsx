import { createRoute } from '@tanstack/react-router';
import { loadAppMessages } from '../i18n/choice';
import { rootRoute } from './root';
import { SearchText, searchValidator } from './search';

// The pages the links mailed about an account open. Like /confirm-email they need no session: the
// link itself proves the mailbox. What they say comes from the profile's flows, in the catalogue's 'app' part
// (src/i18n/load.ts): it loads with the page; English when it cannot load.
const validateSearch = searchValidator({ uid: SearchText, token: SearchText });
const loader = () => loadAppMessages().catch(() => undefined);

export const confirmEmailChangeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirm-email-change',
  validateSearch,
  loader,
}).lazy(() => import('./account-link-page').then((page) => page.confirmEmailChangePage));

export const approveEmailChangeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/approve-email-change',
  validateSearch,
  loader,
}).lazy(() => import('./account-link-page').then((page) => page.approveEmailChangePage));

export const cancelEmailChangeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cancel-email-change',
  validateSearch,
  loader,
}).lazy(() => import('./account-link-page').then((page) => page.cancelEmailChangePage));

export const deleteAccountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/delete-account',
  validateSearch,
  loader,
}).lazy(() => import('./account-link-page').then((page) => page.deleteAccountPage));

export const unlockAccountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/unlock-account',
  validateSearch,
  loader,
}).lazy(() => import('./account-link-page').then((page) => page.unlockAccountPage));
