import { client, createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { createAccount, PASSWORD, resetAccounts } from './support.js';
import { currentCode, resetTwoStep, turnOnTwoStep } from '../two-step/support.js';

describe.each(testDatabases())('/admin/ ($name)', (database) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({}, database, { seed: false });
  });

  beforeEach(async () => {
    await resetTwoStep(testApp.app);
    await resetAccounts(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('shows staff the administration page with a working sign-out form', async () => {
    const staff = await createAccount(testApp.app, { email: 'staff@example.com', fullName: 'Sam <Staff>', isStaff: true });
    const secret = await turnOnTwoStep(testApp.app, staff.id);
    const c = await client(testApp.app);
    expect((await c.post('/auth/login/', { email: 'staff@example.com', password: PASSWORD })).json()).toMatchObject({
      two_factor_required: true,
    });
    expect((await c.post('/auth/login/2fa/', { code: currentCode(secret) })).statusCode).toBe(200);
    c.cookies.delete('csrftoken');

    const page = await c.get('/admin/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>CV Builder administration</h1>');
    expect(page.body).toContain('Sam &lt;Staff&gt;');
    expect(page.body).not.toContain('<Staff>');
    // The page sets the CSRF cookie it needs and echoes it in the form.
    const token = c.cookies.get('csrftoken');
    expect(token).toBeDefined();
    expect(page.body).toContain(`name="csrfmiddlewaretoken" value="${token}"`);

    const forged = await c.post('/admin/logout/', 'csrfmiddlewaretoken=wrong', {
      csrf: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('CSRF token missing or incorrect.');
    expect((await c.get('/admin/')).statusCode).toBe(200);

    const signOut = await c.post('/admin/logout/', `csrfmiddlewaretoken=${token}`, {
      csrf: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(signOut.statusCode).toBe(303);
    expect(signOut.headers.location).toBe('/signin');
    expect((await c.get('/auth/profile/')).statusCode).toBe(401);
    expect((await c.get('/admin/')).statusCode).toBe(403);
  });

  it('lets superusers in', async () => {
    const root = await createAccount(testApp.app, { email: 'root@example.com', isSuperuser: true });
    await turnOnTwoStep(testApp.app, root.id);
    const c = await client(testApp.app);
    await c.signInAs(root.id);
    const page = await c.get('/admin');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Superuser');
  });

  it('refuses anonymous visitors with a page that links to sign-in', async () => {
    const c = await client(testApp.app);
    const page = await c.get('/admin/');
    expect(page.statusCode).toBe(403);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>Staff only</h1>');
    expect(page.body).toContain('href="/signin"');
  });

  it('refuses a signed-in normal user, saying why', async () => {
    const alice = await createAccount(testApp.app);
    const c = await client(testApp.app);
    await c.signInAs(alice.id);
    const page = await c.get('/admin/');
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('alice@example.com, which is not a staff account');
    expect(page.body).toContain('href="/"');
  });

  it('refuses a disabled staff account', async () => {
    const staff = await createAccount(testApp.app, { email: 'staff@example.com', isStaff: true });
    await testApp.app.db.updateTable('users').set({ is_active: 0 }).where('id', '=', staff.id).execute();
    const c = await client(testApp.app);
    await c.signInAs(staff.id);
    expect((await c.get('/admin/')).statusCode).toBe(403);
  });
});
