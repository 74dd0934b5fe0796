import type * as Languages from '../../../rules/languages.js';
import type * as Translate from '../../src/i18n/translate.js';
import type { User } from '../../src/users/repository.js';
import { when } from '../../src/admin/kit.js';
import { translate } from '../../src/i18n/translate.js';
import { createAccount } from '../auth/support.js';
import { cvBody } from '../cvs/support.js';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';
import { adminBrowser } from './support.js';

/*
 * The admin panel and a share page in the person's language: German for a browser that asks for it, Arabic from
 * right to left, English (word for word as before) for one that asks for nothing.
 *
 * Test-only, and nothing written to the repository: German is not offered yet (rules/languages.ts: `ready`), so
 * here a browser's German is taken as if it were; and where server/src/i18n/catalogues/de.json has no words yet
 * for the few messages checked, GERMAN says them. Once the catalogue has them, the test reads its words instead.
 */

const GERMAN = vi.hoisted<Record<string, string>>(() => ({
  Users: 'Benutzer',
  'Download PDF': 'PDF herunterladen',
  'This link does not exist.': 'Diesen Link gibt es nicht.',
}));

vi.mock('../../../rules/languages.js', async (importOriginal) => {
  const actual = await importOriginal<typeof Languages>();
  return {
    ...actual,
    // Every language the product has, ready or not.
    pickLanguage: (preferences: readonly string[]) =>
      preferences.map((tag) => tag.trim().toLowerCase().split(/[-_]/)[0]).find(actual.isLanguageCode) ??
      actual.SOURCE_LANGUAGE,
  };
});

vi.mock('../../src/i18n/translate.js', async (importOriginal) => {
  const actual = await importOriginal<typeof Translate>();
  const translate: typeof actual.translate = (language, message, values) => {
    const said = actual.translate(language, message, values);
    const id = typeof message === 'string' ? message : message.id;
    const untranslated = said === actual.translate('en', message, values);
    return language === 'de' && untranslated && id in GERMAN ? GERMAN[id]! : said;
  };
  return {
    ...actual,
    translate,
    translator: ((language) => (message, values) =>
      translate(language, message, values)) satisfies typeof actual.translator,
  };
});

const GERMAN_BROWSER = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' };

describe.each(testDatabases())('pages in the person’s language ($name)', (database) => {
  let testApp: TestApp;
  let staff: User;
  let admin: TestClient;

  beforeAll(async () => {
    testApp = await createTestApp({}, database);
    staff = await createAccount(testApp.app, {
      email: 'staff@example.com',
      fullName: 'Sam Staff',
      isStaff: true,
    });
    admin = await adminBrowser(testApp.app, staff);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('has German words to check, whether from the catalogue or from this test', () => {
    for (const id of Object.keys(GERMAN)) expect(translate('de', id), id).not.toBe(id);
  });

  it('says an admin page in German to a German browser, and in English as before to one that asks for nothing', async () => {
    const users = translate('de', 'Users');
    const german = await admin.get('/admin/users/', { headers: GERMAN_BROWSER });
    expect(german.statusCode).toBe(200);
    expect(german.body).toContain('<html lang="de" dir="ltr">');
    expect(german.body).toContain(`<h1>${users}</h1>`);
    expect(german.body).toContain(`<a href="/admin/users/" aria-current="page">${users}</a>`);
    expect(german.body).not.toContain('<h1>Users</h1>');
    // Data stays as it is.
    expect(german.body).toContain('staff@example.com');

    const english = await admin.get('/admin/users/');
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(english.body).toContain('<h1>Users</h1>');
    expect(english.body).toContain('<a href="/admin/users/" aria-current="page">Users</a>');
  });

  it('writes dates as the page’s language does, and keeps English dates as they were', async () => {
    const english = await admin.get(`/admin/users/${staff.id}/`);
    expect(english.body).toMatch(/<dt>Joined<\/dt><dd>\d{4}-\d\d-\d\d \d\d:\d\d UTC<\/dd>/);
    const german = await admin.get(`/admin/users/${staff.id}/`, { headers: GERMAN_BROWSER });
    const joined = when(staff.created_at, 'de');
    expect(joined).toContain(String(new Date(staff.created_at).getUTCFullYear()));
    expect(german.body).toContain(`</dt><dd>${joined}</dd>`);
    expect(german.body).not.toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  });

  it('follows the staff member’s saved language before the browser’s', async () => {
    await testApp.app.db.updateTable('users').set({ language: 'de' }).where('id', '=', staff.id).execute();
    try {
      const page = await admin.get('/admin/users/', { headers: { 'accept-language': 'en' } });
      expect(page.body).toContain('<html lang="de" dir="ltr">');
      expect(page.body).toContain(`<h1>${translate('de', 'Users')}</h1>`);
    } finally {
      await testApp.app.db.updateTable('users').set({ language: null }).where('id', '=', staff.id).execute();
    }
  });

  it('sets the page right to left for Arabic, the 403 page too', async () => {
    const page = await admin.get('/admin/', { headers: { 'accept-language': 'ar' } });
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    const refused = await (
      await client(testApp.app)
    ).get('/admin/', { headers: { 'accept-language': 'ar' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('<html lang="ar" dir="rtl">');
  });

  it('says a share page’s own words in German, the CV as it is, and English to the next visitor', async () => {
    const owner = await client(testApp.app);
    await owner.signInAs((await createAccount(testApp.app, { email: 'owner@example.com' })).id);
    const cv = (await owner.post('/v1/GeneratedCV/', cvBody('Shared CV'))).json() as { id: number };
    const link = (await owner.post(`/v1/GeneratedCV/${cv.id}/shares/`, { label: 'Acme' })).json() as {
      slug: string;
    };
    const visitor = await client(testApp.app);

    const german = await visitor.get(`/s/${link.slug}`, { headers: GERMAN_BROWSER });
    expect(german.statusCode).toBe(200);
    expect(german.body).toContain(
      `<nav class="share-bar" aria-label="${translate('de', 'Download')}" lang="de" dir="ltr">` +
        `<a href="/s/${link.slug}/pdf" download>${translate('de', 'Download PDF')}</a></nav>`,
    );
    // The CV keeps its own language and words.
    expect(german.body).toContain('<html lang="en">');
    expect(german.body).toContain('<title>Ada Lovelace</title>');

    // Each language's page is made apart: English is as it was.
    const english = await visitor.get(`/s/${link.slug}`);
    expect(english.body).toContain(`<a href="/s/${link.slug}/pdf" download>Download PDF</a>`);
    expect(english.body).not.toContain(translate('de', 'Download PDF'));

    const missing = await visitor.get('/s/nope', { headers: GERMAN_BROWSER });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<html lang="de" dir="ltr">');
    expect(missing.body).toContain(`<h1>${translate('de', 'This link does not exist.')}</h1>`);
    const rtl = await visitor.get('/s/nope', { headers: { 'accept-language': 'ar' } });
    expect(rtl.body).toContain('<html lang="ar" dir="rtl">');
  });
});
