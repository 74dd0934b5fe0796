import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MAIL, queueConfirmation } from '../auth/account-mail.js';
import { now } from '../auth/clock.js';
import {
  activeSuperusers,
  deactivateUser,
  findUserById,
  isStaffAccount,
  listUsers,
  reactivateUser,
  setRoles,
  USER_SORTS,
  type User,
  type UserListRow,
  type UserSort,
  type UserSortKey,
} from '../users/repository.js';
import { CSRF_COOKIE } from '../http/csrf.js';
import { endSession } from '../http/session.js';
import { endUserSessions, openSessionsOf } from '../sessions/repository.js';
import { cvCountsOf } from '../cvs/repository.js';
import { deleteAccount } from '../profile/account-deletion.js';
import { AUDIT_ACTIONS, listAudit, recordAudit, type AuditEntry } from './audit.js';
import { catalogueRoutes } from './catalogue-routes.js';
import { cvRoutes } from './cv-routes.js';
import { dashboardView } from './dashboard.js';
import {
  msg,
  requestLanguage,
  translate,
  translator,
  type LanguageCode,
  type Message,
} from '../i18n/index.js';
import { notice, pageNumber, pager, PAGE_SIZE, searchText, when, type AdminKit, type Form } from './kit.js';
import { renderPage, type PageFrame } from './views.js';
import { twoStepAdminRoutes } from './two-step-routes.js';
import { isTwoStepOn } from '../two-step/repository.js';
import { nonceStyledPage } from '../http/security-headers.js';

/*
 * The server's admin panel (docs/behaviour.md#who-may-do-what: staff and superusers are sent here).
 * Plain HTML pages and forms, no JavaScript: every page checks the staff account server-side (anyone else gets
 * the 403 page), every change is a POST carrying the CSRF token in a form field, and every change writes an
 * audit entry in its own transaction.
 */

export const CSRF_FIELD = 'csrfmiddlewaretoken';
const CSRF_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const CSRF_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;
const DEFAULT_USER_SORT = '-joined';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member on an /admin/ route (set by the plugin's guard). */
    staff: User | null;
  }
}

