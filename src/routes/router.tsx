import { createRouter } from '@tanstack/react-router';
import type { SessionActor } from '../machines/auth/session-machine';
import {
  approveEmailChangeRoute,
  cancelEmailChangeRoute,
  confirmEmailChangeRoute,
  deleteAccountRoute,
  unlockAccountRoute,
} from './account-links';
import { authenticatedRoute } from './authenticated';
import { confirmEmailRoute } from './confirm-email';
import { contactRoute } from './contact';
import { coverLetterRoute, newCoverLetterRoute } from './cover-letters';
import { cvManagementRoute } from './cv-management';
import { dashboardRoute } from './dashboard';
import { forgotPasswordRoute } from './forgot-password';
import { indexRoute } from './index';
import { linkedinCallbackRoute } from './linkedin-callback';
import { previewRoute } from './preview';
import { profileRoute } from './profile';
import { resetPasswordRoute } from './reset-password';
import { rootRoute } from './root';
import { signinRoute } from './signin';
import { signupRoute } from './signup';

// docs/behaviour.md#screens-and-routes
// Each route file holds what matching needs (path, validateSearch, beforeLoad guards); its component lives in
// a *-page.tsx file (createLazyRoute) fetched when the route is first matched or a link to it is hovered, so
// the first download of /signin, the only eager page, carries no other page and none of their libraries.
// (The dashboard's component is a small wrapper that lazy-loads the builder itself.)
export const routeTree = rootRoute.addChildren([
  authenticatedRoute.addChildren([
    indexRoute,
    profileRoute,
    cvManagementRoute,
    dashboardRoute,
    newCoverLetterRoute,
    coverLetterRoute,
  ]),
  signinRoute,
  signupRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  confirmEmailRoute,
  confirmEmailChangeRoute,
  approveEmailChangeRoute,
  cancelEmailChangeRoute,
  deleteAccountRoute,
  unlockAccountRoute,
  contactRoute,
  linkedinCallbackRoute,
  previewRoute,
]);

export function createAppRouter(
  session: SessionActor,
  options: { history?: Parameters<typeof createRouter>[0]['history'] } = {},
) {
  return createRouter({
    routeTree,
    context: { session },
    defaultPreload: 'intent',
    scrollRestoration: true,
    ...options,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
