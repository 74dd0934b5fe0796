import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * The trusted-browser cookie ("device cookie", OWASP's answer to lockouts that anyone can cause): a browser that
 * signed in to an account is given a cookie naming the account, signed with the server's secret key. A lockout
 * of the account (too many wrong passwords from elsewhere) does not stop that browser: its sign-ins are counted
 * under its own key instead (auth/routes.ts). Nothing is stored: the cookie carries its account, when it was
 * issued and a random id, and the signature proves the server made it.
 *
 * One account per browser: a sign-in to another account replaces it.
 */

export const DEVICE_COOKIE = 'trusted_device';
/** A browser stays trusted this long after its latest sign-in (every sign-in renews the cookie). */
export const DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const PATTERN = /^v1\.(\d{1,15})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export interface TrustedDevice {
  userId: number;
  /** The cookie's random id: the key its own sign-in attempts are counted under. */
  id: string;
}

function signature(secretKey: string, payload: string): string {
  const key = createHmac('sha256', secretKey).update('cv-builder.security.trusted-device').digest();
  return createHmac('sha256', key).update(payload).digest('base64url');
}

/** A signed cookie value: `v1.<user id>.<issued at, base36 seconds>.<random id>.<HMAC>`. */
export function makeDeviceToken(secretKey: string, userId: number, at: Date): string {
  const payload = `v1.${userId}.${Math.floor(at.getTime() / 1000).toString(36)}.${randomBytes(16).toString('base64url')}`;
  return `${payload}.${signature(secretKey, payload)}`;
}

/** The account and id a cookie value vouches for, or null when it is malformed, forged or too old. */
export function readDeviceToken(secretKey: string, token: string | undefined, at: Date): TrustedDevice | null {
  const match = token ? PATTERN.exec(token) : null;
  if (!match) return null;
  const payload = token!.slice(0, token!.lastIndexOf('.'));
  const expected = Buffer.from(signature(secretKey, payload));
  const given = Buffer.from(match[4]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const issuedAtMs = parseInt(match[2]!, 36) * 1000;
  if (at.getTime() - issuedAtMs > DEVICE_MAX_AGE_SECONDS * 1000) return null;
  const userId = Number(match[1]);
  if (!Number.isSafeInteger(userId) || userId <= 0) return null;
  return { userId, id: match[3]! };
}

/** The account this browser is trusted for, if its cookie is genuine. */
export function trustedDeviceOf(request: FastifyRequest, at: Date): TrustedDevice | null {
  return readDeviceToken(request.server.config.secretKey, request.cookies[DEVICE_COOKIE], at);
}

/** Marks this browser as one that signed in to `userId` (called on every sign-in). */
export function trustDevice(request: FastifyRequest, reply: FastifyReply, userId: number, at: Date): void {
  reply.setCookie(DEVICE_COOKIE, makeDeviceToken(request.server.config.secretKey, userId, at), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.config.publicUrl.startsWith('https:'),
    maxAge: DEVICE_MAX_AGE_SECONDS,
  });
}