export const NOTICES: Record<string, Message> = {
  confirmation: msg('A new confirmation link is on its way to the user.'),
  reset: msg('A password-reset mail is on its way to the user.'),
  deactivated: msg('The account is deactivated: its sessions ended and it can no longer sign in.'),
  reactivated: msg('The account is active again.'),
  sessions: msg('Every session of the account has ended.'),
  deleted: msg('The account is deleted: personal data removed, CVs archived.'),
  roles: msg('Permissions saved.'),
  enabled: msg('The template is active: it is listed in the catalogue again.'),
  disabled: msg(
    'The template is inactive: it no longer appears in the catalogue. Saved CVs still open and download.',
  ),
  template: msg('Template saved.'),
  icon: msg('The icon was rendered again.'),
  'tag-created': msg('Tag created.'),
  'tag-renamed': msg('Tag renamed.'),
  'tag-deleted': msg('Tag deleted.'),
  restored: msg('The CV is restored: its owner sees it in their list again.'),
};

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  // Scoped to this plugin: the admin forms post urlencoded fields, which the JSON API never accepts.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  app.decorateRequest('staff', null);

  // A form cannot send the X-CSRFToken header: it echoes the cookie in a field instead (Django's way). Checked
  // first, then the account: everyone who is not active staff gets the 403 page, on every page and action.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method === 'POST') {
      const cookie = request.cookies[CSRF_COOKIE];
      const field = (request.body as Form | undefined)?.[CSRF_FIELD];
      if (!cookie || typeof field !== 'string' || !sameToken(cookie, field)) {
        const language = await requestLanguage(request);
        const heading = request.url.startsWith('/admin/logout')
          ? msg('Sign-out refused')
          : msg('Action refused');
        return send(
          reply.code(403),
          renderPage('csrf-failed', { language, title: heading }, { heading: translate(language, heading) }),
        );
      }
      if (request.url.startsWith('/admin/logout')) return;
    }
    const user = request.userId === null ? undefined : await findUserById(app.db, request.userId);
    if (!user || user.is_active !== 1 || user.deactivated_at !== null || !isStaffAccount(user)) {
      const language = await requestLanguage(request);
      return send(
        reply.code(403),
        renderPage('forbidden', { language, title: msg('Staff only') }, { email: user?.email }),
      );
    }
    request.staff = user;
    // Staff hold everyone's data: the panel is theirs only with two-step sign-in on (two-step-routes.ts sets it up).
    if (!request.url.startsWith('/admin/two-step/') && !(await isTwoStepOn(app.db, user.id))) {
      return send(
        reply.code(403),
        renderPage('two-step-required', await bareFrame(request, reply, msg('Turn on two-step sign-in')), {
          email: user.email,
        }),
      );
    }
  });

  /** The frame of a page without the panel's navigation (before two-step sign-in is on). */
  async function bareFrame(request: FastifyRequest, reply: FastifyReply, title: Message): Promise<PageFrame> {
    return { language: await requestLanguage(request), title, csrf: csrfToken(request, reply) };
  }

  const kit: AdminKit = {
    async frame(request, reply, section, title) {
      const staff = request.staff!;
      const name = staff.full_name.trim();
      return {
        language: await requestLanguage(request),
        title,
        section,
        admin: {
          who: name ? `${name} (${staff.email})` : staff.email,
          role: staff.is_superuser === 1 ? msg('Superuser') : msg('Staff'),
        },
        csrf: csrfToken(request, reply),
        notice: NOTICES[String((request.query as Record<string, unknown>)?.done ?? '')],
      };
    },
    audited(request, entry, work) {
      return app.db.transaction().execute(async (trx) => {
        const result = await work(trx);
        await recordAudit(trx, request.staff!, request.ip, entry);
        return result;
      });
    },
    send,
    async notFound(request, reply, message, back) {
      const frame = await kit.frame(request, reply, 'dashboard', msg('Not found'));
      return send(
        reply.code(404),
        renderPage('not-found', frame, { message: translate(frame.language, message), back }),
      );
    },
    action(path, handler) {
      app.post(path, { config: { csrf: false } }, handler as never);
    },
  };

  app.post('/admin/logout/', { config: { csrf: false } }, async (request, reply) => {
    await endSession(request, reply);
    return reply.redirect('/signin', 303);
  });

  app.get('/admin/', async (request, reply) => {
    const frame = await kit.frame(request, reply, 'dashboard', msg('Dashboard'));
    return send(reply, renderPage('dashboard', frame, await dashboardView(app, frame.language)));
  });

  twoStepAdminRoutes(app, kit, bareFrame);
  userRoutes(app, kit);
  catalogueRoutes(app, kit);
  cvRoutes(app, kit);
  auditRoutes(app, kit);
}

