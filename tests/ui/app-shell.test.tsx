import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIDEBAR_COOKIE_NAME } from '../../src/config/constants';
import { readSidebarCookie } from '../../src/machines/sidebar-machine';
import { USER_ID_STORAGE_KEY } from '../../src/drafts/storage';
import { RouterProvider, createMemoryHistory, createRoute, createRouter } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../src/machines/auth/session-machine';
import { authenticatedRoute, leaveSignedInPage } from '../../src/routes/authenticated';
import { rootRoute } from '../../src/routes/root';
import { AppProvider } from '../../src/ui/provider';
import { testUser } from '../render-app';

// The real root and guarded layout (which renders the shell) around stand-in pages, so these tests
// do not depend on the pages other engineers build.
const page = (path: string, heading: string, parent: typeof rootRoute | typeof authenticatedRoute) =>
  createRoute({ getParentRoute: () => parent, path, component: () => <h1>{heading}</h1> });
const routeTree = rootRoute.addChildren([
  authenticatedRoute.addChildren([
    page('/cv-management', 'CV Management', authenticatedRoute),
    page('/profile', 'Profile', authenticatedRoute),
    createRoute({
      getParentRoute: () => authenticatedRoute,
      path: '/draft',
      component: () => (
        <>
          <h1>CV Management</h1>
          <label>
            Unsaved <input />
          </label>
        </>
      ),
    }),
  ]),
  page('/signin', 'Welcome', rootRoute),
]);

function renderShell({ path, logout = async () => {} }: { path: string; logout?: () => Promise<void> }) {
  const session = createActor(
    sessionMachine.provide({
      actors: { fetchProfile: fromPromise(async () => testUser), logout: fromPromise(() => logout()) },
      actions: { redirectToSignIn: (_, params) => leaveSignedInPage(router, params) },
    }),
  );
  const router = createRouter({
    routeTree,
    context: { session },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  session.start();
  render(
    <AppProvider>
      <RouterProvider router={router as never} />
    </AppProvider>,
  );
  return { router, session };
}

function clearSidebarCookie() {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=; path=/; max-age=0`;
}

async function renderSignedIn(path = '/cv-management', options: { logout?: () => Promise<void> } = {}) {
  localStorage.setItem(USER_ID_STORAGE_KEY, '42');
  const app = renderShell({ path, ...options });
  await screen.findByRole('heading', { name: path === '/profile' ? 'Profile' : 'CV Management' });
  return app;
}

const sidebar = () => screen.getByRole('navigation', { name: 'Sidebar' });

beforeEach(() => {
  localStorage.clear();
  clearSidebarCookie();
});

describe('app shell on wide screens', () => {
  it('shows the logo and the navigation, expanded by default', async () => {
    await renderSignedIn();
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
    const nav = within(sidebar());
    expect(nav.getByRole('link', { name: 'CV Builder home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'CV Management' })).toHaveAttribute('href', '/cv-management');
    expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(nav.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'CV Management' })).toHaveAttribute('aria-current', 'page');
  });

  it('toggles with Ctrl+B and Cmd+B and remembers the state in the sidebar_state cookie', async () => {
    await renderSignedIn();
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    await waitFor(() => expect(sidebar()).toHaveAttribute('data-state', 'collapsed'));
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE_NAME}=false`);
    // Labels stay available to assistive technology in the icon rail.
    expect(within(sidebar()).getByRole('link', { name: 'Profile' })).toBeInTheDocument();

    fireEvent.keyDown(window, { key: 'B', metaKey: true });
    await waitFor(() => expect(sidebar()).toHaveAttribute('data-state', 'expanded'));
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE_NAME}=true`);
  });

  it('ignores B without a modifier', async () => {
    await renderSignedIn();
    fireEvent.keyDown(window, { key: 'b' });
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
  });

  it('has a toggle button announcing its shortcut', async () => {
    const user = userEvent.setup();
    await renderSignedIn();
    const toggle = within(sidebar()).getByRole('button', { name: 'Collapse sidebar' });
    expect(toggle).toHaveAttribute('aria-keyshortcuts', 'Control+B Meta+B');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    await waitFor(() => expect(sidebar()).toHaveAttribute('data-state', 'collapsed'));
    expect(within(sidebar()).getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('starts collapsed when the cookie says so', async () => {
    document.cookie = `${SIDEBAR_COOKIE_NAME}=false; path=/`;
    await renderSignedIn();
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
  });

  it('logs out: clears the stored user id and lands on /signin', async () => {
    const user = userEvent.setup();
    const logout = vi.fn(async () => {});
    const { router, session } = await renderSignedIn('/profile', { logout });
    await user.click(within(sidebar()).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBeNull();
    expect(session.getSnapshot().value).toBe('anonymous');
  });

  it('logs out even when the server fails', async () => {
    const user = userEvent.setup();
    const { router } = await renderSignedIn('/profile', { logout: () => Promise.reject(new Error('Network Error')) });
    await user.click(within(sidebar()).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBeNull();
  });
});

describe('app shell on narrow screens', () => {
  beforeEach(() => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width: 767px'),
          media: query,
          onchange: null,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens the navigation drawer from the header button and closes it on navigation', async () => {
    const user = userEvent.setup();
    const { router } = await renderSignedIn();
    expect(screen.queryByRole('navigation', { name: 'Sidebar' })).not.toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'Open navigation' });
    expect(open).toHaveAttribute('aria-keyshortcuts', 'Control+B Meta+B');
    await user.click(open);
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('link', { name: 'Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open navigation' })).toHaveAttribute('aria-expanded', 'false'));
  });

  it('Ctrl+B opens the drawer', async () => {
    await renderSignedIn();
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});

describe('app shell across the breakpoint', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the page and what was typed in it when the window crosses 768 px, both ways', async () => {
    let narrow = false;
    const listeners = new Set<() => void>();
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          get matches() {
            return query.includes('max-width: 767px') && narrow;
          },
          media: query,
          onchange: null,
          addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
          removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
          addListener: () => {},
          removeListener: () => {},
          dispatchEvent: () => false,
        }) as unknown as MediaQueryList,
    );
    const resize = (toNarrow: boolean) =>
      act(() => {
        narrow = toNarrow;
        for (const listener of [...listeners]) listener();
      });
    const user = userEvent.setup();
    await renderSignedIn('/draft');
    const input = screen.getByRole('textbox', { name: 'Unsaved' });
    await user.type(input, 'half-written line');

    resize(true);
    expect(await screen.findByRole('button', { name: 'Open navigation' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Unsaved' })).toBe(input);
    expect(input).toHaveValue('half-written line');

    resize(false);
    expect(await screen.findByRole('navigation', { name: 'Sidebar' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Unsaved' })).toBe(input);
    expect(input).toHaveValue('half-written line');
  });
});

describe('readSidebarCookie', () => {
  it('is expanded unless the cookie says false', () => {
    expect(readSidebarCookie('')).toBe(true);
    expect(readSidebarCookie('a=1; sidebar_state=false')).toBe(false);
    expect(readSidebarCookie('sidebar_state=true')).toBe(true);
  });
});
