import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createActor, createMachine } from 'xstate';
import type { SessionActor } from '../../../src/machines/auth/session-machine';
import type { CvFileFormat, GeneratedCv } from '../../../src/api/cvs';
import {
  deliveryMachine,
  type DownloadInput,
  type EmailInput,
} from '../../../src/machines/delivery/delivery-machine';
import { AppProvider } from '../../../src/ui/provider';
import { showToast } from '../../../src/ui/toaster';
import { deferredActor } from '../../machines/model-paths';

/** A signed-in person's session as the views read it: only the profile's address. */
export function sessionWithAddress(email: string): SessionActor {
  const session = createMachine({ context: { profile: { email } } });
  return createActor(session).start() as unknown as SessionActor;
}

/**
 * Renders a catalogue view on a small router (/ and /dashboard/$id) inside the app's provider and toaster; the
 * router's context holds the session when one is given, as the app's does.
 */
export function renderCatalogue(view: () => ReactNode, session?: SessionActor) {
  const rootRoute = createRootRouteWithContext<{ session?: SessionActor }>()({ component: () => <Outlet /> });
  const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: view });
  const dashboardRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/dashboard/$id',
    component: () => <h1>CV Builder</h1>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([indexRoute, dashboardRoute]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: { session },
  });
  const result = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router };
}

/** The CV actions machine with calls the test answers and a recorder instead of the browser download. */
export function fakeCvActions() {
  const download = deferredActor<Blob, DownloadInput>();
  const email = deferredActor<void, EmailInput>();
  const remove = deferredActor<void, { cv: GeneratedCv }>();
  const saved: Array<{ name: string; format: CvFileFormat }> = [];
  const machine = deliveryMachine.provide({
    actors: { downloadFile: download.logic, sendEmail: email.logic, deleteCv: remove.logic },
    actions: {
      saveFile: (_, params) => void saved.push({ name: params.name, format: params.format }),
      notify: (_, notice) => void showToast(notice),
    },
  });
  return { machine, download, email, remove, saved };
}