function userRoutes(app: FastifyInstance, kit: AdminKit): void {
  app.get<{ Querystring: Record<string, string | undefined> }>('/admin/users/', async (request, reply) => {
    const q = searchText(request.query.q);
    const sort = parseUserSort(request.query.sort);
    const page = pageNumber(request.query.page);
    const { total, rows } = await listUsers(app.db, q, sort, page, PAGE_SIZE);
    const sortParam = `${sort.descending ? '-' : ''}${sort.key}`;
    const link = (params: Record<string, string | number>) =>
      `/admin/users/?${new URLSearchParams({ ...(q ? { q } : {}), ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}`;
    const frame = await kit.frame(
      request,
      reply,
      'users',
      q ? { id: msg('Users matching “{q}”'), values: { q } } : msg('Users'),
    );
    const t = translator(frame.language);
    const columns = (
      [
        ['email', t(msg('Email'))],
        ['name', t(msg('Name'))],
        [null, t(msg('Status'))],
        [null, t(msg('Role'))],
        ['joined', t(msg('Joined'))],
        ['last_login', t(msg('Last sign-in'))],
      ] as Array<[UserSortKey | null, string]>
    ).map(([key, label]) => {
      if (!key) return { label };
      const current = key === sort.key;
      const nextDescending = current ? !sort.descending : key === 'joined' || key === 'last_login';
      return {
        label,
        href: link({ sort: `${nextDescending ? '-' : ''}${key}` }),
        sorted: current ? (sort.descending ? 'descending' : 'ascending') : undefined,
        arrow: current ? (sort.descending ? '▼' : '▲') : undefined,
      };
    });
    return kit.send(
      reply,
      renderPage('users', frame, {
        q,
        sort: sortParam,
        total,
        columns,
        users: rows.map((row) => userRow(row, frame.language)),
        pages: pager(total, page, (n) => link({ sort: sortParam, page: n })),
      }),
    );
  });

  async function userPage(request: FastifyRequest, reply: FastifyReply, user: User, error?: Message) {
    const staff = request.staff!;
    const cvs = await cvCountsOf(app.db, user.id);
    const deleted = user.deleted_at !== null;
    const deactivated = user.deactivated_at !== null;
    const frame = await kit.frame(request, reply, 'users', { data: user.email });
    const { language } = frame;
    const t = translator(language);
    return kit.send(
      error ? reply.code(400) : reply,
      renderPage(
        'user',
        { ...frame, ...(error ? { error, notice: undefined } : {}) },
        {
          user,
          status: t(statusOf(user)),
          role: t(roleOf(user)),
          confirmation: user.email_confirmed_at
            ? t(msg('confirmed {when}'), { when: when(user.email_confirmed_at, language) })
            : t(msg('waiting for confirmation')),
          hasPassword: user.password_hash !== null,
          joined: when(user.created_at, language),
          lastLogin: user.last_login_at ? when(user.last_login_at, language) : t(msg('never')),
          sessions: await openSessionsOf(app.db, user.id),
          cvs,
          deleted,
          deactivated,
          self: user.id === staff.id,
          canResendConfirmation: !deleted && !deactivated && user.email_confirmed_at === null,
          canSendReset: !deleted && !deactivated && user.is_active === 1,
          canGrant: staff.is_superuser === 1,
          isStaff: user.is_staff === 1,
          isSuperuser: user.is_superuser === 1,
        },
      ),
    );
  }

  async function target(request: FastifyRequest<{ Params: Record<string, string> }>) {
    const id = /^[1-9][0-9]{0,9}$/.test(request.params.id ?? '') ? Number(request.params.id) : null;
    return id === null ? undefined : findUserById(app.db, id);
  }

  app.get<{ Params: Record<string, string> }>('/admin/users/:id/', async (request, reply) => {
    const user = await target(request);
    if (!user) return kit.notFound(request, reply, NO_SUCH_USER, '/admin/users/');
    return userPage(request, reply, user);
  });

  app.get<{ Params: Record<string, string> }>('/admin/users/:id/delete/', async (request, reply) => {
    const user = await target(request);
    if (!user || user.deleted_at !== null) return kit.notFound(request, reply, NO_SUCH_USER, '/admin/users/');
    const { live } = await cvCountsOf(app.db, user.id);
    const frame = await kit.frame(request, reply, 'users', {
      id: msg('Delete {email}'),
      values: { email: user.email },
    });
    return kit.send(reply, renderPage('user-delete', frame, { user, cvs: live }));
  });

  /** An action on one user: found, not deleted, allowed for this staff member; else its page says why (400). */
  function userAction(
    path: string,
    rules: { notSelf?: boolean; protectsSuperuser?: boolean },
    run: (
      request: FastifyRequest<{ Body: Form; Params: Record<string, string> }>,
      user: User,
    ) => Promise<string | { error: Message }>,
  ) {
    kit.action(`/admin/users/:id/${path}/`, async (request, reply) => {
      const user = await target(request);
      if (!user || user.deleted_at !== null)
        return kit.notFound(request, reply, NO_SUCH_USER, '/admin/users/');
      const staff = request.staff!;
      if (rules.notSelf && user.id === staff.id)
        return userPage(request, reply, user, msg('You cannot do this to your own account.'));
      if (isStaffAccount(user) && staff.is_superuser !== 1 && user.id !== staff.id) {
        return userPage(
          request,
          reply,
          user,
          msg('Only a superuser can change a staff or superuser account.'),
        );
      }
      if (
        rules.protectsSuperuser &&
        user.is_superuser === 1 &&
        user.deactivated_at === null &&
        (await activeSuperusers(app.db)) <= 1
      ) {
        return userPage(request, reply, user, LAST_SUPERUSER);
      }
      const outcome = await run(request, user);
      if (typeof outcome === 'object')
        return userPage(request, reply, (await findUserById(app.db, user.id))!, outcome.error);
      return reply.redirect(`/admin/users/${user.id}/?${notice(outcome)}`, 303);
    });
  }

  const on = (user: User, action: string, detail?: string): AuditEntry => ({
    action,
    targetType: 'user',
    targetId: user.id,
    targetLabel: user.email,
    ...(detail ? { detail } : {}),
  });

  userAction('resend-confirmation', {}, async (request, user) => {
    if (user.email_confirmed_at !== null) return { error: msg('This address is confirmed already.') };
    if (user.deactivated_at !== null) return { error: msg('Reactivate the account first.') };
    await kit.audited(request, on(user, 'user.resend_confirmation'), (trx) =>
      queueConfirmation(app, trx, user.id),
    );
    app.mailQueue.kick();
    return 'confirmation';
  });

  userAction('password-reset', {}, async (request, user) => {
    if (user.is_active !== 1 || user.deactivated_at !== null)
      return { error: msg('An inactive account gets no password-reset mail.') };
    await kit.audited(request, on(user, 'user.password_reset'), (trx) =>
      app.mailQueue.enqueue(trx, ACCOUNT_MAIL.passwordResetRequest, { email: user.email }),
    );
    app.mailQueue.kick();
    return 'reset';
  });

  userAction('deactivate', { notSelf: true, protectsSuperuser: true }, async (request, user) => {
    if (user.deactivated_at !== null) return 'deactivated';
    await kit.audited(request, on(user, 'user.deactivate'), async (trx) => {
      await deactivateUser(trx, user.id, now());
      await endUserSessions(trx, user.id);
    });
    return 'deactivated';
  });

  userAction('reactivate', {}, async (request, user) => {
    if (user.deactivated_at === null) return 'reactivated';
    await kit.audited(request, on(user, 'user.reactivate'), (trx) => reactivateUser(trx, user, now()));
    return 'reactivated';
  });

  userAction('end-sessions', {}, async (request, user) => {
    // Your own sessions elsewhere end; the one you are using stays.
    const keep = user.id === request.staff!.id ? request.sessionId : null;
    await kit.audited(request, on(user, 'user.end_sessions'), (trx) => endUserSessions(trx, user.id, keep));
    return 'sessions';
  });

  userAction('delete', { notSelf: true, protectsSuperuser: true }, async (request, user) => {
    // The person's own delete (profile/account-deletion.ts): personal data removed, CVs archived, sessions ended.
    await kit.audited(request, on(user, 'user.delete'), (trx) => deleteAccount(trx, user.id, now()));
    return 'deleted';
  });

  userAction('roles', {}, async (request, user) => {
    if (request.staff!.is_superuser !== 1)
      return { error: msg('Only a superuser can grant or take staff and superuser.') };
    const staff = request.body.is_staff === '1';
    const superuser = request.body.is_superuser === '1';
    if (
      user.is_superuser === 1 &&
      !superuser &&
      user.deactivated_at === null &&
      (await activeSuperusers(app.db)) <= 1
    ) {
      return { error: LAST_SUPERUSER };
    }
    if (staff === (user.is_staff === 1) && superuser === (user.is_superuser === 1)) return 'roles';
    // The entry's detail is a record, kept in English as written (the log shows it as it was recorded).
    const detail = `staff: ${yesNo(user.is_staff === 1)} → ${yesNo(staff)}; superuser: ${yesNo(user.is_superuser === 1)} → ${yesNo(superuser)}`;
    await kit.audited(request, on(user, 'user.roles', detail), (trx) =>
      setRoles(trx, user.id, { staff, superuser }, now()),
    );
    return 'roles';
  });
}

