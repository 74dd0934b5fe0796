import * as t from 'io-ts';
import { Profile, getProfile } from './auth';
import { IgnoredBody } from './codecs';
import type { ApiClient } from './http';

// Profile settings calls (spec §7; delete account is the profile issue's own). Loading the profile is
// `getProfile` in ./auth, shared with the session.

export interface ProfileUpdatePayload {
  full_name: string;
  email: string;
  phone_number: string;
}

export interface PasswordChangePayload {
  current_password: string;
  new_password: string;
}

export const PasswordChangeResponse = t.partial({ detail: t.string });
export type PasswordChangeResponse = t.TypeOf<typeof PasswordChangeResponse>;

/**
 * PUT /auth/profile/update/: any 2xx is success. The spec does not say what the answer holds: the reference
 * server answers the profile as saved; a backend that answers something else (e.g. `{ "detail": "…" }`) is
 * read again with GET /auth/profile/ (issue 19).
 */
export async function updateProfile(client: ApiClient, payload: ProfileUpdatePayload): Promise<Profile> {
  const answer = await client.put('/auth/profile/update/', payload, IgnoredBody);
  const decoded = Profile.decode(answer);
  return decoded._tag === 'Right' ? decoded.right : getProfile(client);
}

/** POST /auth/change-password/: on success the server ends the user's other sessions. */
export async function changePassword(client: ApiClient, payload: PasswordChangePayload): Promise<void> {
  await client.post('/auth/change-password/', payload, PasswordChangeResponse);
}

/** DELETE /auth/profile/ (204): removes the personal data, archives the CVs and ends every session. */
export async function deleteAccount(client: ApiClient): Promise<void> {
  await client.delete('/auth/profile/', IgnoredBody);
}
