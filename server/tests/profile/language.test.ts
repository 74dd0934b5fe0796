import { findSavedLanguage, findUserById } from '../../src/users/repository.js';
import { LANGUAGE_CODES } from '../../../rules/languages.js';
import { createAccount, detail, PASSWORD, resetAccounts } from '../auth/support.js';
import { client, createTestApp, testDatabases, type TestApp } from '../helpers/app.js';

// [extension] The language a person chose, kept with the account: GET /auth/profile/ answers it, PATCH
// /auth/profile/ { language } saves it (server/src/profile/routes.ts).

describe.each(testDatabases())('the saved language ($name)', (database) => {
  let testApp: TestApp;

  beforeAll(async () => {
    // Seeded: deleting an account archives its CVs, which need the templates.
    testApp = await createTestApp({}, database);
  });

  beforeEach(async () => {
    await resetAccounts(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  async function signedIn() {
    const user = await createAccount(testApp.app);
    const c = await client(testApp.app);
    await c.signInAs(user.id);
    return { user, c };
  }

  it('is null in the profile until the person chooses one', async () => {
    const { c } = await signedIn();
    const profile = await c.get('/auth/profile/');
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email: 'alice@example.com', language: null });
  });

  it('is saved by PATCH /auth/profile/, which answers the profile as GET does', async () => {
    const { c, user } = await signedIn();
    const response = await c.patch('/auth/profile/', { language: 'de' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ full_name: 'Alice Example', language: 'de', has_password: true });
    expect(response.json()).toEqual((await c.get('/auth/profile/')).json());
    expect(await findSavedLanguage(testApp.app.db, user.id)).toBe('de');
  });

  it('takes every language the product speaks, and a later choice replaces an earlier one', async () => {
    const { c, user } = await signedIn();
    for (const language of LANGUAGE_CODES) {
      const response = await c.patch('/auth/profile/', { language });
      expect(response.statusCode, language).toBe(200);
      expect(response.json().language).toBe(language);
    }
    expect(await findSavedLanguage(testApp.app.db, user.id)).toBe(LANGUAGE_CODES.at(-1));
  });

  it('refuses anything but one language it speaks with a 400 { detail }, and keeps the saved one', async () => {
    const { c, user } = await signedIn();
    // English saved: the refusals are said in it (a saved French would say them in French).
    await c.patch('/auth/profile/', { language: 'en' });
    const refused: Array<[unknown, string]> = [
      [{ language: 'xx' }, 'language: must be one of "en", "de", "fr", "es", "ar", "ja"'],
      [{ language: 'DE' }, 'language: must be one of "en", "de", "fr", "es", "ar", "ja"'],
      [{ language: 'de-AT' }, 'language: must be one of "en", "de", "fr", "es", "ar", "ja"'],
      [{ language: 5 }, 'language: must be a string'],
      [{ language: null }, 'language: must be a string'],
      [{ language: 'de', full_name: 'Mallory' }, 'Request body: unknown field full_name'],
      [{ theme: 'dark' }, 'language is required'],
      [{}, 'language is required'],
      [['de'], 'Request body must be a JSON object.'],
    ];
    for (const [body, words] of refused) {
      const response = await c.patch('/auth/profile/', body as object);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual({ detail: words });
    }
    const text = await c.request('PATCH', '/auth/profile/', 'language=de', {
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ detail: 'Request body must be a JSON object.' });
    expect(await findSavedLanguage(testApp.app.db, user.id)).toBe('en');
    expect((await findUserById(testApp.app.db, user.id))?.full_name).toBe('Alice Example');
  });

  it('needs a session (401) and the CSRF token (403), like the other profile writes', async () => {
    const visitor = await client(testApp.app);
    const signedOut = await visitor.patch('/auth/profile/', { language: 'de' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ detail: 'Authentication credentials were not provided.' });

    const { c, user } = await signedIn();
    const forged = await c.patch('/auth/profile/', { language: 'de' }, { csrf: false });
    expect(forged.statusCode).toBe(403);
    expect(detail(forged)).toBe('CSRF token missing or incorrect.');
    expect(await findSavedLanguage(testApp.app.db, user.id)).toBeNull();
  });

  it('is gone with the rest of the personal data when the account is deleted', async () => {
    const { c, user } = await signedIn();
    await c.patch('/auth/profile/', { language: 'ja' });
    const deleted = await c.delete('/auth/profile/', { current_password: PASSWORD });
    expect(deleted.statusCode).toBe(204);
    expect(await findSavedLanguage(testApp.app.db, user.id)).toBeNull();
  });
});
