import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { isStaffAccount, type User } from '../../src/users/repository.js';
import { isTwoStepOn } from '../../src/two-step/repository.js';
import { turnOnTwoStep } from '../two-step/support.js';
import { client, type TestClient } from '../helpers/app.js';

/** A browser on the admin panel: signed in as `user`, holding the CSRF cookie an admin page sets. */
export async function adminBrowser(app: FastifyInstance, user?: User): Promise<TestClient> {
  const c = await client(app);
  if (user) {
    // Staff use the panel only with two-step sign-in on (src/admin/routes.ts).
    if (isStaffAccount(user) && !(await isTwoStepOn(app.db, user.id))) await turnOnTwoStep(app, user.id);
    await c.signInAs(user.id);
  }
  await c.get('/admin/');
  if (!c.cookies.has('csrftoken')) await c.get('/auth/csrf/');
  return c;
}

/** Posts a form as the page would: urlencoded fields with the CSRF token (or `csrf` instead of it). */
export function submit(
  c: TestClient,
  url: string,
  fields: Record<string, string> = {},
  options: { csrf?: string | null } = {},
): Promise<LightMyRequestResponse> {
  const token = options.csrf === undefined ? c.cookies.get('csrftoken') : options.csrf;
  const body = new URLSearchParams({ ...(token === null || token === undefined ? {} : { csrfmiddlewaretoken: token }), ...fields });
  return c.post(url, body.toString(), {
    csrf: false,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** Every POST form on a page: its action and whether it carries the CSRF field with the cookie's token. */
export function postForms(html: string, token: string): Array<{ action: string; hasToken: boolean }> {
  const forms = [...html.matchAll(/<form\b[^>]*method="post"[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)];
  return forms.map(([, action, inner]) => ({
    action: action!.replace(/&amp;/g, '&'),
    hasToken: inner!.includes(`name="csrfmiddlewaretoken" value="${token}"`),
  }));
}

export async function auditLog(app: FastifyInstance) {
  return app.db.selectFrom('admin_audit_log').selectAll().orderBy('id').execute();
}
