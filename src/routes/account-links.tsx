import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root';
import { SearchText, searchValidator } from './search';

// The pages the links mailed about an account open. Like /confirm-email they need no session: the
// link itself proves the mailbox.
const validateSearch = searchValidator({ uid: SearchText, token: SearchText });

export const confirmEmailChangeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirm-email-change',
  validateSearch,
}).lazy(() => import('./account-link-page').then((page) => page.confirmEmailChangePage));

export const approveEmailChangeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/approve-email-change',
  validateSearch,
}).lazy(() => import('./account-link-page').then((page) => page.approveEmailChangePage));

export const cancelEmailChangeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cancel-email-change',
  validateSearch,
}).lazy(() => import('./account-link-page').then((page) => page.cancelEmailChangePage));

export const deleteAccountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/delete-account',
  validateSearch,
}).lazy(() => import('./account-link-page').then((page) => page.deleteAccountPage));

export const unlockAccountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/unlock-account',
  validateSearch,
}).lazy(() => import('./account-link-page').then((page) => page.unlockAccountPage));
