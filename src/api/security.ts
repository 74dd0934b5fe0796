import * as t from 'io-ts';
import type { ApiClient } from './http';

// Security activity (an extension): the person's own audit log — sign-ins, refused ones too, and changes to what
// guards the account. A backend without the call answers 404; the profile then shows no activity card.

/** The detail's values are words and numbers the server chose; unknown keys are ignored. */
const DetailValue = t.union([t.string, t.number, t.boolean, t.null]);

export const SecurityActivityItem = t.type({
  id: t.number,
  /** e.g. 'signin_succeeded', 'password_changed'; a kind this app does not know is shown as a general change. */
  kind: t.string,
  /** ISO 8601. */
  at: t.string,
  browser: t.string,
  os: t.string,
  detail: t.record(t.string, DetailValue),
});
export type SecurityActivityItem = t.TypeOf<typeof SecurityActivityItem>;

export const SecurityActivity = t.array(SecurityActivityItem);

/** GET /auth/security-activity/: the newest first (at most 50, from the last 90 days). */
export function listSecurityActivity(
  client: ApiClient,
  options?: { signal?: AbortSignal },
): Promise<SecurityActivityItem[]> {
  return client.get('/auth/security-activity/', SecurityActivity, options);
}
