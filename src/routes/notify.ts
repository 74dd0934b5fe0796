import type { Notice } from '../machines/auth/auth-flow';
import { showToast } from '../ui/notices';

/** The `notify` action every machine names: the machine says what to tell the person, the app's toaster shows it. */
export function notify(_: unknown, notice: Notice): void {
  showToast(notice);
}
