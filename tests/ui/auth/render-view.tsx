import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AppProvider } from '../../../src/ui/provider';

/** Renders a view inside the app's provider and a bare router, so its links resolve without the real pages. */
export async function renderView(ui: () => ReactNode) {
  const routeTree = createRootRoute({ component: () => <>{ui()}</> });
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }) });
  const view = render(
    <AppProvider>
      <RouterProvider router={router as never} />
    </AppProvider>,
  );
  await screen.findAllByRole('heading', { level: 1 });
  return view;
}
