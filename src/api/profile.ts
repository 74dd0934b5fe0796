import * as t from 'io-ts';
import { DetailAnswer, Profile, getProfile } from './auth';
import { IgnoredBody } from './codecs';
import type { ApiClient } from './http';
import { CONFIRMATION_SENT_CODE } from '../../rules/account-changes';
import type { LanguageCode } from '../../rules/languages';

// Profile settings calls (docs/behaviour.md#api-calls; delete account, the email change and its links are
// extensions). Loading the profile is `getProfile` in ./auth, shared with the session.

export interface ProfileUpdatePayload {
  full_name: string;
  email: string;
  phone_number: string;
  /** Sent when the email address changes: the password re-authenticates the change. */
  current_password?: string;
}

export interface PasswordChangePayload {
  current_password: string;
  new_password: string;
}

export const PasswordChangeResponse = t.partial({ detail: t.string });
export type PasswordChangeResponse = t.TypeOf<typeof PasswordChangeResponse>;

export interface ProfileUpdateResult {
  profile: Profile;
  /** What the server said beside the profile, e.g. where it sent the confirmation link of a new address. */
  detail?: string;
}

const ProfileWithDetail = t.intersection([Profile, DetailAnswer]);

/**
 * PUT /auth/profile/update/: any 2xx is success. What the answer holds is not fixed (docs/backend-teams.md, 'What the contract
 * adds'): the reference server answers the profile as saved; a backend that answers something else (e.g.
 * `{ "detail": "…" }`) is read again with GET /auth/profile/.
 */
export async function updateProfile(
  client: ApiClient,
  payload: ProfileUpdatePayload,
): Promise<ProfileUpdateResult> {
  const answer = await client.put('/auth/profile/update/', payload, IgnoredBody);
  const decoded = ProfileWithDetail.decode(answer);
  if (decoded._tag === 'Right') return { profile: decoded.right, detail: decoded.right.detail };
  const detail = DetailAnswer.decode(answer);
  return {
    profile: await getProfile(client),
    detail: detail._tag === 'Right' ? detail.right.detail : undefined,
  };
}

/** POST /auth/change-password/: on success the server ends the user's other sessions. */
export async function changePassword(client: ApiClient, payload: PasswordChangePayload): Promise<void> {
  await client.post('/auth/change-password/', payload, PasswordChangeResponse);
}

export type AccountDeletion =
  | { outcome: 'deleted' }
  /** An account without a password confirms by a link mailed to it. */
  | { outcome: 'link-sent'; detail?: string };

const LinkSent = t.type({ code: t.literal(CONFIRMATION_SENT_CODE) });

/**
 * DELETE /auth/profile/ (204): removes the personal data, archives the CVs and ends every session. An account
 * with a password sends it (`current_password`); an account without one is answered 202 `confirmation_sent` and
 * confirms by the link mailed to it.
 */
export async function deleteAccount(
  client: ApiClient,
  payload: { current_password?: string } = {},
): Promise<AccountDeletion> {
  const answer = await client.delete('/auth/profile/', IgnoredBody, { body: payload });
  if (LinkSent.is(answer)) {
    const detail = DetailAnswer.decode(answer);
    return { outcome: 'link-sent', detail: detail._tag === 'Right' ? detail.right.detail : undefined };
  }
  return { outcome: 'deleted' };
}

/** DELETE /auth/email-change/: drops the change waiting for confirmation; answers the profile. */
export async function cancelPendingEmailChange(client: ApiClient): Promise<Profile> {
  const answer = await client.delete('/auth/email-change/', IgnoredBody);
  const decoded = Profile.decode(answer);
  return decoded._tag === 'Right' ? decoded.right : getProfile(client);
}

/** The links mailed about an account (its email change, its deletion), each opened on a page of its own. */
export type AccountLinkAction =
  | 'confirm-email-change'
  | 'approve-email-change'
  | 'cancel-email-change'
  | 'delete-account'
  | 'unlock-account';

const ACCOUNT_LINK_PATHS: Record<AccountLinkAction, string> = {
  'confirm-email-change': '/auth/email-change/confirm/',
  'approve-email-change': '/auth/email-change/approve/',
  'cancel-email-change': '/auth/email-change/cancel/',
  'delete-account': '/auth/delete-account/confirm/',
  'unlock-account': '/auth/account-unlock/',
};

/** POSTs a mailed link's uid and token to its call; resolves the server's words (`detail`) when it gave some. */
export async function followAccountLink(
  client: ApiClient,
  action: AccountLinkAction,
  link: { uid: string; token: string },
): Promise<string | undefined> {
  const answer = await client.post(ACCOUNT_LINK_PATHS[action], link, DetailAnswer);
  return answer.detail;
}

/**
 * PATCH /auth/profile/ `{ language }` (extension): keeps the interface language the person chose with their
 * account, so it follows them to other devices; answers the profile.
 */
export function saveLanguage(client: ApiClient, language: LanguageCode): Promise<Profile> {
  return client.patch('/auth/profile/', { language }, Profile);
}
