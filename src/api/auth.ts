import * as t from 'io-ts';
import type { ApiClient } from './http';
import { IgnoredBody } from './codecs';
import { ApiError } from './api-error';

export const Profile = t.intersection([
  t.type({
    full_name: t.string,
    email: t.string,
    phone_number: t.union([t.string, t.null]),
    is_staff: t.boolean,
    is_superuser: t.boolean,
  }),
  // Extensions of the reference server; a backend that leaves them out has no pending change and asks for
  // the password wherever an account has one.
  t.partial({
    /** A new address waiting for its confirmation link to be opened. */
    pending_email: t.union([t.string, t.null]),
    /** False for an account that only signs in with Google or LinkedIn. */
    has_password: t.boolean,
    /** Whether sign-in asks for a code from an authenticator app; without it, no two-step card. */
    two_factor_enabled: t.boolean,
    /**
     * The interface language the person chose (a code such as 'de'), null while they never chose; it follows them
     * to other devices. A code this app does not speak is read as no choice.
     */
    language: t.union([t.string, t.null]),
  }),
]);
export type Profile = t.TypeOf<typeof Profile>;

/** The answer of the calls that only tell what happened (`{ "detail": "…" }`). */
export const DetailAnswer = t.partial({ detail: t.string });
export type DetailAnswer = t.TypeOf<typeof DetailAnswer>;

export function fetchCsrf(client: ApiClient): Promise<void> {
  return client.fetchCsrf();
}

export function getProfile(client: ApiClient, options?: { signal?: AbortSignal }): Promise<Profile> {
  return client.get('/auth/profile/', Profile, options);
}

export async function logout(client: ApiClient): Promise<void> {
  await client.post('/auth/logout/', {}, IgnoredBody);
}

// Account endpoints (docs/behaviour.md#api-calls). Every answer is decoded; a failure is one ApiError
// (docs/behaviour.md#messages).

/** User ids are integers on the reference server; other backends may send them as text. */
export const UserId = t.union([t.number, t.string]);
export type UserId = t.TypeOf<typeof UserId>;

export const LoginResponse = t.type({ user_id: UserId });
export type LoginResponse = t.TypeOf<typeof LoginResponse>;

/** [extension] The first step of a sign-in passed: the code from the authenticator app is still to come. */
export const TwoFactorRequired = t.type({ two_factor_required: t.literal(true) });
export type TwoFactorRequired = t.TypeOf<typeof TwoFactorRequired>;

/** What a sign-in (password, Google, LinkedIn) answers: signed in, or asked for the second step. */
export const LoginOutcome = t.union([TwoFactorRequired, LoginResponse]);
export type LoginOutcome = t.TypeOf<typeof LoginOutcome>;

export function needsSecondStep(outcome: LoginOutcome): outcome is TwoFactorRequired {
  return 'two_factor_required' in outcome && outcome.two_factor_required === true;
}

/** The user id of a sign-in that is done ('' for one that still needs its code: the flows never ask then). */
export function signedInUserId(outcome: LoginOutcome): UserId {
  return 'user_id' in outcome ? outcome.user_id : '';
}

/** The answer to a reset may carry the user id (docs/behaviour.md#api-calls). */
export const PasswordResetConfirmResponse = t.partial({ user_id: t.union([UserId, t.null]) });
export type PasswordResetConfirmResponse = t.TypeOf<typeof PasswordResetConfirmResponse>;

export interface LoginPayload {
  email: string;
  password: string;
}

export interface RegistrationPayload {
  full_name: string;
  email: string;
  phone_number: string;
  password1: string;
  password2: string;
}

export interface EmailConfirmationLink {
  uid: string;
  token: string;
}

export interface PasswordResetConfirmPayload {
  uid: string;
  token: string;
  new_password: string;
}

/**
 * POST /auth/login/: 200 is success (docs/behaviour.md#api-calls); an account with two-step sign-in on answers
 * `{ two_factor_required: true }` and no session yet (POST /auth/login/2fa/ finishes it: api/two-step.ts).
 */
export function login(client: ApiClient, payload: LoginPayload): Promise<LoginOutcome> {
  return client.post('/auth/login/', payload, LoginOutcome, { expectStatus: 200 });
}

/** POST /auth/register/: 201 is success (docs/behaviour.md#api-calls). */
export async function register(client: ApiClient, payload: RegistrationPayload): Promise<void> {
  await client.post('/auth/register/', payload, IgnoredBody, { expectStatus: 201 });
}

/** GET /auth/confirm-email/?uid=&token= (the email-confirm endpoint the spec leaves to configuration: docs/backend-teams.md). */
export async function confirmEmail(client: ApiClient, link: EmailConfirmationLink): Promise<void> {
  await client.get('/auth/confirm-email/', IgnoredBody, { params: { uid: link.uid, token: link.token } });
}

/**
 * POST /auth/password-reset/: 200 is success; any other 2xx is an ApiError carrying that status
 * (docs/behaviour.md#messages).
 */
export async function requestPasswordReset(client: ApiClient, payload: { email: string }): Promise<void> {
  await client.post('/auth/password-reset/', payload, IgnoredBody, { expectStatus: 200 });
}

/** POST /auth/password-reset-confirm/: sets the password and signs the user in. */
export function confirmPasswordReset(
  client: ApiClient,
  payload: PasswordResetConfirmPayload,
): Promise<PasswordResetConfirmResponse> {
  return client.post('/auth/password-reset-confirm/', payload, PasswordResetConfirmResponse);
}

/**
 * POST /auth/password-reset-validate/ [extension]: whether a reset link can still be used, asked when the reset
 * page opens. Resolves true when it can, false when the backend has no such call (404, 405: the form is shown and
 * the link is judged on submit); a refused link is an ApiError (400 with the reason).
 */
export async function validatePasswordResetLink(
  client: ApiClient,
  link: { uid: string; token: string },
  options?: { signal?: AbortSignal },
): Promise<boolean> {
  try {
    await client.post('/auth/password-reset-validate/', link, IgnoredBody, options);
    return true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 405)) return false;
    throw error;
  }
}

/** POST /auth/resend-confirmation/: a new confirmation link for an account that is not confirmed yet. */
export async function resendConfirmation(client: ApiClient, payload: { email: string }): Promise<void> {
  await client.post('/auth/resend-confirmation/', payload, IgnoredBody);
}

/**
 * Whether a failed login was refused because the email address is not confirmed yet, so the sign-in screen
 * can offer a new confirmation link. The reference server says so with `code: 'email_not_confirmed'`; other
 * backends only in words, hence the text match.
 */
export function isUnconfirmedAccountError(error: unknown): boolean {
  if (
    !(error instanceof ApiError) ||
    error.status === undefined ||
    error.status < 400 ||
    error.status >= 500
  ) {
    return false;
  }
  const data = error.data;
  if (
    data !== null &&
    typeof data === 'object' &&
    (data as Record<string, unknown>).code === 'email_not_confirmed'
  ) {
    return true;
  }
  return /\b(confirm|verify|activate)\b[^.]*\bemail\b|\bemail\b[^.]*\bnot (been )?(confirmed|verified|activated)\b/i.test(
    error.serverMessage ?? '',
  );
}
