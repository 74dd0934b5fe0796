import { readFile, writeFile } from 'node:fs/promises';
import { sql } from 'kysely';
import type { User } from '../../src/users/repository.js';
import { TEMPLATE_SWITCHED_OFF } from '../../src/cvs/routes.js';
import { seedTemplates } from '../../src/templates/seed.js';
import { createAccount } from '../auth/support.js';
import { cvBody } from '../cvs/support.js';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';
import { adminBrowser, auditLog, postForms, submit } from './support.js';

describe.each(testDatabases())('admin panel: templates and tags ($name)', (database) => {
  let testApp: TestApp;
  let staff: User;
  let owner: TestClient;
  let admin: TestClient;

  beforeAll(async () => {
    testApp = await createTestApp({}, database);
    staff = await createAccount(testApp.app, { email: 'staff@example.com', isStaff: true });
    const person = await createAccount(testApp.app, { email: 'owner@example.com' });
    owner = await client(testApp.app);
    await owner.signInAs(person.id);
  });

  beforeEach(async () => {
    const { db } = testApp.app;
    await db.deleteFrom('admin_audit_log').execute();
    await db.updateTable('templates').set({ is_enabled: 1, sort_order: sql`id`, category_locked: 0 }).execute();
    await db.deleteFrom('tags').where('id', '>=', 1001).execute();
    await db.updateTable('tags').set({ name_locked: 0 }).execute();
    await seedTemplates(db);
    admin = await adminBrowser(testApp.app, staff);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const catalogue = async () =>
    (await owner.get('/v1/CvTemplate/')).json() as Array<{ id: number; name: string; category: number }>;

  it('switches a template off: gone from the catalogue, while CVs made with it still open, render and download', async () => {
    const saved = (await owner.post('/v1/GeneratedCV/', cvBody('Made with Executive Classic'))).json() as { id: number };
    expect((await catalogue()).map((t) => t.id)).toContain(1);

    const off = await submit(admin, '/admin/templates/1/disable/');
    expect(off.statusCode).toBe(303);
    expect((await admin.get(off.headers.location as string)).body).toContain('The template is inactive');
    expect((await catalogue()).map((t) => t.id)).not.toContain(1);
    expect((await owner.get('/v1/CvTemplate/1/')).statusCode).toBe(200);
    expect((await owner.get(`/v1/GeneratedCV/${saved.id}/`)).statusCode).toBe(200);
    // No new CV on it; the saved one still saves.
    const refused = await owner.post('/v1/GeneratedCV/', cvBody('A new one on Executive Classic'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: TEMPLATE_SWITCHED_OFF, code: 'template_not_offered' });
    expect((await owner.put(`/v1/GeneratedCV/${saved.id}/`, cvBody('Made with Executive Classic'))).statusCode).toBe(200);
    const word = await owner.get(`/v1/download/word/${saved.id}/`);
    expect(word.statusCode).toBe(200);
    expect(word.headers['content-type']).toContain('wordprocessingml');
    // The seeder (every start) does not switch it back on.
    await seedTemplates(testApp.app.db);
    expect((await catalogue()).map((t) => t.id)).not.toContain(1);
    expect((await admin.get('/admin/templates/')).body).toMatch(/id="template-1">[\s\S]*?<td>No<\/td>\s*<td>1<\/td>/);

    expect((await submit(admin, '/admin/templates/1/enable/')).statusCode).toBe(303);
    expect((await catalogue()).map((t) => t.id)).toContain(1);
    expect((await auditLog(testApp.app)).map((e) => [e.action, e.target_label])).toEqual([
      ['template.disable', 'Executive Classic'],
      ['template.enable', 'Executive Classic'],
    ]);
  });

  it("changes a template's category and place in the catalogue; template.json no longer overrides the category", async () => {
    const moved = await submit(admin, '/admin/templates/8/', { category: '3', order: '-5' });
    expect(moved.statusCode).toBe(303);
    const list = await catalogue();
    expect(list[0]).toMatchObject({ id: 8, category: 3 });
    await seedTemplates(testApp.app.db);
    expect((await catalogue())[0]).toMatchObject({ id: 8, category: 3 });
    const [entry] = await auditLog(testApp.app);
    expect(entry).toMatchObject({ action: 'template.update', target_label: 'Clean Minimal', detail: 'category → Creative; order 8 → -5' });

    for (const [fields, message] of [
      [{ category: '3', order: 'first' }, 'the display order must be a whole number'],
      [{ category: '3', order: '' }, 'the display order must be a whole number'],
      [{ category: '999', order: '1' }, 'choose one of the tags as its category'],
      [{ order: '1' }, 'choose one of the tags as its category'],
    ] as const) {
      const refused = await submit(admin, '/admin/templates/8/', fields);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(message);
    }
    expect((await submit(admin, '/admin/templates/999/', { category: '1', order: '1' })).statusCode).toBe(404);
    expect(await auditLog(testApp.app)).toHaveLength(1);
  });

  it('creates, renames and deletes tags; a tag a template uses is not deleted; names stay through a restart', async () => {
    const created = await submit(admin, '/admin/tags/', { name: '  Graduate   CVs ' });
    expect(created.statusCode).toBe(303);
    const tag = await testApp.app.db.selectFrom('tags').selectAll().where('name', '=', 'Graduate CVs').executeTakeFirstOrThrow();
    expect(tag.id).toBeGreaterThanOrEqual(1001);
    expect((await owner.get('/v1/Tag/')).json()).toContainEqual({ id: tag.id, name: 'Graduate CVs' });

    for (const [name, message] of [
      ['', 'A tag needs a name.'],
      ['graduate cvs', 'A tag named “graduate cvs” exists already.'],
      ['x'.repeat(101), 'A tag name is at most 100 characters.'],
    ]) {
      const refused = await submit(admin, '/admin/tags/', { name: name! });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(message!.replace(/“/g, '“'));
    }

    expect((await submit(admin, '/admin/tags/1/rename/', { name: 'Business' })).statusCode).toBe(303);
    expect((await submit(admin, '/admin/tags/2/rename/', { name: 'business' })).statusCode).toBe(400);
    await seedTemplates(testApp.app.db);
    expect((await owner.get('/v1/Tag/')).json()).toContainEqual({ id: 1, name: 'Business' });

    const inUse = await submit(admin, '/admin/tags/1/delete/');
    expect(inUse.statusCode).toBe(400);
    expect(inUse.body).toContain('is the category of a template');
    expect((await submit(admin, `/admin/tags/${tag.id}/delete/`)).statusCode).toBe(303);
    expect((await owner.get('/v1/Tag/')).json()).not.toContainEqual({ id: tag.id, name: 'Graduate CVs' });
    expect((await submit(admin, `/admin/tags/${tag.id}/delete/`)).statusCode).toBe(404);

    expect((await auditLog(testApp.app)).map((e) => [e.action, e.target_label, e.detail])).toEqual([
      ['tag.create', 'Graduate CVs', ''],
      ['tag.rename', 'Business', 'Professional → Business'],
      ['tag.delete', 'Graduate CVs', ''],
    ]);
  });

  it("renders a template's icon again from its sample, and says why when it cannot", async () => {
    const template = testApp.app.cvTemplates.byId(7)!;
    const before = await readFile(template.iconPath);
    try {
      const done = await submit(admin, '/admin/templates/7/icon/');
      expect(done.statusCode).toBe(303);
      const icon = await readFile(template.iconPath);
      expect(icon.subarray(1, 4).toString()).toBe('PNG');
      const row = await testApp.app.db.selectFrom('templates').select('icon').where('id', '=', 7).executeTakeFirstOrThrow();
      expect(row.icon).toMatch(/^\/static\/templates\/technical-engineer\/icon\.png\?v=[0-9a-f]{10}$/);
      const served = await owner.get(row.icon);
      expect(served.rawPayload.equals(icon)).toBe(true);
      expect(await auditLog(testApp.app)).toMatchObject([{ action: 'template.icon', target_label: 'Technical Engineer' }]);
    } finally {
      await writeFile(template.iconPath, before);
    }
  });

  it('puts the CSRF field in every form of the templates and tags pages', async () => {
    await submit(admin, '/admin/tags/', { name: 'Unused' });
    const token = admin.cookies.get('csrftoken')!;
    const actions = new Set<string>();
    for (const url of ['/admin/templates/', '/admin/tags/']) {
      for (const form of postForms((await admin.get(url)).body, token)) {
        expect(form.hasToken, form.action).toBe(true);
        actions.add(form.action.replace(/\d+/g, ':id'));
      }
    }
    expect([...actions].sort()).toEqual([
      '/admin/logout/',
      '/admin/tags/',
      '/admin/tags/:id/delete/',
      '/admin/tags/:id/rename/',
      '/admin/templates/:id/',
      '/admin/templates/:id/disable/',
      '/admin/templates/:id/icon/',
    ]);
  });
});

describe('admin panel: an icon without a PDF renderer', () => {
  it('says the renderer is missing and changes nothing', async () => {
    const testApp = await createTestApp({ chromiumPath: null });
    try {
      const staff = await createAccount(testApp.app, { email: 'staff@example.com', isStaff: true });
      const admin = await adminBrowser(testApp.app, staff);
      const refused = await submit(admin, '/admin/templates/7/icon/');
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('Technical Engineer: the PDF renderer (Chromium) is not available on this server.');
      expect(await auditLog(testApp.app)).toEqual([]);
    } finally {
      await testApp.close();
    }
  });
});
