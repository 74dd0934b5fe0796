import * as t from 'io-ts';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { LoginResponse } from './auth';
import { IgnoredBody } from './codecs';
import type { ApiClient } from './http';

// Passkeys (an extension): the person's passkeys on the profile, and signing in with one. The ceremonies' options
// are the WebAuthn JSON the browser's passkey call takes (src/api/webauthn.ts); only what the app relies on is
// decoded, the rest passes through untouched. A backend without these calls answers 404: no passkeys card, and
// the sign-in button says passkeys are not offered.

export const Passkey = t.type({
  id: t.number,
  name: t.string,
  /** ISO 8601. */
  created: t.string,
  /** ISO 8601, or null before its first sign-in. */
  last_used: t.union([t.string, t.null]),
  /** Synced to the person's other devices by their password manager. */
  backed_up: t.boolean,
});
export type Passkey = t.TypeOf<typeof Passkey>;

export const Passkeys = t.array(Passkey);

const RegistrationOptions = t.type({
  challenge: t.string,
  rp: t.type({ name: t.string }),
  user: t.type({ id: t.string, name: t.string, displayName: t.string }),
  pubKeyCredParams: t.array(t.type({ alg: t.number, type: t.string })),
});
/** What `POST /auth/passkeys/register/options/` answers, for `navigator.credentials.create`. */
export const RegistrationOptionsCodec = RegistrationOptions as unknown as t.Decoder<
  unknown,
  PublicKeyCredentialCreationOptionsJSON
>;

const AuthenticationOptions = t.type({ challenge: t.string });
/** What `POST /auth/passkeys/login/options/` answers, for `navigator.credentials.get`. */
export const AuthenticationOptionsCodec = AuthenticationOptions as unknown as t.Decoder<
  unknown,
  PublicKeyCredentialRequestOptionsJSON
>;

/** GET /auth/passkeys/: the person's passkeys, the oldest first. */
export function listPasskeys(client: ApiClient, options?: { signal?: AbortSignal }): Promise<Passkey[]> {
  return client.get('/auth/passkeys/', Passkeys, options);
}

/** POST /auth/passkeys/register/options/: a new passkey's challenge and the account it is for. */
export function passkeyRegistrationOptions(
  client: ApiClient,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return client.post('/auth/passkeys/register/options/', {}, RegistrationOptionsCodec);
}

/** POST /auth/passkeys/register/: the browser's new credential, and its name (else the server names it). */
export function registerPasskey(
  client: ApiClient,
  payload: { credential: RegistrationResponseJSON; name?: string },
): Promise<Passkey> {
  return client.post('/auth/passkeys/register/', payload, Passkey);
}

/** POST /auth/passkeys/login/options/: a sign-in challenge. */
export function passkeySignInOptions(client: ApiClient): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return client.post('/auth/passkeys/login/options/', {}, AuthenticationOptionsCodec);
}

/** POST /auth/passkeys/login/: the browser's signed answer; signs in (both steps) and answers the user id. */
export function signInWithPasskey(
  client: ApiClient,
  credential: AuthenticationResponseJSON,
): Promise<LoginResponse> {
  return client.post('/auth/passkeys/login/', { credential }, LoginResponse);
}

/** PATCH /auth/passkeys/{id}/: a new name. */
export function renamePasskey(client: ApiClient, id: number, name: string): Promise<Passkey> {
  return client.patch(`/auth/passkeys/${id}/`, { name }, Passkey);
}

/** DELETE /auth/passkeys/{id}/ (204). */
export async function removePasskey(client: ApiClient, id: number): Promise<void> {
  await client.delete(`/auth/passkeys/${id}/`, IgnoredBody);
}
