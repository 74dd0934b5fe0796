import { existsSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import { seedTemplates } from '../../src/templates/seed.js';
import { TEMPLATE_NOT_FOUND } from '../../src/templates/routes.js';
import { getTemplateRegistry } from '../../src/templates/registry.js';
import { CATALOGUE_CACHE_MS, catalogueJson, forgetCatalogue } from '../../src/templates/repository.js';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';
import { DEFAULT_CHROMIUM_PATH } from '../../src/render/pdf.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;
const registry = getTemplateRegistry();
const executive = registry.bySlug('executive-classic')!;

async function insertUser(db: Kysely<Database>): Promise<number> {
  const at = new Date().toISOString();
  const { id } = await db
    .insertInto('users')
    .values({
      full_name: 'Template Tester',
      email: 'templates@example.com',
      email_normalized: 'templates@example.com',
      phone_number: '+1 555 0100',
      password_hash: null,
      is_active: 1,
      is_staff: 0,
      is_superuser: 0,
      email_confirmed_at: at,
      password_changed_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

describe.each(testDatabases())('templates API on $name', (database) => {
  let test: TestApp;
  let anonymous: TestClient;
  let signedIn: TestClient;

  beforeAll(async () => {
    test = await createTestApp({ chromiumPath: existsSync(CHROMIUM) ? CHROMIUM : null }, database);
    anonymous = await client(test.app);
    signedIn = await client(test.app);
    await signedIn.signInAs(await insertUser(test.app.db));
  });
  afterAll(async () => {
    await test?.close();
  });

  it('lists the category tags with id and name', async () => {
    const response = await anonymous.get('/v1/Tag/');
    expect(response.statusCode).toBe(200);
    const tags = response.json() as Array<{ id: number; name: string }>;
    expect(tags.map((t) => t.name)).toEqual(
      expect.arrayContaining(['Professional', 'Modern', 'Creative', 'Academic', 'Technical', 'Minimal']),
    );
    for (const tag of tags) expect(Object.keys(tag).sort()).toEqual(['id', 'name']);
  });

  it('lists every template as a plain array of id, name, icon and category', async () => {
    const response = await anonymous.get('/v1/CvTemplate/');
    expect(response.statusCode).toBe(200);
    const templates = response.json() as Array<{ id: number; name: string; icon: string; category: number }>;
    expect(Array.isArray(templates)).toBe(true);
    expect(templates.length).toBeGreaterThanOrEqual(16);
    const tagIds = new Set((await anonymous.get('/v1/Tag/')).json().map((t: { id: number }) => t.id));
    expect(new Set(templates.map((t) => t.category)).size).toBeGreaterThanOrEqual(8);
    for (const template of templates) {
      expect(Object.keys(template).sort()).toEqual(['category', 'icon', 'id', 'name']);
      expect(tagIds.has(template.category)).toBe(true);
      expect(template.icon).toMatch(/^\/static\/templates\/[a-z-]+\/icon\.png/);
    }
  });

  it('answers the list from memory for a second; a change by the seeder or the panel shows at once', async () => {
    const { db } = test.app;
    const names = async (at: number) =>
      (JSON.parse(await catalogueJson(db, undefined, at)) as Array<{ name: string }>).map((t) => t.name);
    const start = Date.now() + 10 * CATALOGUE_CACHE_MS;
    expect(await names(start)).toContain('Executive Classic');
    expect((await anonymous.get('/v1/CvTemplate/')).headers['content-type']).toMatch(/^application\/json/);
    try {
      // A change made behind the instance's back (another instance's panel): seen once the copy runs out.
      await db.updateTable('templates').set({ is_enabled: 0 }).where('id', '=', executive.definition.id).execute();
      expect(await names(start + CATALOGUE_CACHE_MS - 1)).toContain('Executive Classic');
      expect(await names(start + CATALOGUE_CACHE_MS + 1)).not.toContain('Executive Classic');
      // This instance's own change (the panel and the seeder call forgetCatalogue): seen at once.
      await db.updateTable('templates').set({ is_enabled: 1 }).where('id', '=', executive.definition.id).execute();
      forgetCatalogue(db);
      expect(await names(start + CATALOGUE_CACHE_MS + 2)).toContain('Executive Classic');
    } finally {
      await db.updateTable('templates').set({ is_enabled: 1 }).execute();
      forgetCatalogue(db);
    }
  });

  it('filters the list by category', async () => {
    const academic = (await anonymous.get('/v1/CvTemplate/', { query: { category: '4' } })).json();
    expect(academic.map((t: { name: string }) => t.name)).toEqual(['Academic CV']);
    const bad = await anonymous.get('/v1/CvTemplate/', { query: { category: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/category/);
  });

  it('serves each icon as a PNG at its icon address', async () => {
    const templates = (await anonymous.get('/v1/CvTemplate/')).json() as Array<{ icon: string }>;
    for (const template of templates) {
      const icon = await anonymous.get(template.icon);
      expect(icon.statusCode, template.icon).toBe(200);
      expect(icon.headers['content-type']).toBe('image/png');
      expect(icon.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
    expect((await anonymous.get('/static/templates/nope/icon.png')).statusCode).toBe(404);
  });

  it('returns a template with its ordered sections and input fields', async () => {
    const response = await anonymous.get(`/v1/CvTemplate/${executive.definition.id}/`);
    expect(response.statusCode).toBe(200);
    const template = response.json();
    expect(template).toMatchObject({ id: 1, name: 'Executive Classic', category: 1 });
    expect(template.sections.map((s: { name: string }) => s.name)).toEqual(
      executive.definition.sections.map((s) => s.name),
    );
    const experience = template.sections.find((s: { name: string }) => s.name === 'Work Experience');
    expect(Object.keys(experience).sort()).toEqual(
      ['created', 'description', 'id', 'input_fields', 'is_active', 'is_repeatable', 'is_required', 'key', 'last_updated', 'name', 'order'].sort(),
    );
    // Extension: each section says its kind, whatever its name.
    expect(experience.key).toBe('experience');
    expect(template.sections.find((s: { name: string }) => s.name === 'Professional Summary').key).toBe('summary');
    expect(experience).toMatchObject({ is_active: true, is_repeatable: true, is_required: true });
    expect(experience.input_fields[0]).toEqual({
      id: 1009,
      name: 'job_title',
      widget_label: 'Job Title',
      widget_type: 'text-input',
      description: '',
      is_required: true,
    });
    expect(experience.input_fields.map((f: { widget_type: string }) => f.widget_type)).toEqual(
      expect.arrayContaining(['date', 'checkbox', 'richtext-input']),
    );
  });

  it('answers 404 with a detail for an unknown or malformed id', async () => {
    for (const id of ['999', 'abc', '0', '-1', '1.5']) {
      const response = await anonymous.get(`/v1/CvTemplate/${id}/`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ detail: TEMPLATE_NOT_FOUND });
    }
  });

  it('seeds idempotently: ids and timestamps stay put across restarts', async () => {
    const before = (await signedIn.get('/v1/CvTemplate/2/')).json();
    await seedTemplates(test.app.db);
    await seedTemplates(test.app.db);
    const after = (await signedIn.get('/v1/CvTemplate/2/')).json();
    expect(after).toEqual(before);
    const count = await test.app.db.selectFrom('templates').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    expect(Number(count?.n)).toBe(registry.templates.length);
  });

  it('previews form data as a complete HTML document', async () => {
    const response = await signedIn.post('/v1/preview/', {
      template_id: 1,
      cv_data: { 'Personal Details': { 'full_name-1001-0': 'Ada <Lovelace>' } },
    });
    expect(response.statusCode).toBe(200);
    const { html } = response.json();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('Ada &lt;Lovelace&gt;');
    expect(html).not.toContain('<Lovelace>');
  });

  it('accepts the template id as digits in a string', async () => {
    const response = await signedIn.post('/v1/preview/', { template_id: '2', cv_data: {} });
    expect(response.statusCode).toBe(200);
  });

  it('rejects bad preview bodies with a clear detail', async () => {
    const cases: Array<[unknown, RegExp, number]> = [
      [{}, /template_id is required/, 400],
      [{ template_id: 'one' }, /template_id/, 400],
      [{ template_id: 1, cv_data: [] }, /cv_data/, 400],
      [{ template_id: 1, cv_data: { Personal: 'x' } }, /cv_data\["Personal"\] must be an object/, 400],
      [{ template_id: 1, cv_data: { Personal: { 'full_name-1001-0': { nested: true } } } }, /must be a string, number or boolean/, 400],
      [{ template_id: 4242, cv_data: {} }, /Template not found/, 404],
    ];
    for (const [body, detail, status] of cases) {
      const response = await signedIn.post('/v1/preview/', body as object);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().detail).toMatch(detail);
    }
  });

  it('requires a session for previews', async () => {
    const html = await anonymous.post('/v1/preview/', { template_id: 1, cv_data: {} });
    expect(html.statusCode).toBe(401);
    const info = await anonymous.get('/v1/template-preview/1/');
    expect(info.statusCode).toBe(401);
  });

  it('describes a template preview by name and icon', async () => {
    const response = await signedIn.get('/v1/template-preview/5/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      template_name: 'Creative Portfolio',
      icon_url: expect.stringMatching(/^\/static\/templates\/creative-portfolio\/icon\.png/),
    });
    expect((await signedIn.get('/v1/template-preview/77/')).statusCode).toBe(404);
  });

  it.runIf(existsSync(CHROMIUM))('prints the preview and the template sample as PDF', async () => {
    const preview = await signedIn.post('/v1/preview-pdf/', {
      template_id: 3,
      cv_data: { 'Personal Details': { 'full_name-3001-0': 'Grace Hopper' } },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const sample = await signedIn.get('/v1/template-preview-pdf/6/');
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-type']).toBe('application/pdf');
    expect(sample.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await signedIn.get('/v1/template-preview-pdf/abc/')).statusCode).toBe(404);
  });

  it.runIf(existsSync(CHROMIUM))('reads the preview as an ATS does: the PDF text and the checklist', async () => {
    const response = await signedIn.post('/v1/preview-text/', {
      template_id: 1,
      cv_data: {
        'Personal Details': { 'full_name-1001-0': 'Grace Hopper', 'email-1003-0': 'grace@example.com' },
        'Work Experience': { 'job_title-1009-0': 'Rear Admiral', 'company-1010-0': 'US Navy' },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { text, checks } = response.json() as { text: string; checks: Array<{ id: string; passed: boolean }> };
    expect(text).toMatch(/^Grace Hopper\n/);
    expect(text).toContain('US Navy');
    expect(checks.map((check) => [check.id, check.passed])).toEqual([
      ['values', true],
      ['order', true],
      ['contact', true],
      ['characters', true],
    ]);
  });

  it('refuses a bad ATS request as it refuses a bad preview', async () => {
    expect((await anonymous.post('/v1/preview-text/', { template_id: 1, cv_data: {} })).statusCode).toBe(401);
    const missing = await signedIn.post('/v1/preview-text/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/template_id is required/);
    const nested = await signedIn.post('/v1/preview-text/', { template_id: 1, cv_data: { Personal: 'x' } });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().detail).toMatch(/cv_data\["Personal"\] must be an object/);
    expect((await signedIn.post('/v1/preview-text/', { template_id: 4242, cv_data: {} })).statusCode).toBe(404);
    const forged = await signedIn.post('/v1/preview-text/', { template_id: 1, cv_data: {} }, { csrf: false });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ detail: 'CSRF token missing or incorrect.' });
  });
});

describe('without Chromium', () => {
  let test: TestApp;
  let signedIn: TestClient;

  beforeAll(async () => {
    test = await createTestApp({ chromiumPath: null });
    signedIn = await client(test.app);
    await signedIn.signInAs(await insertUser(test.app.db));
  });
  afterAll(async () => {
    await test?.close();
  });

  it('answers PDF routes with 503 and the install hint, and everything else still works', async () => {
    const pdf = await signedIn.post('/v1/preview-pdf/', { template_id: 1, cv_data: {} });
    expect(pdf.statusCode).toBe(503);
    expect((await signedIn.post('/v1/preview-text/', { template_id: 1, cv_data: {} })).statusCode).toBe(503);
    expect(pdf.json()).toEqual({
      detail: 'PDF rendering is unavailable: install Chromium (apt-get install chromium) or set CHROMIUM_PATH.',
    });
    expect((await signedIn.get('/v1/template-preview-pdf/1/')).statusCode).toBe(503);
    expect((await signedIn.post('/v1/preview/', { template_id: 1, cv_data: {} })).statusCode).toBe(200);
    expect((await signedIn.get('/v1/CvTemplate/')).statusCode).toBe(200);
  });
});
