import { cleanControlCharacters } from '../../src/http/control-characters.js';
import { findUserByEmail, findUserById } from '../../src/users/repository.js';
import { adminBrowser, submit } from '../admin/support.js';
import { createAccount, registration, resetAccounts } from '../auth/support.js';
import { client, createTestApp, testDatabases, type TestApp } from '../helpers/app.js';

/*
 * A NUL (which PostgreSQL's text refuses: a 500 before) and the other control characters are removed from every
 * text of every request, once, before any route reads it (http/control-characters.ts): JSON and form bodies, keys
 * included, query strings and path parameters. Tab, line feed and carriage return stay (multi-line fields).
 */

const DIRTY = 'Ada\u0000 Love\u0007lace\u001b\u007f\u0085';

describe('cleanControlCharacters', () => {
  it('removes C0 controls but tab, line feed and carriage return, DEL and C1 controls, in every string', () => {
    expect(cleanControlCharacters(DIRTY)).toBe('Ada Lovelace');
    expect(cleanControlCharacters('one\ttwo\r\nthree\fx\u000bx')).toBe('one\ttwo\r\nthreexx');
    expect(cleanControlCharacters({ 'na\u0000me': ['a\u0000', { b: 'c\u0001' }], n: 1, t: true, z: null })).toEqual({
      name: ['a', { b: 'c' }],
      n: 1,
      t: true,
      z: null,
    });
    expect(cleanControlCharacters('Zoë 履歴書 😀')).toBe('Zoë 履歴書 😀');
  });
});

describe.each(testDatabases())('control characters in requests ($name)', (database) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({}, database);
  });

  beforeEach(async () => {
    await resetAccounts(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('a profile name with a NUL is saved without it (it was a 500 on PostgreSQL)', async () => {
    const user = await createAccount(testApp.app);
    const c = await client(testApp.app);
    await c.signInAs(user.id);
    const response = await c.put('/auth/profile/update/', {
      full_name: DIRTY,
      email: `alice@example.com\u0000`,
      phone_number: '+1202555\u00000123',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ full_name: 'Ada Lovelace', email: 'alice@example.com', phone_number: '+12025550123' });
    expect(await findUserById(testApp.app.db, user.id)).toMatchObject({ full_name: 'Ada Lovelace' });
  });

  it('a sign-up with control characters creates the account without them; a field name with one still counts', async () => {
    const c = await client(testApp.app);
    const body = { ...registration({ full_name: DIRTY }), 'email\u0000': 'jane@example.com' } as Record<string, unknown>;
    delete body.email;
    expect((await c.post('/auth/register/', body)).statusCode).toBe(201);
    expect(await findUserByEmail(testApp.app.db, 'jane@example.com')).toMatchObject({ full_name: 'Ada Lovelace' });
  });

  it('a sign-in, a query string and a path with a NUL answer as without it, never 500', async () => {
    const c = await client(testApp.app);
    const login = await c.post('/auth/login/', { email: 'nobody\u0000@example.com', password: 'Passw0rd!\u0000' });
    expect(login.statusCode).toBe(400);
    const confirm = await c.get('/auth/confirm-email/?uid=MQ%00&token=abc%00def');
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json()).toMatchObject({ code: 'link_invalid' });
    const cv = await c.get('/v1/CvTemplate/1%00/');
    expect(cv.statusCode).toBeLessThan(500);
  });

  it('the admin panel’s tag names and user search lose them too', async () => {
    const staff = await createAccount(testApp.app, { email: 'staff@example.com', isStaff: true });
    const admin = await adminBrowser(testApp.app, staff);
    expect((await submit(admin, '/admin/tags/', { name: 'Grad\u0000uate\u0007 CVs' })).statusCode).toBe(303);
    const tag = await testApp.app.db.selectFrom('tags').selectAll().where('name', '=', 'Graduate CVs').executeTakeFirst();
    expect(tag).toBeDefined();
    expect((await submit(admin, `/admin/tags/${tag!.id}/rename/`, { name: 'Senior\u0000 CVs' })).statusCode).toBe(303);
    expect(
      await testApp.app.db.selectFrom('tags').select('name').where('id', '=', tag!.id).executeTakeFirst(),
    ).toEqual({ name: 'Senior CVs' });
    const search = await admin.get('/admin/users/?q=sta%00ff');
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain('staff@example.com');
    await testApp.app.db.deleteFrom('tags').where('id', '=', tag!.id).execute();
  });
});
