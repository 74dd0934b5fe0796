import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../../../src/api/client';
import SharePanel from '../../../src/ui/sharing/share-panel';
import { AppProvider } from '../../../src/ui/provider';

// The share panel as a person meets it: its real machine and API module, the server answered here. What clicks
// inside the dialog do (New link, Revoke) is covered in real Chromium by e2e/share-a-cv-by-link.spec.ts: in
// happy-dom a click on a button that the click itself unmounts reads as a click outside the dialog, which closes it.

const day = (date: string, views: number, downloads: number) => ({ date, views, downloads });
const link = (id: number, label: string, extra: Record<string, unknown> = {}) => ({
  id,
  slug: `Slug${id}AbcdefghijklmnopqrS`,
  url: `http://127.0.0.1:8000/s/Slug${id}AbcdefghijklmnopqrS`,
  label,
  has_password: false,
  expires_at: null,
  version: null,
  created: '2026-11-20T10:00:00.000Z',
  last_viewed: null,
  revoked_at: null,
  views: 0,
  downloads: 0,
  daily: [day('2026-11-25', 0, 0), day('2026-11-26', 0, 0)],
  ...extra,
});

function answer(config: InternalAxiosRequestConfig, status: number, data: unknown) {
  const response = { status, statusText: String(status), data, headers: {}, config };
  if (status >= 400)
    throw new AxiosError(
      `Request failed with status code ${status}`,
      'ERR_BAD_REQUEST',
      config,
      null,
      response,
    );
  return response;
}

function serve() {
  // What GET /auth/csrf/ sets in a browser: the client sends it back on unsafe calls.
  document.cookie = 'csrftoken=test-token; path=/';
  const calls: string[] = [];
  let links: Record<string, unknown>[] = [
    link(2, 'Globex', { has_password: true }),
    link(1, 'Acme Corp', {
      views: 3,
      downloads: 1,
      last_viewed: '2026-11-26T09:00:00.000Z',
      daily: [day('2026-11-25', 1, 0), day('2026-11-26', 2, 1)],
    }),
  ];
  apiClient.useAdapter(async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    calls.push(`${method} ${url}`);
    if (url === '/auth/csrf/') return answer(config, 200, {});
    if (url.endsWith('/versions/')) return answer(config, 404, { detail: 'Not found.' });
    if (method === 'GET' && url === '/v1/GeneratedCV/7/shares/') return answer(config, 200, links);
    if (method === 'POST' && url === '/v1/GeneratedCV/7/shares/') {
      const body = JSON.parse(String(config.data)) as { label: string };
      const made = link(3, body.label);
      links = [made, ...links];
      return answer(config, 201, made);
    }
    if (method === 'DELETE' && url === '/v1/GeneratedCV/7/shares/1/') {
      links = links.map((l) => (l.id === 1 ? { ...l, revoked_at: '2026-11-26T11:00:00.000Z' } : l));
      return answer(config, 204, '');
    }
    return answer(config, 404, { detail: 'Not found.' });
  });
  return calls;
}

function renderPanel(unsaved = false) {
  const onClosed = vi.fn();
  render(
    <AppProvider>
      <button id="opener">Share</button>
      <SharePanel
        opening={{ cv: 7, cvName: 'Engineer', unsaved }}
        returnFocusTo="opener"
        onClosed={onClosed}
      />
    </AppProvider>,
  );
  return { onClosed };
}

// Dialogs, a focus trap and a form in happy-dom: slow on a busy machine, not a timing check.
describe('share panel', { timeout: 30_000 }, () => {
  it('lists the links with their counts and a chart in words, and says a CV with unsaved changes is shared as saved', async () => {
    serve();
    renderPanel(true);
    const dialog = await screen.findByRole('dialog', { name: 'Share by link' });
    expect(within(dialog).getByText(/has unsaved changes/)).toBeInTheDocument();
    const acme = await within(dialog).findByRole('listitem', { name: 'Acme Corp' });
    expect(within(acme).getByTestId('share-views')).toHaveTextContent('3');
    expect(within(acme).getByTestId('share-downloads')).toHaveTextContent('1');
    expect(within(acme).getByRole('img')).toHaveAccessibleName(
      expect.stringMatching(/^Last 2 days: 3 views and 1 download\. Busiest day .+: 2 views, 1 download\.$/),
    );
    const globex = within(dialog).getByRole('listitem', { name: 'Globex' });
    expect(within(globex).getByText('Password')).toBeInTheDocument();
    expect(within(globex).getByText('Not yet')).toBeInTheDocument();
  });

  it('a CV never saved: says to save it first and asks the server nothing', async () => {
    const calls = serve();
    const user = userEvent.setup();
    const onClosed = vi.fn();
    render(
      <AppProvider>
        <SharePanel
          opening={{ cvName: 'Untitled CV', unsaved: true }}
          returnFocusTo="x"
          onClosed={onClosed}
        />
      </AppProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Share by link' });
    expect(dialog).toHaveTextContent('Save this CV first');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onClosed).toHaveBeenCalled());
    expect(calls).toEqual([]);
  });
});
