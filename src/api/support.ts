import * as t from 'io-ts';
import type { ApiClient } from './http';

// GET /v1/support/ (extension): the operator's support address for /contact; null when none is set.
export const SupportContact = t.type({ email: t.union([t.string, t.null]) });
export type SupportContact = t.TypeOf<typeof SupportContact>;

export function getSupportContact(
  client: ApiClient,
  options: { signal?: AbortSignal } = {},
): Promise<SupportContact> {
  return client.get('/v1/support/', SupportContact, { signal: options.signal });
}
