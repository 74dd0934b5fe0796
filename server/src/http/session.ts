import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { deleteExpiredSessions, deleteSession, findLiveSession, insertSession, touchSession } from '../sessions/repository.js';
import { recordSignIn } from '../users/repository.js';
import { now } from '../auth/clock.js';
import { trustDevice } from '../security/device.js';
import { recordSecurityEvent, type SignInMethod } from '../security/events.js';
import { unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, or null; set from the `sessionid` cookie before any handler runs. */
    userId: number | null;
    /** Stored id (token hash) of the request's session, or null. */
    sessionId: string | null;
  }
}

export const SESSION_COOKIE = 'sessionid';
export const SESSION_MAX_AGE_SECONDS = 14 * 24 * 60 * 60; // Django's default: two weeks
// Writing last_seen_at on every request would turn each read into a write.
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Creates a session row and returns the raw token for the cookie (tests use it to sign in directly). */
export async function createSessionToken(
  db: Kysely<Database>,
  userId: number | null,
  userAgent?: string,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const created = new Date();
  await insertSession(db, {
    id: hashToken(token),
    userId,
    createdAt: created,
    expiresAt: new Date(created.getTime() + SESSION_MAX_AGE_SECONDS * 1000),
    userAgent,
  });
  return token;
}

function cookieOptions(request: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.server.config.publicUrl.startsWith('https:'),
  };
}

export interface StartSessionOptions {
  /** How the person proved who they are; shown in their security activity. */
  method?: SignInMethod;
}

/** Replaces the request's session (if any) by a new one of `userId`: a NEW id, the old row gone. */
async function rotateSession(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const { db } = request.server;
  if (request.sessionId) await deleteSession(db, request.sessionId);
  // Expired rows are swept here, at sign-in, rather than by a timer every instance would run.
  await deleteExpiredSessions(db);
  const token = await createSessionToken(db, userId, request.headers['user-agent']);
  request.sessionId = hashToken(token);
  request.userId = userId;
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: SESSION_MAX_AGE_SECONDS });
}

/**
 * Signs the user in with a NEW session id (rotation defeats session fixation); the old row goes. Every sign-in
 * route comes through here, so this is where a sign-in is recorded: the admin lists' last sign-in, the person's
 * security activity ('signin_succeeded', with `options.method`), and the trusted-browser cookie that lets this
 * browser past a lockout others cause (security/device.ts).
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  options: StartSessionOptions = {},
): Promise<void> {
  const { db } = request.server;
  await rotateSession(request, reply, userId);
  await recordSignIn(db, userId);
  await recordSecurityEvent(db, {
    userId,
    kind: 'signin_succeeded',
    request,
    detail: options.method ? { method: options.method } : {},
  });
  trustDevice(request, reply, userId, now());
}

/**
 * Gives the signed-in browser a new session id, e.g. after a password change: whoever may have learnt the old
 * cookie holds nothing. Not a sign-in: nothing is recorded.
 */
export async function renewSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.userId === null) return;
  await rotateSession(request, reply, request.userId);
}

export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.sessionId) await deleteSession(request.server.db, request.sessionId);
  request.sessionId = null;
  request.userId = null;
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}

/** The signed-in user's id, or 401 "Authentication credentials were not provided." */
export function requireUser(request: FastifyRequest): number {
  if (request.userId === null) throw unauthorized();
  return request.userId;
}

export function registerSessions(app: FastifyInstance): void {
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const id = hashToken(token);
    const session = await findLiveSession(app.db, id);
    if (!session) return;
    request.sessionId = id;
    request.userId = session.user_id;
    const current = new Date();
    if (current.getTime() - Date.parse(session.last_seen_at) > LAST_SEEN_RESOLUTION_MS) {
      await touchSession(app.db, id, current);
    }
  });
}
