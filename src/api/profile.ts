import * as t from 'io-ts';
import { Profile } from './auth';
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

/** PUT /auth/profile/update/: answers the profile as saved. */
export function updateProfile(client: ApiClient, payload: ProfileUpdatePayload): Promise<Profile> {
  return client.put('/auth/profile/update/', payload, Profile);
}

/** POST /auth/change-password/: on success the server ends the user's other sessions. */
export async function changePassword(client: ApiClient, payload: PasswordChangePayload): Promise<void> {
  await client.post('/auth/change-password/', payload, PasswordChangeResponse);
}

/** DELETE /auth/profile/ (204): removes the personal data, archives the CVs and ends every session. */
export async function deleteAccount(client: ApiClient): Promise<void> {
  await client.delete('/auth/profile/', IgnoredBody);
}
