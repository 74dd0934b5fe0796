import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { createActor, fromPromise } from 'xstate';
import { apiClient } from '../src/api/client';
import type { Profile } from '../src/api/auth';
import { sessionMachine } from '../src/machines/auth/session-machine';
import { leaveSignedInPage } from '../src/routes/authenticated';
import { createAppRouter } from '../src/routes/router';
import { AppProvider } from '../src/ui/provider';

export const testUser: Profile = {
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone_number: '+44 20 7946 0000',
  is_staff: false,
  is_superuser: false,
};

interface RenderAppOptions {
  path?: string;
  /** What GET /auth/profile/ answers; a function lets a test hold the answer back. */
  fetchProfile?: () => Promise<Profile>;
  logout?: () => Promise<void>;
}

/**
 * Pages that other engineers build call the app's API client; in these tests nothing listens, so
 * every request gets an immediate 404 instead of reaching for the network (and being retried).
 */
export function answerEveryRequestWithNotFound() {
  apiClient.useAdapter(async (config: InternalAxiosRequestConfig) => {
    const response = { status: 404, statusText: 'Not Found', data: { detail: 'Not found.' }, headers: {}, config };
    throw new AxiosError('Request failed with status code 404', 'ERR_BAD_REQUEST', config, null, response);
  });
}

/** The whole app (provider, router, real session machine) on a memory history, with the API actors replaced. */
export function renderApp({ path = '/', fetchProfile = async () => testUser, logout = async () => {} }: RenderAppOptions = {}) {
  answerEveryRequestWithNotFound();
  const session = createActor(
    sessionMachine.provide({
      actors: { fetchProfile: fromPromise(() => fetchProfile()), logout: fromPromise(() => logout()) },
      actions: { redirectToAdmin: () => {}, redirectToSignIn: (_, params) => leaveSignedInPage(router, params) },
    }),
  );
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(session, { history });
  session.start();
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, session, router, history };
}
