import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../render/rich-text.js';
import { findUserById, isStaffAccount, type User } from '../auth/users-repository.js';
import { CSRF_COOKIE } from '../http/csrf.js';
import { endSession } from '../http/session.js';

/*
 * The server's admin panel (docs/behaviour.md#who-may-do-what: staff and superusers are sent here). Its content comes in a
 * later issue; for now staff get a page with a sign-out form and everyone else a 403 page that
 * explains and links to sign-in. Plain HTML forms: no JavaScript is needed to sign out.
 */

const CSRF_FIELD = 'csrfmiddlewaretoken';
const CSRF_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const CSRF_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  // Scoped to this plugin: the sign-out form posts urlencoded fields, which the JSON API never accepts.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.get('/admin/', async (request, reply) => {
    const user = request.userId === null ? undefined : await findUserById(app.db, request.userId);
    if (!user || user.is_active !== 1 || !isStaffAccount(user)) {
      return sendPage(reply.code(403), forbiddenPage(user));
    }
    return sendPage(reply, adminPage(user, csrfToken(request, reply)));
  });

  // A form cannot send the X-CSRFToken header: it echoes the cookie in a field instead (Django's way).
  app.post<{ Body: Record<string, string> | undefined }>(
    '/admin/logout/',
    { config: { csrf: false } },
    async (request, reply) => {
      const cookie = request.cookies[CSRF_COOKIE];
      const field = request.body?.[CSRF_FIELD];
      if (!cookie || typeof field !== 'string' || !sameToken(cookie, field)) {
        return sendPage(reply.code(403), csrfFailedPage());
      }
      await endSession(request, reply);
      return reply.redirect('/signin', 303);
    },
  );
}

function csrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[CSRF_COOKIE];
  if (existing && CSRF_TOKEN_PATTERN.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  // The same cookie GET /auth/csrf/ sets, so the web app and this page share one token.
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: request.server.config.publicUrl.startsWith('https:'),
    maxAge: CSRF_COOKIE_MAX_AGE_SECONDS,
  });
  return token;
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function sendPage(reply: FastifyReply, html: string) {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .send(html);
}

function adminPage(user: User, csrf: string): string {
  const role = user.is_superuser === 1 ? 'Superuser' : 'Staff';
  const who = user.full_name.trim() ? `${user.full_name.trim()} (${user.email})` : user.email;
  return page(
    'CV Builder administration',
    `<h1>CV Builder administration</h1>
    <p class="muted">Signed in as <strong>${escapeHtml(who)}</strong> · ${role}</p>
    <p>The administration tools will appear here.</p>
    <form method="post" action="/admin/logout/">
      <input type="hidden" name="${CSRF_FIELD}" value="${escapeHtml(csrf)}">
      <button type="submit">Sign out</button>
    </form>`,
  );
}

function forbiddenPage(user: User | undefined): string {
  const signedIn = user
    ? `<p>You are signed in as ${escapeHtml(user.email)}, which is not a staff account.</p>
    <p><a class="button" href="/">Back to CV Builder</a> <a href="/signin">Sign in with another account</a></p>`
    : `<p><a class="button" href="/signin">Sign in</a></p>`;
  return page(
    'Staff only · CV Builder',
    `<h1>Staff only</h1>
    <p>The CV Builder administration is for staff accounts only.</p>
    ${signedIn}`,
  );
}

function csrfFailedPage(): string {
  return page(
    'Sign-out refused · CV Builder',
    `<h1>Sign-out refused</h1>
    <p>CSRF token missing or incorrect. Reload the administration page and try again.</p>
    <p><a class="button" href="/admin/">Back to administration</a></p>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light dark; --bg: #f7f7f8; --card: #ffffff; --text: #1a202c; --muted: #4a5568; --accent: #0f766e; --border: #e2e8f0; }
  @media (prefers-color-scheme: dark) { :root { --bg: #111214; --card: #1c1d21; --text: #edf2f7; --muted: #a0aec0; --accent: #2dd4bf; --border: #2d3139; } }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--text);
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
  main { background: var(--card); border: 1px solid var(--border); border-radius: 12px; padding: 2rem 2.5rem; max-width: 32rem; margin: 1rem; }
  h1 { margin-top: 0; font-size: 1.5rem; }
  .muted { color: var(--muted); }
  a { color: var(--accent); }
  a.button, button { display: inline-block; padding: .5rem 1rem; border-radius: 6px; border: 0; background: var(--accent);
    color: var(--card); font: inherit; font-weight: 600; text-decoration: none; cursor: pointer; margin-right: .75rem; }
  a.button:focus-visible, button:focus-visible, a:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
</style>
</head>
<body>
<main>
    ${body}
</main>
</body>
</html>
`;
}
