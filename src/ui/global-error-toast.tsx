import { ApiError } from '../api/api-error';
import type { ApiClient } from '../api/http';
import { msg } from '../../rules/languages';
import { showToast } from './notices';

/**
 * The global 'Request failed' toast (docs/behaviour.md#api-calls, #messages). Every flow shows its own failure
 * message, so the global toast is only for errors nobody handled:
 * - calls made with `{ notifyOnError: true }` (the caller has no message of its own), and
 * - an ApiError that ends as an unhandled promise rejection (a forgotten `catch`). Errors a machine handles in
 *   `onError` never reach it, so the user never sees two toasts.
 */
export function installGlobalErrorToast(client: ApiClient, target: Window): () => void {
  client.setUnhandledErrorHandler((error) => {
    // The error's message is the server's words (or a message of the app's own): the toaster says both in the
    // interface's language.
    showToast({ title: msg('Request failed'), description: error.message, variant: 'destructive' });
  });
  const onRejection = (event: PromiseRejectionEvent) => {
    if (!(event.reason instanceof ApiError)) return;
    event.preventDefault();
    client.reportUnhandled(event.reason);
  };
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('unhandledrejection', onRejection);
    client.setUnhandledErrorHandler(undefined);
  };
}
