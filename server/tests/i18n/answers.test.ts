import type * as Languages from '../../../rules/languages.js';
import { loadCatalogue, readCatalogue } from '../../src/i18n/translate.js';
import { setLanguage } from '../../src/users/repository.js';
import { createAccount, detail, mailsTo, PASSWORD, registration, resetAccounts } from '../auth/support.js';
import { client, createTestApp, testDatabases, type TestApp } from '../helpers/app.js';

// Every `detail` and every account mail in the person's language: the signed-in person's saved one, else the
// request's Accept-Language, else English (server/src/i18n/). Catalogues here are the test's own words.

// Every language counts as offered here, whatever rules/languages.ts says is ready for the web app's menu.
vi.mock('../../../rules/languages.js', async (importOriginal) => {
  const actual = await importOriginal<typeof Languages>();
  return {
    ...actual,
    pickLanguage: (preferences: readonly string[]) =>
      preferences.map((tag) => tag.trim().toLowerCase().split(/[-_]/)[0]).find(actual.isLanguageCode) ?? 'en',
  };
});

const GERMAN = {
  'Authentication credentials were not provided.': 'Anmeldedaten fehlen.',
  '{field} is required': '{field} fehlt',
  'Signed out.': 'Abgemeldet.',
  'Signed in successfully.': 'Angemeldet.',
  'CSRF token missing or incorrect.': 'CSRF-Token fehlt oder ist falsch.',
  'Confirm your email address for CV Builder': 'Bestätigen Sie Ihre E-Mail-Adresse für CV Builder',
  'Hello {name},': 'Hallo {name},',
};
const FRENCH = {
  'Signed in successfully.': 'Connecté.',
  'Signed out.': 'Déconnecté.',
  'CV not found.': 'CV introuvable.',
  'Reset your CV Builder password': 'Réinitialisez votre mot de passe CV Builder',
};

// The test's own words: German and French have a few, the other languages none (whatever their files hold by now).
const OTHERS = ['de', 'fr', 'es', 'ar', 'ja'] as const;

const inGerman = { headers: { 'accept-language': 'de-DE,de;q=0.9' } };

describe.each(testDatabases())('answers in the person’s language ($name)', (database) => {
  let testApp: TestApp;

  beforeAll(async () => {
    for (const language of OTHERS) loadCatalogue(language, {});
    loadCatalogue('de', GERMAN);
    loadCatalogue('fr', FRENCH);
    testApp = await createTestApp({}, database, { seed: false });
  });

  beforeEach(async () => {
    await resetAccounts(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
    for (const language of OTHERS) loadCatalogue(language, readCatalogue(language));
  });

  it('answers English, word for word, to a request without a language', async () => {
    const visitor = await client(testApp.app);
    const refused = await visitor.get('/auth/profile/');
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toBe('{"detail":"Authentication credentials were not provided."}');
    expect((await visitor.post('/auth/login/', {})).json()).toEqual({
      detail: 'email is required',
      field: 'email',
    });
  });

  it('says HttpErrors, validation details, refusals before the route and routes’ own details in Accept-Language', async () => {
    const visitor = await client(testApp.app);
    expect((await visitor.get('/auth/profile/', inGerman)).json()).toEqual({
      detail: 'Anmeldedaten fehlen.',
    });
    expect((await visitor.post('/auth/login/', { email: 'a@example.com' }, inGerman)).json()).toEqual({
      detail: 'password fehlt',
      field: 'password',
    });
    const forged = await visitor.post('/auth/logout/', {}, { ...inGerman, csrf: false });
    expect(forged.statusCode).toBe(403);
    expect(detail(forged)).toBe('CSRF-Token fehlt oder ist falsch.');
    expect(detail(await visitor.post('/auth/logout/', {}, inGerman))).toBe('Abgemeldet.');
    // A language without the words says them in English.
    expect(detail(await visitor.post('/auth/logout/', {}, { headers: { 'accept-language': 'es' } }))).toBe(
      'Signed out.',
    );
  });

  it('prefers the signed-in person’s saved language to the header, and a sign-in answers in the new person’s', async () => {
    const user = await createAccount(testApp.app);
    const browser = await client(testApp.app);
    await browser.signInAs(user.id);
    expect((await browser.patch('/auth/profile/', { language: 'fr' }, inGerman)).statusCode).toBe(200);
    // Every later answer: French, whatever the browser asks for.
    expect(detail(await browser.get('/v1/GeneratedCV/999/', inGerman))).toBe('CV introuvable.');
    // Signed out, the header's language again (the sign-out's own answer is said once the session is gone).
    expect(detail(await browser.post('/auth/logout/', {}, inGerman))).toBe('Abgemeldet.');
    const signIn = await browser.post('/auth/login/', { email: user.email, password: PASSWORD }, inGerman);
    expect(signIn.json()).toEqual({ user_id: user.id, detail: 'Connecté.' });
  });

  it('writes a mail in its recipient’s saved language, else in the language of the request that caused it', async () => {
    const visitor = await client(testApp.app);
    const registered = await visitor.post('/auth/register/', registration(), inGerman);
    expect(registered.statusCode).toBe(201);
    const [confirmation] = await mailsTo(testApp, 'jane@example.com');
    expect(confirmation.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse für CV Builder');
    expect(confirmation.text).toMatch(/^Hallo Jane Doe,\n\nThank you for creating a CV Builder account\./);
    expect(confirmation.html).toContain('<html lang="de">');

    const alice = await createAccount(testApp.app);
    await setLanguage(testApp.app.db, alice.id, 'fr', new Date());
    expect((await visitor.post('/auth/password-reset/', { email: alice.email }, inGerman)).statusCode).toBe(
      200,
    );
    const [reset] = await mailsTo(testApp, alice.email);
    expect(reset.subject).toBe('Réinitialisez votre mot de passe CV Builder');
    expect(reset.text).toMatch(/^Hello Alice Example,/);

    const bob = await createAccount(testApp.app, { email: 'bob@example.com', fullName: 'Bob' });
    await visitor.post('/auth/password-reset/', { email: bob.email });
    const [english] = await mailsTo(testApp, bob.email);
    expect(english.subject).toBe('Reset your CV Builder password');
    expect(english.html).toContain('<html lang="en">');
  });
});
