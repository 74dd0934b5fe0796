import { msg } from '../../../rules/languages.js';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `config: { csrf: false }` exempts a route from the CSRF check (e.g. a machine-to-machine hook). */
    csrf?: boolean;
  }
}

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const CSRF_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

const CSRF_FAILED = msg('CSRF token missing or incorrect.');

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

// Over https a forged request from another site still carries our cookies; its Origin/Referer does not lie.
function checkOrigin(request: FastifyRequest): void {
  const publicUrl = new URL(request.server.config.publicUrl);
  if (publicUrl.protocol !== 'https:') return;
  const origin = request.headers.origin;
  if (origin) {
    if (origin !== publicUrl.origin)
      throw forbidden({
        id: msg('Origin checking failed - {origin} does not match any trusted origins.'),
        values: { origin },
      });
    return;
  }
  const referer = request.headers.referer;
  if (referer) {
    let host: string | undefined;
    try {
      host = new URL(referer).host;
    } catch {
      host = undefined;
    }
    if (host !== publicUrl.host)
      throw forbidden(msg('Referer checking failed - Referer does not match any trusted origins.'));
  }
}

/**
 * Django-style double-submit CSRF: `GET /auth/csrf/` sets the readable `csrftoken` cookie, and every
 * unsafe request must echo it in `X-CSRFToken`. Runs before body parsing, so a forged request is
 * refused before anything else is looked at.
 */
export function registerCsrf(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.is404 || request.routeOptions.config.csrf === false)
      return;
    checkOrigin(request);
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) throw forbidden(CSRF_FAILED);
  });
}

export async function csrfRoutes(app: FastifyInstance): Promise<void> {
  app.get('/auth/csrf/', async (request, reply) => {
    const existing = request.cookies[CSRF_COOKIE];
    const token = existing && TOKEN_PATTERN.test(existing) ? existing : randomBytes(32).toString('base64url');
    reply.setCookie(CSRF_COOKIE, token, {
      path: '/',
      httpOnly: false,
      sameSite: 'lax',
      secure: app.config.publicUrl.startsWith('https:'),
      maxAge: CSRF_MAX_AGE_SECONDS,
    });
    return { detail: msg('CSRF cookie set') };
  });
}
