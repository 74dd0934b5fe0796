import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import type { Profile } from '../src/api/auth';
import { sessionMachine } from '../src/machines/session-machine';
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

/** The whole app (provider, router, real session machine) on a memory history, with the API actors replaced. */
export function renderApp({ path = '/', fetchProfile = async () => testUser, logout = async () => {} }: RenderAppOptions = {}) {
  const session = createActor(
    sessionMachine.provide({
      actors: { fetchProfile: fromPromise(() => fetchProfile()), logout: fromPromise(() => logout()) },
      actions: { redirectToAdmin: () => {} },
    }),
  ).start();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(session, { history });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, session, router, history };
}
