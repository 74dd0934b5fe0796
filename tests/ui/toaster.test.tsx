import { act, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../src/api/api-error';
import { createApiClient } from '../../src/api/http';
import { TOAST_REMOVE_DELAY_MS } from '../../src/config/constants';
import { installGlobalErrorToast } from '../../src/ui/global-error-toast';
import { AppProvider } from '../../src/ui/provider';
import { showToast, toaster } from '../../src/ui/toaster';

function renderProvider() {
  return render(
    <AppProvider>
      <p>content</p>
    </AppProvider>,
  );
}

afterEach(() => {
  act(() => toaster.remove());
});

describe('toaster', () => {
  it('is configured for one toast at a time, gone from the page right after its exit animation', () => {
    expect(toaster.attrs.max).toBe(1);
    expect(toaster.attrs.removeDelay).toBe(TOAST_REMOVE_DELAY_MS);
    // At the bottom, above any bar stuck there: never over the app bar, the builder's header or Save.
    expect(toaster.attrs.placement).toBe('bottom-end');
    expect(toaster.attrs.offsets).toMatchObject({ bottom: 'calc(var(--toast-clearance-bottom, 0px) + 1rem)' });
  });

  it('shows title and description', async () => {
    renderProvider();
    act(() => {
      showToast({ title: 'CV Saved', description: 'Your CV "Dev" has been saved successfully.', variant: 'success' });
    });
    expect(await screen.findByText('CV Saved')).toBeInTheDocument();
    expect(screen.getByText('Your CV "Dev" has been saved successfully.')).toBeInTheDocument();
  });

  it('replaces the current toast with the new one', async () => {
    renderProvider();
    act(() => {
      showToast({ title: 'First' });
    });
    expect(await screen.findByText('First')).toBeInTheDocument();
    act(() => {
      showToast({ title: 'Second', variant: 'warning' });
    });
    expect(await screen.findByText('Second')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('First')).not.toBeInTheDocument());
  });

  it('leaves nothing on the page once a toast has closed', async () => {
    renderProvider();
    let id = '';
    act(() => {
      id = showToast({ title: 'Signed in successfully!', variant: 'success' });
    });
    expect(await screen.findByText('Signed in successfully!')).toBeInTheDocument();
    act(() => toaster.dismiss(id));
    await waitFor(() => expect(document.querySelector('[data-scope="toast"][data-part="root"]')).toBeNull());
    expect(document.querySelector('[data-ghost]')).toBeNull();
  });

  it('maps the four variants onto toast types', () => {
    const types = (['default', 'destructive', 'success', 'warning'] as const).map((variant) => {
      const id = showToast({ title: variant, variant });
      return toaster.getVisibleToasts().find((toast) => toast.id === id)?.type;
    });
    expect(types).toEqual(['info', 'error', 'success', 'warning']);
  });
});

describe("global 'Request failed' toast", () => {
  it('shows for calls that opt in and for unhandled ApiError rejections only', async () => {
    renderProvider();
    const client = createApiClient();
    const uninstall = installGlobalErrorToast(client, window);

    act(() => client.reportUnhandled(new ApiError('Server unavailable')));
    expect(await screen.findByText('Request failed')).toBeInTheDocument();
    expect(screen.getByText('Server unavailable')).toBeInTheDocument();
    act(() => toaster.remove());

    const notOurs = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.assign(notOurs, { reason: new Error('not an API error') });
    act(() => {
      window.dispatchEvent(notOurs);
    });
    expect(toaster.getVisibleToasts()).toHaveLength(0);

    const ours = new Event('unhandledrejection', { cancelable: true }) as PromiseRejectionEvent;
    Object.assign(ours, { reason: new ApiError('Gateway timeout', { status: 504 }) });
    act(() => {
      window.dispatchEvent(ours);
    });
    expect(await screen.findByText('Gateway timeout')).toBeInTheDocument();
    uninstall();
  });
});