function auditRoutes(app: FastifyInstance, kit: AdminKit): void {
  app.get<{ Querystring: Record<string, string | undefined> }>('/admin/audit/', async (request, reply) => {
    const filter = {
      actor: searchText(request.query.actor),
      action: AUDIT_ACTIONS[request.query.action ?? ''] ? request.query.action : undefined,
      targetType: (TARGET_TYPES as readonly string[]).includes(request.query.target_type ?? '')
        ? request.query.target_type
        : undefined,
      targetId: /^[0-9]{1,12}$/.test(request.query.target_id ?? '') ? request.query.target_id : undefined,
    };
    const page = pageNumber(request.query.page);
    const { total, rows } = await listAudit(app.db, filter, (page - 1) * PAGE_SIZE, PAGE_SIZE);
    const params = Object.fromEntries(
      Object.entries({
        actor: filter.actor,
        action: filter.action,
        target_type: filter.targetType,
        target_id: filter.targetId,
      }).filter(([, value]) => value),
    ) as Record<string, string>;
    const frame = await kit.frame(request, reply, 'audit', msg('Audit log'));
    const { language } = frame;
    const t = translator(language);
    return kit.send(
      reply,
      renderPage('audit', frame, {
        filter,
        total,
        actions: Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({
          value,
          label: t(msg('{target}: {action}'), {
            target: targetTypeLabel(value.split('.')[0]!, language),
            action: t(label),
          }),
          selected: value === filter.action,
        })),
        targetTypes: TARGET_TYPES.map((value) => ({
          value,
          label: targetTypeLabel(value, language),
          selected: value === filter.targetType,
        })),
        entries: rows.map((row) => ({
          ...row,
          when: when(row.at, language, 'seconds'),
          what: AUDIT_ACTIONS[row.action] ? t(AUDIT_ACTIONS[row.action]) : row.action,
          targetType: targetTypeLabel(row.target_type, language),
          href: targetHref(row.target_type, row.target_id),
        })),
        pages: pager(
          total,
          page,
          (n) => `/admin/audit/?${new URLSearchParams({ ...params, page: String(n) })}`,
        ),
      }),
    );
  });
}

