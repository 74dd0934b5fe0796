import { msg } from '../../../rules/languages.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { now } from '../auth/clock.js';
import { checkToken, makeToken } from '../auth/tokens.js';
import type { User } from '../users/repository.js';
import { twoStepOf } from './repository.js';

/*
 * Between the two steps of a sign-in. An account with two-step sign-in on gets no session from its password (or
 * Google, or LinkedIn): the browser gets a short-lived signed cookie saying who passed the first step, and
 * POST /auth/login/2fa/ takes the code. "Trust this device" is another signed cookie that skips the code on this
 * browser for 30 days. Both are stateless tokens (auth/tokens.ts) bound to the account's password change time and
 * to when two-step was turned on: a new password, or two-step turned off and on again, voids them all.
 */

export const PENDING_COOKIE = 'two_step_pending';
export const TRUSTED_COOKIE = 'two_step_trusted';
export const PENDING_MAX_AGE_MS = 5 * 60 * 1000;
export const TRUSTED_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const COOKIE_PATH = '/auth/';

/** How the first step was passed, carried to the second (a security log can name it). */
export type FirstStep = 'password' | 'google' | 'linkedin';
const FIRST_STEPS: readonly FirstStep[] = ['password', 'google', 'linkedin'];

export const TWO_FACTOR_REQUIRED_DETAIL = msg('Enter the 6-digit code from your authenticator app.');

/** What POST /auth/login/ (and the social sign-ins) answer when the code is still to come. */
export interface TwoFactorRequired {
  two_factor_required: true;
  detail: string;
}

function boundState(user: User, enabledAt: string, step?: FirstStep) {
  return step === undefined
    ? [user.password_changed_at, enabledAt]
    : [user.password_changed_at, enabledAt, step];
}

function cookieOptions(request: FastifyRequest, maxAgeMs: number) {
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.server.config.publicUrl.startsWith('https:'),
    maxAge: Math.floor(maxAgeMs / 1000),
  };
}

/** `<user id>.<first step>.<token>` or `<user id>.<token>`: the id and the step in clear, the token signs them. */
function parse(value: string | undefined): { userId: number; step?: FirstStep; token: string } | null {
  const parts = (value ?? '').split('.');
  const id = Number(parts[0]);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  if (parts.length === 3 && FIRST_STEPS.includes(parts[1] as FirstStep))
    return { userId: id, step: parts[1] as FirstStep, token: parts[2]! };
  if (parts.length === 2) return { userId: id, token: parts[1]! };
  return null;
}

/**
 * After the first step: null when the account may have its session now (two-step off, or this browser trusted),
 * else the answer that asks for the code, with the pending cookie set.
 */
export async function secondStepNeeded(
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  step: FirstStep,
): Promise<TwoFactorRequired | null> {
  const twoStep = await twoStepOf(request.server.db, user.id);
  if (!twoStep?.enabled_at) return null;
  if (isTrustedDevice(request, user, twoStep.enabled_at)) return null;
  const value = pendingCookieValue(request.server.config.secretKey, user, twoStep.enabled_at, step);
  reply.setCookie(PENDING_COOKIE, value, cookieOptions(request, PENDING_MAX_AGE_MS));
  return { two_factor_required: true, detail: TWO_FACTOR_REQUIRED_DETAIL };
}

/** The pending cookie's value: who passed the first step, how, signed. */
export function pendingCookieValue(
  secretKey: string,
  user: User,
  enabledAt: string,
  step: FirstStep,
): string {
  const token = makeToken(
    secretKey,
    'two-step-pending',
    { userId: user.id, state: boundState(user, enabledAt, step) },
    now(),
  );
  return `${user.id}.${step}.${token}`;
}

/** Who passed the first step on this browser in the last 5 minutes (their id and how), or null. */
export function pendingSignIn(
  request: FastifyRequest,
): { userId: number; step: FirstStep; token: string } | null {
  const parsed = parse(request.cookies[PENDING_COOKIE]);
  return parsed?.step ? { userId: parsed.userId, step: parsed.step, token: parsed.token } : null;
}

/** Whether the pending cookie's token still holds for this account (not expired, nothing changed since). */
export function pendingStillValid(
  request: FastifyRequest,
  pending: { step: FirstStep; token: string },
  user: User,
  enabledAt: string,
): boolean {
  const subject = { userId: user.id, state: boundState(user, enabledAt, pending.step) };
  return (
    checkToken(
      request.server.config.secretKey,
      'two-step-pending',
      subject,
      pending.token,
      now(),
      PENDING_MAX_AGE_MS,
    ) === 'valid'
  );
}

export function clearPending(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(PENDING_COOKIE, { ...cookieOptions(request, 0), maxAge: undefined });
}

/** "Trust this device for 30 days": the next sign-ins of this account on this browser skip the code. */
export function trustDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  enabledAt: string,
): void {
  const token = makeToken(
    request.server.config.secretKey,
    'two-step-trusted-device',
    { userId: user.id, state: boundState(user, enabledAt) },
    now(),
  );
  reply.setCookie(TRUSTED_COOKIE, `${user.id}.${token}`, cookieOptions(request, TRUSTED_MAX_AGE_MS));
}

function isTrustedDevice(request: FastifyRequest, user: User, enabledAt: string): boolean {
  const parsed = parse(request.cookies[TRUSTED_COOKIE]);
  if (!parsed || parsed.step || parsed.userId !== user.id) return false;
  const subject = { userId: user.id, state: boundState(user, enabledAt) };
  return (
    checkToken(
      request.server.config.secretKey,
      'two-step-trusted-device',
      subject,
      parsed.token,
      now(),
      TRUSTED_MAX_AGE_MS,
    ) === 'valid'
  );
}
