import type { User } from '../../src/users/repository.js';
import { createAccount } from '../auth/support.js';
import { cvBody } from '../cvs/support.js';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';
import { adminBrowser, auditLog, postForms, submit } from './support.js';

describe.each(testDatabases())('admin panel: CVs ($name)', (database) => {
  let testApp: TestApp;
  let staff: User;
  let ada: User;
  let owner: TestClient;
  let admin: TestClient;
  let kept: { id: number };
  let archived: { id: number };

  beforeAll(async () => {
    testApp = await createTestApp({}, database);
    staff = await createAccount(testApp.app, { email: 'staff@example.com', isStaff: true });
    ada = await createAccount(testApp.app, { email: 'ada@example.com', fullName: 'Ada Lovelace' });
    const grace = await createAccount(testApp.app, { email: 'grace@example.com', fullName: 'Grace Hopper' });
    owner = await client(testApp.app);
    await owner.signInAs(ada.id);
    const other = await client(testApp.app);
    await other.signInAs(grace.id);
    kept = (await owner.post('/v1/GeneratedCV/', cvBody('Analyst CV'))).json() as { id: number };
    archived = (await owner.post('/v1/GeneratedCV/', cvBody('Old CV'))).json() as { id: number };
    await owner.delete(`/v1/GeneratedCV/${archived.id}/`);
    await other.post('/v1/GeneratedCV/', cvBody('Compiler CV'));
  });

  beforeEach(async () => {
    await testApp.app.db.deleteFrom('admin_audit_log').execute();
    admin = await adminBrowser(testApp.app, staff);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const names = (html: string) => [...html.matchAll(/<th scope="row">([^<]+)<\/th>/g)].map((m) => m[1]);

  it('lists saved CVs, searched by owner or name, with archived ones on request', async () => {
    expect(names((await admin.get('/admin/cvs/')).body).sort()).toEqual(['Analyst CV', 'Compiler CV']);
    expect(names((await admin.get('/admin/cvs/?q=ada@')).body)).toEqual(['Analyst CV']);
    expect(names((await admin.get('/admin/cvs/?q=hopper')).body)).toEqual(['Compiler CV']);
    expect(names((await admin.get('/admin/cvs/?q=analyst')).body)).toEqual(['Analyst CV']);
    expect(names((await admin.get('/admin/cvs/?archived=only')).body)).toEqual(['Old CV']);
    expect(names((await admin.get(`/admin/cvs/?archived=all&owner=${ada.id}`)).body).sort()).toEqual(['Analyst CV', 'Old CV']);
    const page = await admin.get('/admin/cvs/?archived=all');
    for (const form of postForms(page.body, admin.cookies.get('csrftoken')!)) expect(form.hasToken, form.action).toBe(true);
  });

  it('restores an archived CV into its owner’s list', async () => {
    expect(((await owner.get('/v1/GeneratedCV/')).json() as unknown[]).length).toBe(1);
    const restored = await submit(admin, `/admin/cvs/${archived.id}/restore/`);
    expect(restored.statusCode).toBe(303);
    expect((await admin.get(restored.headers.location as string)).body).toContain('The CV is restored');
    expect(((await owner.get('/v1/GeneratedCV/')).json() as unknown[]).length).toBe(2);
    expect(await auditLog(testApp.app)).toMatchObject([{ action: 'cv.restore', target_id: String(archived.id), target_label: 'Old CV', detail: 'owner ada@example.com' }]);
    await owner.delete(`/v1/GeneratedCV/${archived.id}/`);
    expect((await submit(admin, '/admin/cvs/999999/restore/')).statusCode).toBe(404);
  });

  it('downloads a CV as its owner would, archived ones too, and audits it', async () => {
    const mine = await owner.get(`/v1/download/word/${kept.id}/`);
    const theirs = await submit(admin, `/admin/cvs/${kept.id}/download/word/`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['content-type']).toBe(mine.headers['content-type']);
    expect(theirs.headers['content-disposition']).toBe(mine.headers['content-disposition']);
    expect(theirs.headers['cache-control']).toBe('private, no-store');
    expect(theirs.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await submit(admin, `/admin/cvs/${archived.id}/download/word/`)).statusCode).toBe(200);
    expect((await auditLog(testApp.app)).map((e) => [e.action, e.target_label, e.detail])).toEqual([
      ['cv.download', 'Analyst CV', 'Word'],
      ['cv.download', 'Old CV', 'Word'],
    ]);
  });

  it('shows the counts, the PDF renderer and the mail queue on the dashboard', async () => {
    const pdf = await submit(admin, `/admin/cvs/${kept.id}/download/pdf/`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const figure = (html: string, label: string) =>
      new RegExp(`<dt>(?:<a href="[^"]*">)?${label}(?:</a>)?</dt><dd>(\\d+)</dd>`).exec(html)?.[1];
    const page = (await admin.get('/admin/')).body;
    const users = await testApp.app.db.selectFrom('users').select('id').where('deleted_at', 'is', null).execute();
    expect(figure(page, 'Users')).toBe(String(users.length));
    // What the count holds is said beside it; staff and deleted accounts have figures of their own.
    expect(page).toContain('<dd class="hint">Accounts not deleted, staff included</dd>');
    const staffRows = await testApp.app.db.selectFrom('users').select('id').where('deleted_at', 'is', null).where((eb) => eb.or([eb('is_staff', '=', 1), eb('is_superuser', '=', 1)])).execute();
    expect(figure(page, 'Staff')).toBe(String(staffRows.length));
    expect(Number(figure(page, 'Staff'))).toBeGreaterThanOrEqual(1);
    const deletedRows = await testApp.app.db.selectFrom('users').select('id').where('deleted_at', 'is not', null).execute();
    expect(figure(page, 'Deleted accounts')).toBe(String(deletedRows.length));
    expect(figure(page, 'CVs saved')).toBe('2');
    expect(figure(page, 'CVs archived')).toBe('1');
    expect(Number(figure(page, 'PDFs rendered today \\(this instance\\)'))).toBeGreaterThanOrEqual(1);
    expect(page).toMatch(/Browser launches<\/dt><dd>\d+ \(\d+ restarts\), last started \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(page).toContain(`files in ${testApp.outboxDir}`);
  });

  it("keeps a deleted account's CVs archived", async () => {
    const gone = await createAccount(testApp.app, { email: 'gone@example.com' });
    const c = await client(testApp.app);
    await c.signInAs(gone.id);
    const cv = (await c.post('/v1/GeneratedCV/', cvBody('Gone CV'))).json() as { id: number };
    const root = await createAccount(testApp.app, { email: 'root@example.com', isSuperuser: true });
    const asRoot = await adminBrowser(testApp.app, root);
    expect((await submit(asRoot, `/admin/users/${gone.id}/delete/`)).statusCode).toBe(303);
    const refused = await submit(asRoot, `/admin/cvs/${cv.id}/restore/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('belongs to a deleted account');
  });
});
