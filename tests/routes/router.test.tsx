import { screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../../src/api/client';
import { USER_ID_STORAGE_KEY } from '../../src/drafts/storage';
import { confirmEmailRoute } from '../../src/routes/confirm-email';
import { cvManagementRoute } from '../../src/routes/cv-management';
import { linkedinCallbackRoute } from '../../src/routes/linkedin-callback';
import { resetPasswordRoute } from '../../src/routes/reset-password';
import { renderApp, testUser } from '../render-app';

beforeEach(() => {
  localStorage.clear();
});

describe('router', () => {
  // Assertions use the address and the shell, not page headings: other engineers replace the pages.
  it('sends a visitor without a stored user id from / to /signin', async () => {
    const { router } = renderApp({ path: '/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(screen.queryByRole('navigation', { name: 'Sidebar' })).not.toBeInTheDocument();
  });

  it.each(['/profile', '/cv-management', '/dashboard/12'])('guards %s, and sign-in will bring the person back', async (path) => {
    const { router } = renderApp({ path });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toEqual({ redirect: path });
  });

  it.each([
    ['/signin', '/'],
    ['/signup', '/'],
    ['/signin?redirect=%2Fprofile', '/profile'],
    ['/signin?redirect=https%3A%2F%2Fevil.example%2F', '/'],
  ])('takes a signed-in person from %s on to %s', async (path, destination) => {
    localStorage.setItem(USER_ID_STORAGE_KEY, '42');
    const { router } = renderApp({ path });
    await waitFor(() => expect(router.state.location.pathname).toBe(destination));
  });

  it("shows 'Validating session...' until the profile answers, then the page inside the shell", async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, '42');
    let answer: (profile: typeof testUser) => void = () => {};
    renderApp({ path: '/', fetchProfile: () => new Promise((resolve) => (answer = resolve)) });
    expect(await screen.findByText('Validating session...')).toBeInTheDocument();
    answer(testUser);
    expect(await screen.findByRole('navigation', { name: 'Sidebar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CV Builder home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Validating session...')).not.toBeInTheDocument();
  });

  it('redirects to /signin and forgets the id when the profile request fails', async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, '42');
    const { router } = renderApp({ path: '/profile', fetchProfile: () => Promise.reject(new Error('401')) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBeNull();
  });

  it('passes the dashboard id through', async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, '42');
    const id = '3f2b8c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
    const { router } = renderApp({ path: `/dashboard/${id}` });
    await screen.findByRole('navigation', { name: 'Sidebar' });
    expect(router.state.matches.at(-1)?.params).toEqual({ id });
  });

  it("gives 'Create New CV' (?new=1) a draft id of its own before the builder reads anything", async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, '42');
    const { router } = renderApp({ path: '/dashboard/4?new=1' });
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ draft: expect.stringMatching(/^[0-9a-f-]{36}$/) }),
    );
    expect(router.state.location.pathname).toBe('/dashboard/4');
    const first = (router.state.location.search as { draft: string }).draft;
    // Every click is a new CV.
    await router.navigate({ to: '/dashboard/$id', params: { id: '4' }, search: { new: true } });
    await waitFor(() =>
      expect((router.state.location.search as { draft?: string }).draft).toMatch(/^[0-9a-f-]{36}$/),
    );
    expect((router.state.location.search as { draft: string }).draft).not.toBe(first);
  });

  it.each([
    '/signup',
    '/forgot-password',
    '/reset-password?token=abc&uid=12',
    '/confirm-email?uid=MQ&token=abc-123',
    '/preview',
  ])('%s is public', async (path) => {
    const { router } = renderApp({ path });
    await waitFor(() => expect(router.state.status).toBe('idle'));
    expect(router.state.location.pathname).toBe(path.split('?')[0]);
    expect(router.state.matches.at(-1)?.routeId).toBe(path.split('?')[0]);
    expect(screen.queryByRole('navigation', { name: 'Sidebar' })).not.toBeInTheDocument();
  });

  it('shows a not-found page for unknown addresses', async () => {
    renderApp({ path: '/nowhere' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('decodes query strings as text', async () => {
    const { router } = renderApp({ path: '/reset-password?token=abc&uid=12' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    expect(router.state.location.search).toEqual({ token: 'abc', uid: '12' });
  });
});

describe('validateSearch', () => {
  const validate = <T,>(route: { options: { validateSearch?: unknown } }, search: Record<string, unknown>) =>
    (route.options.validateSearch as (input: Record<string, unknown>) => T)(search);

  it('keeps text, turns numbers back into text and drops values of the wrong shape', () => {
    expect(validate(resetPasswordRoute, { token: 'abc', uid: 12 })).toEqual({ token: 'abc', uid: '12' });
    expect(validate(resetPasswordRoute, { token: { nested: true } })).toEqual({});
    expect(validate(confirmEmailRoute, {})).toEqual({});
    expect(
      validate(linkedinCallbackRoute, {
        error: 'access_denied',
        error_description: 'The user cancelled',
        extra: 1,
      }),
    ).toEqual({ error: 'access_denied', error_description: 'The user cancelled' });
  });

  it("keeps CV management's page of CVs when it is a whole number from 1, and leaves anything else out", () => {
    expect(validate(cvManagementRoute, { page: 3 })).toEqual({ page: 3 });
    expect(validate(cvManagementRoute, { page: '2', show: 'recently-deleted' })).toEqual({
      page: 2,
      show: 'recently-deleted',
    });
    for (const page of [0, -1, 1.5, 'abc', '', null, { n: 2 }]) {
      expect(validate(cvManagementRoute, { page })).toEqual({});
    }
  });
});

// The profile page used to wait for the session itself; the guarded layout does it for every page.
describe('the profile page opens once the session is known', () => {
  it("shows 'Validating session...' until the session settles, then the profile page", async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, '42');
    let answer: (profile: typeof testUser) => void = () => {};
    const { router } = renderApp({ path: '/profile', fetchProfile: () => new Promise((resolve) => (answer = resolve)) });
    expect(await screen.findByText('Validating session...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Profile Settings' })).not.toBeInTheDocument();
    answer(testUser);
    expect(await screen.findByRole('heading', { name: 'Profile Settings' })).toBeInTheDocument();
    expect(screen.queryByText('Validating session...')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('sends a visitor without a session to /signin before the profile page loads anything', async () => {
    const { router } = renderApp({ path: '/profile' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toEqual({ redirect: '/profile' });
    expect(screen.queryByText('Loading profile...')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Profile Settings' })).not.toBeInTheDocument();
  });
});

describe('session ending on a guarded page', () => {
  it('goes to /signin when the session expires', async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, '42');
    const { router, session } = renderApp({ path: '/profile' });
    await screen.findByRole('navigation', { name: 'Sidebar' });
    session.send({ type: 'session.expired' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBeNull();
  });
});

describe("CV management's page of CVs in the address", () => {
  /** The person's 25 CVs and one template; any other request is left unanswered (the page does not need it). */
  function answerWithCvs() {
    const cvs = Array.from({ length: 25 }, (_, i) => ({
      id: i + 1,
      uuid: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      url: `http://127.0.0.1/v1/GeneratedCV/${i + 1}/`,
      name: `CV ${String(i + 1).padStart(2, '0')}`,
      template: 1,
      page_size: 'Letter',
      created: '2024-05-01T09:30:00.000Z',
      last_updated: `2024-05-02T10:${String(59 - i).padStart(2, '0')}:00.000Z`,
    }));
    const templates = [{ id: 1, name: 'Executive Classic', icon: '/static/t1.png', category: 1 }];
    apiClient.useAdapter(async (config: InternalAxiosRequestConfig) => {
      const data = config.url?.includes('GeneratedCV') ? cvs : config.url?.includes('CvTemplate/') ? templates : [];
      return { status: 200, statusText: 'OK', data, headers: {}, config };
    });
  }

  it('opens on ?page=2, writes a turned page into the address, and a bad page opens page 1 without an error', async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, '1');
    const { router, unmount } = renderApp({ path: '/cv-management?page=2' });
    answerWithCvs();
    expect(await screen.findByText('Page 2 of 3', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ page: 2 });
    screen.getByRole('button', { name: 'Next' }).click();
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 3 }));
    unmount();

    const bad = renderApp({ path: '/cv-management?page=abc' });
    answerWithCvs();
    expect(await screen.findByText('Page 1 of 3', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(bad.router.state.location.search).toEqual({});
  }, 15_000);
});
