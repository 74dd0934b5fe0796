import * as t from 'io-ts';
import { LoginResponse } from './auth';
import type { ApiClient } from './http';

// Two-step sign-in with an authenticator app (an extension; docs/features/two-step-sign-in.md). A backend without
// it never answers `two_factor_required` and its profile has no `two_factor_enabled`: the profile then shows no
// two-step card.

export const TwoStepSetup = t.type({
  /** The key in base32, for people who type it into their app instead of scanning. */
  secret: t.string,
  /** The `otpauth://totp/…` address the QR code holds. */
  otpauth_url: t.string,
});
export type TwoStepSetup = t.TypeOf<typeof TwoStepSetup>;

export const RecoveryCodes = t.type({ recovery_codes: t.array(t.string) });

/** POST /auth/2fa/totp/setup/: a new key, pending until a code from it turns two-step on. */
export function startTwoStepSetup(client: ApiClient): Promise<TwoStepSetup> {
  return client.post('/auth/2fa/totp/setup/', {}, TwoStepSetup);
}

/** POST /auth/2fa/totp/enable/ { code }: two-step is on; the ten recovery codes, shown only now. */
export async function enableTwoStep(client: ApiClient, payload: { code: string }): Promise<string[]> {
  return (await client.post('/auth/2fa/totp/enable/', payload, RecoveryCodes)).recovery_codes;
}

export interface DisableTwoStepPayload {
  /** Left out for an account without a password (Google or LinkedIn only). */
  current_password?: string;
  code: string;
}

/** POST /auth/2fa/disable/ { current_password, code }: two-step is off. */
export async function disableTwoStep(client: ApiClient, payload: DisableTwoStepPayload): Promise<void> {
  await client.post('/auth/2fa/disable/', payload, t.unknown);
}

export interface NewRecoveryCodesPayload {
  /** Left out for an account without a password (Google or LinkedIn only). */
  password?: string;
  /** Six digits from the app: a recovery code cannot make new ones. */
  code: string;
}

/**
 * POST /auth/2fa/recovery-codes/ { password, code }: ten new recovery codes, shown only now; the old ones no longer
 * work and two-step sign-in stays on (an optional extension: a backend without it answers 404).
 */
export async function newRecoveryCodes(client: ApiClient, payload: NewRecoveryCodesPayload): Promise<string[]> {
  return (await client.post('/auth/2fa/recovery-codes/', payload, RecoveryCodes)).recovery_codes;
}

export interface SecondStepPayload {
  /** Six digits from the app, or a recovery code. */
  code: string;
  /** Skip the code on this browser for 30 days. */
  trust_device?: boolean;
}

/** POST /auth/login/2fa/: the second step of a sign-in; the session starts, as after POST /auth/login/. */
export function verifySignInCode(client: ApiClient, payload: SecondStepPayload): Promise<LoginResponse> {
  return client.post('/auth/login/2fa/', payload, LoginResponse, { expectStatus: 200 });
}