function targetHref(type: string, id: string | null): string | undefined {
  if (id === null) return undefined;
  if (type === 'user') return `/admin/users/${id}/`;
  if (type === 'cv') return `/admin/cvs/?id=${id}&archived=all`;
  if (type === 'template') return '/admin/templates/';
  if (type === 'tag') return '/admin/tags/';
  return undefined;
}

/** What an audit entry can be about: its `target_type`, shown with these words. */
const TARGET_TYPES = ['user', 'template', 'tag', 'cv'] as const;
const TARGET_TYPE_LABELS: Record<string, Message> = {
  user: msg('user'),
  template: msg('template'),
  tag: msg('tag'),
  cv: msg('cv'),
};

function targetTypeLabel(type: string, language: LanguageCode): string {
  const label = TARGET_TYPE_LABELS[type];
  return label === undefined ? type : translate(language, label);
}

const NO_SUCH_USER = msg('There is no user with this id.');
const LAST_SUPERUSER = msg('This is the last superuser: make another superuser first.');

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

function statusOf(
  user: Pick<User, 'deleted_at' | 'deactivated_at' | 'email_confirmed_at' | 'is_active'>,
): Message {
  if (user.deleted_at !== null) return msg('Deleted');
  if (user.deactivated_at !== null) return msg('Deactivated');
  if (user.email_confirmed_at === null) return msg('Unconfirmed');
  return user.is_active === 1 ? msg('Active') : msg('Disabled');
}

function roleOf(user: Pick<User, 'is_staff' | 'is_superuser'>): Message {
  if (user.is_superuser === 1) return msg('Superuser');
  return user.is_staff === 1 ? msg('Staff') : msg('User');
}

/** The users list's `sort` parameter: a key of USER_SORTS, `-` first for descending. */
function parseUserSort(raw: string | undefined): UserSort {
  const value =
    (raw && raw in USER_SORTS) || (raw?.startsWith('-') && raw.slice(1) in USER_SORTS)
      ? raw
      : DEFAULT_USER_SORT;
  const descending = value.startsWith('-');
  return { key: (descending ? value.slice(1) : value) as UserSortKey, descending };
}

function userRow(user: UserListRow, language: LanguageCode) {
  return {
    id: user.id,
    email: user.email,
    name: user.full_name,
    status: translate(language, statusOf(user)),
    role: translate(language, roleOf(user)),
    joined: when(user.created_at, language, 'date'),
    lastLogin: user.last_login_at
      ? when(user.last_login_at, language, 'date')
      : translate(language, msg('never')),
  };
}

function csrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[CSRF_COOKIE];
  if (existing && CSRF_TOKEN_PATTERN.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  // The same cookie GET /auth/csrf/ sets, so the web app and these pages share one token.
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: request.server.config.publicUrl.startsWith('https:'),
    maxAge: CSRF_COOKIE_MAX_AGE_SECONDS,
  });
  // A later call in the same request (the layout's forms) sees the same token.
  request.cookies[CSRF_COOKIE] = token;
  return token;
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function send(reply: FastifyReply, html: string): FastifyReply {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .send(nonceStyledPage(reply, html));
}
