import * as t from 'io-ts';
import { IgnoredBody } from './codecs';
import type { ApiClient } from './http';

// Sessions you can see (an extension): the person's active sessions, and ending any other or all others.
// A backend without these calls answers 404; the profile then shows no sessions card.

export const ActiveSession = t.type({
  id: t.string,
  browser: t.string,
  os: t.string,
  /** ISO 8601: when the session was last used (to about five minutes). */
  last_used: t.string,
  /** The session of this browser. */
  current: t.boolean,
});
export type ActiveSession = t.TypeOf<typeof ActiveSession>;

export const ActiveSessions = t.array(ActiveSession);

/** GET /auth/sessions/: this session first, then the others, most recently used first. */
export function listSessions(
  client: ApiClient,
  options?: { signal?: AbortSignal },
): Promise<ActiveSession[]> {
  return client.get('/auth/sessions/', ActiveSessions, options);
}

/** DELETE /auth/sessions/{id}/: ends another session of the person (204). */
export async function endSession(client: ApiClient, id: string): Promise<void> {
  await client.delete(`/auth/sessions/${encodeURIComponent(id)}/`, IgnoredBody);
}

/** POST /auth/sessions/end-others/: ends every session of the person but this one. */
export async function endOtherSessions(client: ApiClient): Promise<void> {
  await client.post('/auth/sessions/end-others/', {}, IgnoredBody);
}
