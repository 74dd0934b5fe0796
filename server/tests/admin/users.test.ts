import { sql } from 'kysely';
import type { SocialProfile } from '../../src/auth/social/profile.js';
import { accountForSocialProfile } from '../../src/auth/social/social-accounts.js';
import type { User } from '../../src/users/repository.js';
import { client, createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { createAccount, detail, mailsTo, PASSWORD, resetAccounts } from '../auth/support.js';
import { adminBrowser, auditLog, postForms, submit } from './support.js';

describe.each(testDatabases())('admin panel: users ($name)', (database) => {
  let testApp: TestApp;
  let root: User;
  let staff: User;
  let alice: User;

  beforeAll(async () => {
    testApp = await createTestApp({}, database, { seed: false });
  });

  beforeEach(async () => {
    await testApp.app.db.deleteFrom('admin_audit_log').execute();
    await resetAccounts(testApp);
    root = await createAccount(testApp.app, { email: 'root@example.com', fullName: 'Root', isSuperuser: true });
    staff = await createAccount(testApp.app, { email: 'staff@example.com', fullName: 'Sam Staff', isStaff: true });
    alice = await createAccount(testApp.app, { email: 'alice@example.com', fullName: 'Alice Example' });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const pages = () => [
    '/admin/',
    '/admin/users/',
    '/admin/users/?q=alice&sort=-email&page=1',
    `/admin/users/${alice.id}/`,
    `/admin/users/${alice.id}/delete/`,
    '/admin/templates/',
    '/admin/tags/',
    '/admin/cvs/',
    '/admin/cvs/?archived=all',
    '/admin/audit/',
  ];

  const actions = () => [
    `/admin/users/${alice.id}/resend-confirmation/`,
    `/admin/users/${alice.id}/password-reset/`,
    `/admin/users/${alice.id}/deactivate/`,
    `/admin/users/${alice.id}/reactivate/`,
    `/admin/users/${alice.id}/end-sessions/`,
    `/admin/users/${alice.id}/roles/`,
    `/admin/users/${alice.id}/delete/`,
    '/admin/templates/1/disable/',
    '/admin/templates/1/enable/',
    '/admin/templates/1/',
    '/admin/tags/',
    '/admin/tags/1/rename/',
    '/admin/tags/1/delete/',
    '/admin/cvs/1/restore/',
    '/admin/cvs/1/download/pdf/',
    '/admin/cvs/1/download/word/',
  ];

  it('shows every page to staff and to superusers, and the 403 page to everyone else', async () => {
    const anonymous = await adminBrowser(testApp.app);
    const normal = await adminBrowser(testApp.app, alice);
    const asStaff = await adminBrowser(testApp.app, staff);
    const asRoot = await adminBrowser(testApp.app, root);
    for (const url of pages()) {
      for (const [who, c] of [['anonymous', anonymous], ['a normal user', normal]] as const) {
        const page = await c.get(url);
        expect(page.statusCode, `${who} on ${url}`).toBe(403);
        expect(page.body).toContain('<h1>Staff only</h1>');
      }
      for (const [who, c] of [['staff', asStaff], ['a superuser', asRoot]] as const) {
        const page = await c.get(url);
        expect(page.statusCode, `${who} on ${url}`).toBe(200);
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      }
    }
  });

  it('refuses every action to anonymous visitors and normal users (with a valid CSRF token), changing nothing', async () => {
    for (const user of [undefined, alice]) {
      const c = await adminBrowser(testApp.app, user);
      for (const url of actions()) {
        const response = await submit(c, url, { name: 'x', category: '1', order: '1', is_staff: '1', is_superuser: '1' });
        expect(response.statusCode, `${user?.email ?? 'anonymous'} on ${url}`).toBe(403);
        expect(response.body).toContain('<h1>Staff only</h1>');
      }
    }
    expect(await auditLog(testApp.app)).toEqual([]);
    const after = await testApp.app.db.selectFrom('users').selectAll().where('id', '=', alice.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ is_active: 1, is_staff: 0, is_superuser: 0, deactivated_at: null, deleted_at: null });
  });

  it('refuses every action without the CSRF field or with a wrong one, even to a superuser', async () => {
    const c = await adminBrowser(testApp.app, root);
    for (const url of actions()) {
      for (const csrf of [null, 'wrong', 'x'.repeat(43)]) {
        const response = await submit(c, url, { name: 'x', category: '1', order: '1' }, { csrf });
        expect(response.statusCode, `${url} with ${csrf}`).toBe(403);
        expect(response.body).toContain('CSRF token missing or incorrect.');
      }
    }
    expect(await auditLog(testApp.app)).toEqual([]);
  });

  it('puts the CSRF field with the current token in every form of every page', async () => {
    await createAccount(testApp.app, { email: 'new@example.com', confirmed: false });
    const c = await adminBrowser(testApp.app, root);
    const token = c.cookies.get('csrftoken')!;
    const seen = new Set<string>();
    for (const url of [...pages(), `/admin/users/${staff.id}/`]) {
      const page = await c.get(url);
      for (const form of postForms(page.body, token)) {
        expect(form.hasToken, `${form.action} on ${url}`).toBe(true);
        seen.add(form.action.replace(/\d+/g, ':id'));
      }
      // No GET link changes anything: every action is a form that posts.
      expect(page.body).not.toMatch(/href="[^"]*\/(deactivate|reactivate|restore|end-sessions)\//);
    }
    expect([...seen]).toEqual(
      expect.arrayContaining([
        '/admin/logout/',
        '/admin/users/:id/deactivate/',
        '/admin/users/:id/end-sessions/',
        '/admin/users/:id/password-reset/',
        '/admin/users/:id/roles/',
        '/admin/users/:id/delete/',
        '/admin/tags/',
      ]),
    );
  });

  it('lists users 25 to a page, searched by email or name and sorted by any column', async () => {
    for (let i = 0; i < 30; i += 1) {
      const n = String(i).padStart(2, '0');
      await createAccount(testApp.app, { email: `person${n}@example.com`, fullName: `Person ${n}`, password: null });
    }
    const c = await adminBrowser(testApp.app, staff);
    const emails = (html: string) => [...html.matchAll(/<td><a href="\/admin\/users\/\d+\/">([^<]+)<\/a><\/td>/g)].map((m) => m[1]);

    const first = await c.get('/admin/users/?sort=email');
    expect(first.body).toContain('33 users');
    expect(emails(first.body)).toHaveLength(25);
    expect(emails(first.body)[0]).toBe('alice@example.com');
    expect(first.body).toContain('Page 1 of 2');
    expect(first.body).toContain('aria-sort="ascending"');
    const second = await c.get('/admin/users/?sort=email&page=2');
    expect(emails(second.body)).toEqual([
      'person24@example.com', 'person25@example.com', 'person26@example.com', 'person27@example.com', 'person28@example.com', 'person29@example.com', 'root@example.com', 'staff@example.com',
    ]);

    const byName = await c.get('/admin/users/?sort=-name');
    expect(emails(byName.body)[0]).toBe('staff@example.com');

    const search = await c.get('/admin/users/?q=PERSON 1');
    expect(emails(search.body)).toHaveLength(10);
    expect(search.body).toContain('10 matching users');
    expect(emails((await c.get('/admin/users/?q=ALICE@')).body)).toEqual(['alice@example.com']);
    // Wildcards typed in a search are plain characters.
    expect(emails((await c.get('/admin/users/?q=%25')).body)).toEqual([]);
    expect(emails((await c.get('/admin/users/?q=_')).body)).toEqual([]);
    // A search is shown back escaped, never as markup.
    const hostile = await c.get(`/admin/users/?q=${encodeURIComponent('<script>x</script>')}`);
    expect(hostile.body).not.toContain('<script>x');
    expect(hostile.body).toContain('&lt;script&gt;x&lt;/script&gt;');
    // Nonsense paging and sorting fall back to the first page, newest first.
    expect((await c.get('/admin/users/?page=-3&sort=password_hash')).statusCode).toBe(200);
  });

  it.runIf(database.name === 'postgres')('gives the contains-searches trigram indexes on PostgreSQL', async () => {
    const { rows } = await sql<{ indexname: string }>`
      select indexname from pg_indexes where schemaname = current_schema() and indexname like '%trgm%' order by indexname`.execute(testApp.app.db);
    expect(rows.map((row) => row.indexname)).toEqual(['generated_cvs_name_trgm_idx', 'users_email_trgm_idx', 'users_full_name_trgm_idx']);
  });

  it("shows a user's page: profile, confirmation, last sign-in, CVs", async () => {
    const c = await adminBrowser(testApp.app, staff);
    expect((await client(testApp.app).then((u) => u.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD }))).statusCode).toBe(200);
    const page = await c.get(`/admin/users/${alice.id}/`);
    expect(page.body).toContain('<h1>alice@example.com</h1>');
    expect(page.body).toContain('Alice Example');
    expect(page.body).toMatch(/Email confirmation<\/dt><dd>confirmed \d{4}-/);
    expect(page.body).toMatch(/Last sign-in<\/dt><dd>\d{4}-\d\d-\d\d/);
    expect(page.body).toContain('Open sessions</dt><dd>1</dd>');
    expect(page.body).toContain('CVs</dt><dd>none');
    expect((await c.get('/admin/users/999999/')).statusCode).toBe(404);
    expect((await c.get('/admin/users/abc/')).statusCode).toBe(404);
  });

  it('deactivates a user: their sessions end and sign-in answers as a wrong password does; reactivating lets them in again', async () => {
    const person = await client(testApp.app);
    expect((await person.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD })).statusCode).toBe(200);
    const admin = await adminBrowser(testApp.app, staff);

    const done = await submit(admin, `/admin/users/${alice.id}/deactivate/`);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/admin/users/${alice.id}/?done=deactivated`);
    expect((await admin.get(done.headers.location as string)).body).toContain('its sessions ended');
    expect((await person.get('/auth/profile/')).statusCode).toBe(401);

    const right = await person.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD });
    const wrong = await person.post('/auth/login/', { email: 'alice@example.com', password: 'Wr0ng-password!' });
    const unknown = await person.post('/auth/login/', { email: 'nobody@example.com', password: PASSWORD });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(wrong.json());
    expect(right.json()).toEqual(unknown.json());
    expect(detail(right)).toBe('Invalid email or password.');
    // No mail opens a way back in while deactivated.
    await person.post('/auth/password-reset/', { email: 'alice@example.com' });
    expect(await mailsTo(testApp, 'alice@example.com')).toEqual([]);

    expect((await submit(admin, `/admin/users/${alice.id}/reactivate/`)).statusCode).toBe(303);
    expect((await person.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD })).statusCode).toBe(200);

    const entries = await auditLog(testApp.app);
    expect(entries.map((e) => e.action)).toEqual(['user.deactivate', 'user.reactivate']);
    expect(entries[0]).toMatchObject({
      actor_id: staff.id,
      actor_email: 'staff@example.com',
      target_type: 'user',
      target_id: String(alice.id),
      target_label: 'alice@example.com',
      ip: '127.0.0.1',
    });
  });

  it('keeps a deactivated account that was never confirmed from confirming itself, and unconfirmed after reactivation', async () => {
    const bob = await createAccount(testApp.app, { email: 'bob@example.com', confirmed: false });
    const admin = await adminBrowser(testApp.app, staff);
    expect((await submit(admin, `/admin/users/${bob.id}/resend-confirmation/`)).statusCode).toBe(303);
    const [mail] = await mailsTo(testApp, 'bob@example.com');
    expect(mail?.text).toContain('/confirm-email?');
    expect((await submit(admin, `/admin/users/${bob.id}/deactivate/`)).statusCode).toBe(303);
    const link = new URL(/(http\S+confirm-email\S+)/.exec(mail!.text)![1]!);
    const confirm = await (await client(testApp.app)).get(`/auth/confirm-email/?${link.searchParams}`);
    expect(confirm.statusCode).toBe(400);
    expect((await submit(admin, `/admin/users/${bob.id}/reactivate/`)).statusCode).toBe(303);
    const row = await testApp.app.db.selectFrom('users').selectAll().where('id', '=', bob.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_active: 0, email_confirmed_at: null, deactivated_at: null });
  });

  it('keeps a deactivated account out of Google and LinkedIn sign-in too', async () => {
    const admin = await adminBrowser(testApp.app, staff);
    expect((await submit(admin, `/admin/users/${alice.id}/deactivate/`)).statusCode).toBe(303);
    const signIn = accountForSocialProfile(testApp.app.db, { email: 'alice@example.com', fullName: 'Alice Example' } satisfies SocialProfile, new Date());
    await expect(signIn).rejects.toMatchObject({ statusCode: 403, code: 'account_disabled' });
  });

  it('sends a password-reset mail and ends all sessions, each audited', async () => {
    const person = await client(testApp.app);
    await person.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD });
    const admin = await adminBrowser(testApp.app, staff);
    expect((await submit(admin, `/admin/users/${alice.id}/password-reset/`)).statusCode).toBe(303);
    const mails = await mailsTo(testApp, 'alice@example.com');
    expect(mails.map((m) => m.subject).join()).toMatch(/password/i);
    expect((await submit(admin, `/admin/users/${alice.id}/end-sessions/`)).statusCode).toBe(303);
    expect((await person.get('/auth/profile/')).statusCode).toBe(401);
    // Resending a confirmation to a confirmed address is refused, saying why.
    const again = await submit(admin, `/admin/users/${alice.id}/resend-confirmation/`);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('This address is confirmed already.');
    expect((await auditLog(testApp.app)).map((e) => e.action)).toEqual(['user.password_reset', 'user.end_sessions']);
  });

  it("ending one's own sessions keeps the one in use", async () => {
    const admin = await adminBrowser(testApp.app, staff);
    const elsewhere = await adminBrowser(testApp.app, staff);
    expect((await submit(admin, `/admin/users/${staff.id}/end-sessions/`)).statusCode).toBe(303);
    expect((await admin.get('/admin/')).statusCode).toBe(200);
    expect((await elsewhere.get('/admin/')).statusCode).toBe(403);
  });

  it("deletes a user as their own delete does: personal data removed, CVs archived", async () => {
    const { db } = testApp.app;
    const admin = await adminBrowser(testApp.app, staff);
    const confirm = await admin.get(`/admin/users/${alice.id}/delete/`);
    expect(confirm.body).toContain('Delete alice@example.com?');
    expect((await submit(admin, `/admin/users/${alice.id}/delete/`)).statusCode).toBe(303);
    const row = await db.selectFrom('users').selectAll().where('id', '=', alice.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ full_name: '', email: `deleted-${alice.id}@invalid`, password_hash: null, is_active: 0 });
    expect(row.deleted_at).not.toBeNull();
    const [entry] = await auditLog(testApp.app);
    // The entry names the person as they were.
    expect(entry).toMatchObject({ action: 'user.delete', target_label: 'alice@example.com' });
    expect((await submit(admin, `/admin/users/${alice.id}/delete/`)).statusCode).toBe(404);
  });

  it('lets nobody deactivate or delete themselves, nor remove the last superuser', async () => {
    const asRoot = await adminBrowser(testApp.app, root);
    for (const action of ['deactivate', 'delete']) {
      const self = await submit(asRoot, `/admin/users/${root.id}/${action}/`);
      expect(self.statusCode).toBe(400);
      expect(self.body).toContain('You cannot do this to your own account.');
    }
    const demote = await submit(asRoot, `/admin/users/${root.id}/roles/`, { is_staff: '1' });
    expect(demote.statusCode).toBe(400);
    expect(demote.body).toContain('This is the last superuser');

    // With a second superuser, the first may step down; the second then cannot be removed.
    expect((await submit(asRoot, `/admin/users/${staff.id}/roles/`, { is_staff: '1', is_superuser: '1' })).statusCode).toBe(303);
    expect((await submit(asRoot, `/admin/users/${root.id}/roles/`, {})).statusCode).toBe(303);
    const asStaff = await adminBrowser(testApp.app, staff);
    expect((await submit(asStaff, `/admin/users/${staff.id}/roles/`, {})).statusCode).toBe(400);
    expect((await submit(asStaff, `/admin/users/${staff.id}/deactivate/`)).statusCode).toBe(400);

    const roles = await auditLog(testApp.app);
    expect(roles.map((e) => [e.action, e.target_label, e.detail])).toEqual([
      ['user.roles', 'staff@example.com', 'staff: yes → yes; superuser: no → yes'],
      ['user.roles', 'root@example.com', 'staff: no → no; superuser: yes → no'],
    ]);
    // root is now a plain user: out of the panel.
    expect((await asRoot.get('/admin/')).statusCode).toBe(403);
  });

  it('lets only a superuser grant or take staff and superuser, or act on a staff account', async () => {
    const asStaff = await adminBrowser(testApp.app, staff);
    const page = await asStaff.get(`/admin/users/${alice.id}/`);
    expect(page.body).not.toContain('/roles/');
    const grant = await submit(asStaff, `/admin/users/${alice.id}/roles/`, { is_staff: '1' });
    expect(grant.statusCode).toBe(400);
    expect(grant.body).toContain('Only a superuser can grant or take staff and superuser.');
    const onRoot = await submit(asStaff, `/admin/users/${root.id}/deactivate/`);
    expect(onRoot.statusCode).toBe(400);
    expect(onRoot.body).toContain('Only a superuser can change a staff or superuser account.');

    const asRoot = await adminBrowser(testApp.app, root);
    expect((await submit(asRoot, `/admin/users/${alice.id}/roles/`, { is_staff: '1' })).statusCode).toBe(303);
    const alicePanel = await adminBrowser(testApp.app, alice);
    // New staff are in, and first asked to turn on two-step sign-in.
    const welcome = await alicePanel.get('/admin/');
    expect(welcome.statusCode).toBe(403);
    expect(welcome.body).toContain('<h1>Turn on two-step sign-in</h1>');
    expect((await submit(asRoot, `/admin/users/${staff.id}/deactivate/`)).statusCode).toBe(303);
    expect((await asStaff.get('/admin/')).statusCode).toBe(403);
    expect((await auditLog(testApp.app)).map((e) => e.action)).toEqual(['user.roles', 'user.deactivate']);
  });

  it('lists the audit log, filterable, with no way to edit or delete an entry', async () => {
    const admin = await adminBrowser(testApp.app, staff);
    await submit(admin, `/admin/users/${alice.id}/deactivate/`);
    await submit(admin, `/admin/users/${alice.id}/reactivate/`);
    await submit(admin, `/admin/users/${alice.id}/end-sessions/`);
    const log = await admin.get('/admin/audit/');
    expect(log.body).toContain('3 entries');
    expect(log.body).toContain('staff@example.com');
    expect(log.body).toContain('127.0.0.1');
    expect(postForms(log.body, admin.cookies.get('csrftoken')!).map((f) => f.action)).toEqual(['/admin/logout/']);
    expect((await admin.get('/admin/audit/?action=user.reactivate')).body).toContain('1 entry');
    expect((await admin.get(`/admin/audit/?target_type=user&target_id=${alice.id}`)).body).toContain('3 entries');
    expect((await admin.get('/admin/audit/?actor=root@example.com')).body).toContain('0 entries');
    expect((await admin.get(`/admin/audit/?page=2`)).statusCode).toBe(200);
  });
});
