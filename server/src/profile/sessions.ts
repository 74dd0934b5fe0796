import { msg } from '../../../rules/languages.js';
import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../http/errors.js';
import { requireUser } from '../http/session.js';
import { activeSessionsOf, endOtherSessions, endSessionOf } from '../sessions/repository.js';

/** One of the person's active sessions, as the profile lists it (`GET /auth/sessions/`). */
export interface ActiveSession {
  id: string;
  browser: string;
  os: string;
  last_used: string;
  current: boolean;
}

export const END_CURRENT_SESSION_DETAIL = msg('This is the session you are using: sign out to end it.');

/**
 * The id a session is known by to its owner: derived from the stored id (itself a hash of the cookie's token), so
 * neither the cookie nor the stored row can be recovered from it.
 */
export function publicSessionId(storedId: string): string {
  return createHash('sha256').update(`session:${storedId}`).digest('base64url').slice(0, 22);
}

/** 'Chrome 130', 'Linux'; 'Unknown browser' / 'Unknown system' when the user agent says nothing usable. */
export function describeUserAgent(userAgent: string | null): { browser: string; os: string } {
  if (!userAgent) return { browser: 'Unknown browser', os: 'Unknown system' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name
    ? `${parsed.browser.name}${major ? ` ${major}` : ''}`
    : 'Unknown browser';
  const os = parsed.os.name
    ? `${parsed.os.name}${parsed.os.versionName ? ` ${parsed.os.versionName}` : ''}`
    : 'Unknown system';
  return { browser, os };
}

const sessionParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{22}$' } },
} as const;

/**
 * Sessions you can see (an extension): the signed-in person lists their active sessions (this one marked)
 * and ends any other, or all others. Ending a session deletes its row: its cookie stops working on every instance.
 */
export async function sessionsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/auth/sessions/', async (request): Promise<ActiveSession[]> => {
    const userId = requireUser(request);
    const rows = await activeSessionsOf(app.db, userId);
    const listed = rows.map((row) => ({
      id: publicSessionId(row.id),
      ...describeUserAgent(row.user_agent),
      last_used: new Date(row.last_seen_at).toISOString(),
      current: row.id === request.sessionId,
    }));
    // This session first, then the most recently used.
    return [...listed.filter((session) => session.current), ...listed.filter((session) => !session.current)];
  });

  app.delete<{ Params: { id: string } }>(
    '/auth/sessions/:id/',
    { schema: { params: sessionParams } },
    async (request, reply) => {
      const userId = requireUser(request);
      const target = (await activeSessionsOf(app.db, userId)).find(
        (row) => publicSessionId(row.id) === request.params.id,
      );
      // Another person's session, an ended one and a made-up id are all simply not found.
      if (!target) throw notFound();
      if (target.id === request.sessionId) throw badRequest(END_CURRENT_SESSION_DETAIL);
      await endSessionOf(app.db, userId, target.id);
      return reply.code(204).send();
    },
  );

  app.post('/auth/sessions/end-others/', async (request) => {
    const userId = requireUser(request);
    return { ended: await endOtherSessions(app.db, userId, request.sessionId!) };
  });
}
