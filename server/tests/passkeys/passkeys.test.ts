import { PASSKEY_MESSAGES } from '../../../rules/passkeys.js';
import { setClock } from '../../src/auth/clock.js';
import { relyingPartyFor, PASSKEYS_NEED_A_DOMAIN } from '../../src/passkeys/relying-party.js';
import { CHALLENGE_TTL_MS, defaultPasskeyName } from '../../src/passkeys/routes.js';
import { deactivateUser } from '../../src/users/repository.js';
import { PASSWORD, createAccount, detail, later, resetAccounts } from '../auth/support.js';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';
import {
  authenticationAnswer,
  newSoftwarePasskey,
  registrationAnswer,
  type SoftwarePasskey,
} from '../helpers/software-authenticator.js';

// Passkeys: a signed-in person adds, renames and removes passkeys; anyone signs in with one. The answers are made
// by a software authenticator (real ES256 signatures), so the server's verification runs for real.

// The test config's PUBLIC_URL is http://localhost:8000.
const ORIGIN = 'http://localhost:8000';
const RP_ID = 'localhost';
const at = { origin: ORIGIN, rpId: RP_ID };
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

/** The options a ceremony starts with: `register` for the signed-in person's new passkey, `login` for anyone. */
async function optionsOf<T = { challenge: string }>(browser: TestClient, ceremony: 'register' | 'login'): Promise<T> {
  return (await browser.post(`/auth/passkeys/${ceremony}/options/`, {})).json<T>();
}

interface Listed {
  id: number;
  name: string;
  created: string;
  last_used: string | null;
  backed_up: boolean;
}

describe('the relying party, from PUBLIC_URL', () => {
  it('is the domain of a public address, with its origin', () => {
    expect(relyingPartyFor('https://cv.example.com')).toMatchObject({
      available: true,
      id: 'cv.example.com',
      origin: 'https://cv.example.com',
    });
  });

  it('is localhost for localhost and for a loopback address, on the same scheme and port', () => {
    for (const url of ['http://localhost:8000', 'http://127.0.0.1:8000', 'http://[::1]:8000']) {
      expect(relyingPartyFor(url)).toMatchObject({
        available: true,
        id: 'localhost',
        origin: 'http://localhost:8000',
      });
    }
  });

  it('is unavailable on any other IP address, which WebAuthn refuses as an RP ID', () => {
    expect(relyingPartyFor('http://192.168.1.20:8000')).toEqual({
      available: false,
      reason: PASSKEYS_NEED_A_DOMAIN,
    });
  });

  it('names a passkey after the browser and system it was added on, when the person does not', () => {
    expect(defaultPasskeyName(CHROME_LINUX)).toBe('Chrome on Linux');
    expect(defaultPasskeyName(undefined)).toBe('Passkey');
  });
});

describe.each(testDatabases())('passkeys on $name', (database) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({}, database, { seed: false });
  });
  afterAll(() => testApp.close());
  beforeEach(async () => {
    setClock(undefined);
    await resetAccounts(testApp);
  });
  afterEach(() => setClock(undefined));

  async function signedIn(email = 'alice@example.com'): Promise<{ browser: TestClient; userId: number }> {
    const user = await createAccount(testApp.app, { email });
    const browser = await client(testApp.app);
    await browser.signInAs(user.id);
    return { browser, userId: user.id };
  }

  async function addPasskey(browser: TestClient, passkey: SoftwarePasskey, name?: string) {
    const options = await browser.post('/auth/passkeys/register/options/', {});
    expect(options.statusCode, options.body).toBe(200);
    const credential = registrationAnswer(passkey, options.json(), at);
    return browser.post(
      '/auth/passkeys/register/',
      name === undefined ? { credential } : { credential, name },
      { headers: { 'user-agent': CHROME_LINUX } },
    );
  }

  async function signInWith(
    passkey: SoftwarePasskey,
    answer: Partial<typeof at> & { userVerified?: boolean } = {},
  ) {
    const visitor = await client(testApp.app);
    const options = await visitor.post('/auth/passkeys/login/options/', {});
    expect(options.statusCode, options.body).toBe(200);
    const credential = authenticationAnswer(passkey, options.json(), { ...at, ...answer });
    return { visitor, credential, response: await visitor.post('/auth/passkeys/login/', { credential }) };
  }

  it('adds a passkey with the name given, lists it, and the browser is offered no second copy of it', async () => {
    const { browser } = await signedIn();
    const passkey = newSoftwarePasskey();
    const body = await optionsOf<{
      rp: { id: string; name: string };
      user: { name: string; displayName: string; id: string };
      authenticatorSelection: { residentKey: string; userVerification: string };
      challenge: string;
    }>(browser, 'register');
    expect(body.rp).toEqual({ id: RP_ID, name: 'CV Builder' });
    expect(body.user).toMatchObject({ name: 'alice@example.com', displayName: 'Alice Example' });
    expect(body.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const added = await browser.post('/auth/passkeys/register/', {
      credential: registrationAnswer(passkey, body, at),
      name: '  Work laptop  ',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      name: 'Work laptop',
      last_used: null,
      backed_up: true,
      detail: 'Passkey added',
    });

    const list = await browser.get('/auth/passkeys/');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json<Listed[]>()).toEqual([
      {
        id: expect.any(Number),
        name: 'Work laptop',
        created: expect.any(String),
        last_used: null,
        backed_up: true,
      },
    ]);

    // The next ceremony names it among the credentials to exclude, with the same (stable) user handle.
    const next = await optionsOf<{ excludeCredentials: { id: string }[]; user: { id: string } }>(
      browser,
      'register',
    );
    expect(next.excludeCredentials.map((credential) => credential.id)).toEqual([
      passkey.credentialId.toString('base64url'),
    ]);
    expect(next.user.id).toBe(body.user.id);
  });

  it('names a passkey after the browser and system when no name is given', async () => {
    const { browser } = await signedIn();
    const added = await addPasskey(browser, newSoftwarePasskey());
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<Listed>().name).toBe('Chrome on Linux');
  });

  it('signs in with a passkey: the session starts, and the passkey shows when it was used', async () => {
    const { browser, userId } = await signedIn();
    const passkey = newSoftwarePasskey();
    await addPasskey(browser, passkey);
    const { visitor, response } = await signInWith(passkey);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ user_id: userId, detail: 'Signed in successfully.' });
    expect((await visitor.get('/auth/profile/')).json()).toMatchObject({ email: 'alice@example.com' });
    const [listed] = (await visitor.get('/auth/passkeys/')).json<Listed[]>();
    expect(listed!.last_used).not.toBeNull();
    const stored = await testApp.app.db.selectFrom('passkeys').select('counter').executeTakeFirstOrThrow();
    expect(Number(stored.counter)).toBe(1);
  });

  it('uses a challenge once: the same answer again is refused', async () => {
    const { browser } = await signedIn();
    const passkey = newSoftwarePasskey();
    await addPasskey(browser, passkey);
    const { visitor, credential, response } = await signInWith(passkey);
    expect(response.statusCode).toBe(200);
    const again = await visitor.post('/auth/passkeys/login/', { credential });
    expect(again.statusCode).toBe(400);
    expect(detail(again)).toBe(PASSKEY_MESSAGES.requestExpired);
  });

  it('refuses an answer to a challenge that has expired', async () => {
    const { browser } = await signedIn();
    const passkey = newSoftwarePasskey();
    await addPasskey(browser, passkey);
    const visitor = await client(testApp.app);
    const options = await optionsOf(visitor, 'login');
    setClock(() => later(CHALLENGE_TTL_MS + 1000));
    const response = await visitor.post('/auth/passkeys/login/', {
      credential: authenticationAnswer(passkey, options, at),
    });
    expect(response.statusCode).toBe(400);
    expect(detail(response)).toBe(PASSKEY_MESSAGES.requestExpired);
  });

  it('refuses an answer made for another site, one without user verification, and a made-up challenge', async () => {
    const { browser } = await signedIn();
    const passkey = newSoftwarePasskey();
    await addPasskey(browser, passkey);
    const foreign = await signInWith(passkey, { origin: 'https://evil.example' });
    expect(foreign.response.statusCode).toBe(400);
    expect(detail(foreign.response)).toBe(PASSKEY_MESSAGES.notVerified);
    const otherRp = await signInWith(passkey, { rpId: 'evil.example' });
    expect(detail(otherRp.response)).toBe(PASSKEY_MESSAGES.notVerified);
    const unverified = await signInWith(passkey, { userVerified: false });
    expect(detail(unverified.response)).toBe(PASSKEY_MESSAGES.notVerified);
    const visitor = await client(testApp.app);
    const madeUp = await visitor.post('/auth/passkeys/login/', {
      credential: authenticationAnswer(passkey, { challenge: 'bWFkZS11cC1jaGFsbGVuZ2U' }, at),
    });
    expect(detail(madeUp)).toBe(PASSKEY_MESSAGES.requestExpired);
    // None of them started a session.
    for (const attempt of [foreign, otherRp, unverified]) {
      expect((await attempt.visitor.get('/auth/profile/')).statusCode).toBe(401);
    }
  });

  it('refuses a passkey it does not know, and one that was removed', async () => {
    const unknown = await signInWith(newSoftwarePasskey());
    expect(unknown.response.statusCode).toBe(400);
    expect(detail(unknown.response)).toBe(PASSKEY_MESSAGES.unknownPasskey);

    const { browser } = await signedIn();
    const passkey = newSoftwarePasskey();
    const { id } = (await addPasskey(browser, passkey)).json<Listed>();
    expect((await browser.delete(`/auth/passkeys/${id}/`)).statusCode).toBe(204);
    expect((await browser.get('/auth/passkeys/')).json()).toEqual([]);
    const removed = await signInWith(passkey);
    expect(detail(removed.response)).toBe(PASSKEY_MESSAGES.unknownPasskey);
  });

  it('refuses the passkey of an account staff deactivated, and a deleted account has none left', async () => {
    const { browser, userId } = await signedIn();
    const passkey = newSoftwarePasskey();
    await addPasskey(browser, passkey);
    await deactivateUser(testApp.app.db, userId, new Date());
    expect(detail((await signInWith(passkey)).response)).toBe(PASSKEY_MESSAGES.unknownPasskey);

    const bob = await signedIn('bob@example.com');
    await addPasskey(bob.browser, newSoftwarePasskey());
    expect((await bob.browser.delete('/auth/profile/', { current_password: PASSWORD })).statusCode).toBe(204);
    const left = await testApp.app.db.selectFrom('passkeys').select('user_id').execute();
    expect(left.map((row) => row.user_id)).toEqual([userId]);
  });

  it('adds no passkey from a challenge handed to someone else, nor from a sign-in challenge', async () => {
    const alice = await signedIn();
    const bob = await signedIn('bob@example.com');
    const passkey = newSoftwarePasskey();
    const aliceOptions = await optionsOf(alice.browser, 'register');
    const stolen = await bob.browser.post('/auth/passkeys/register/', {
      credential: registrationAnswer(passkey, aliceOptions, at),
    });
    expect(stolen.statusCode).toBe(400);
    expect(detail(stolen)).toBe(PASSKEY_MESSAGES.requestExpired);
    const signInOptions = await optionsOf(bob.browser, 'login');
    const wrongKind = await bob.browser.post('/auth/passkeys/register/', {
      credential: registrationAnswer(passkey, signInOptions, at),
    });
    expect(detail(wrongKind)).toBe(PASSKEY_MESSAGES.requestExpired);
    expect((await bob.browser.get('/auth/passkeys/')).json()).toEqual([]);
  });

  it('refuses to add the same passkey twice, and an answer for another site', async () => {
    const { browser } = await signedIn();
    const passkey = newSoftwarePasskey();
    expect((await addPasskey(browser, passkey)).statusCode).toBe(201);
    const twice = await addPasskey(browser, passkey);
    expect(twice.statusCode).toBe(400);
    expect(detail(twice)).toBe(PASSKEY_MESSAGES.alreadyRegistered);
    const options = await optionsOf(browser, 'register');
    const foreign = await browser.post('/auth/passkeys/register/', {
      credential: registrationAnswer(newSoftwarePasskey(), options, {
        ...at,
        origin: 'https://evil.example',
      }),
    });
    expect(detail(foreign)).toBe(PASSKEY_MESSAGES.notVerified);
  });

  it('renames a passkey, and refuses a name it cannot keep, in words', async () => {
    const { browser } = await signedIn();
    const { id } = (await addPasskey(browser, newSoftwarePasskey(), 'Phone')).json<Listed>();
    const renamed = await browser.patch(`/auth/passkeys/${id}/`, { name: 'Old phone' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id, name: 'Old phone' });
    const cases: Array<[unknown, string]> = [
      ['   ', PASSKEY_MESSAGES.nameRequired],
      ['a'.repeat(65), PASSKEY_MESSAGES.nameTooLong],
      ['Line\nbreak', PASSKEY_MESSAGES.nameControlCharacters],
      [42, 'name: must be a string'],
    ];
    for (const [name, words] of cases) {
      const refused = await browser.patch(`/auth/passkeys/${id}/`, { name });
      expect(refused.statusCode).toBe(400);
      expect(detail(refused)).toBe(words);
    }
    // A NUL never reaches the route: every body loses its control characters but tab and line breaks first.
    const cleaned = await browser.patch(`/auth/passkeys/${id}/`, { name: 'Nul\u0000 key' });
    expect(cleaned.statusCode, cleaned.body).toBe(200);
    expect(cleaned.json()).toMatchObject({ id, name: 'Nul key' });
    await browser.patch(`/auth/passkeys/${id}/`, { name: 'Old phone' });
    expect((await browser.patch(`/auth/passkeys/${id}/`, {})).json()).toMatchObject({
      detail: 'name is required',
    });
    // A name refused when adding, too.
    const longName = await addPasskey(browser, newSoftwarePasskey(), 'x'.repeat(65));
    expect(detail(longName)).toBe(PASSKEY_MESSAGES.nameTooLong);
    expect((await browser.get('/auth/passkeys/')).json<Listed[]>().map((passkey) => passkey.name)).toEqual([
      'Old phone',
    ]);
  });

  it("answers 404 for another person's passkey, whatever the verb, and leaves it alone", async () => {
    const alice = await signedIn();
    const { id } = (await addPasskey(alice.browser, newSoftwarePasskey(), 'Alice key')).json<Listed>();
    const bob = await signedIn('bob@example.com');
    expect((await bob.browser.delete(`/auth/passkeys/${id}/`)).statusCode).toBe(404);
    expect((await bob.browser.patch(`/auth/passkeys/${id}/`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await bob.browser.delete('/auth/passkeys/999999/')).statusCode).toBe(404);
    expect((await bob.browser.delete('/auth/passkeys/abc/')).statusCode).toBe(400);
    expect((await alice.browser.get('/auth/passkeys/')).json<Listed[]>()).toMatchObject([
      { id, name: 'Alice key' },
    ]);
  });

  it('asks for a session to list, add, rename or remove, and for the CSRF token on every change', async () => {
    const visitor = await client(testApp.app);
    expect((await visitor.get('/auth/passkeys/')).statusCode).toBe(401);
    expect((await visitor.post('/auth/passkeys/register/options/', {})).statusCode).toBe(401);
    expect((await visitor.delete('/auth/passkeys/1/')).statusCode).toBe(401);
    expect((await visitor.patch('/auth/passkeys/1/', { name: 'x' })).statusCode).toBe(401);
    const { browser } = await signedIn();
    for (const [method, url] of [
      ['POST', '/auth/passkeys/register/options/'],
      ['POST', '/auth/passkeys/register/'],
      ['POST', '/auth/passkeys/login/options/'],
      ['POST', '/auth/passkeys/login/'],
      ['PATCH', '/auth/passkeys/1/'],
      ['DELETE', '/auth/passkeys/1/'],
    ] as const) {
      const forged = await browser.request(method, url, {}, { csrf: false });
      expect(forged.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('refuses malformed answers in words', async () => {
    const { browser } = await signedIn();
    const missing = await browser.post('/auth/passkeys/login/', {});
    expect(missing.statusCode).toBe(400);
    expect(detail(missing)).toBe('credential is required');
    const passkey = newSoftwarePasskey();
    const options = await optionsOf(browser, 'login');
    const answer = authenticationAnswer(passkey, options, at);
    const unreadable = await browser.post('/auth/passkeys/login/', {
      credential: { ...answer, response: { ...answer.response, clientDataJSON: 'bm90LWpzb24' } },
    });
    expect(detail(unreadable)).toBe(PASSKEY_MESSAGES.unreadable);
    const noSignature = await browser.post('/auth/passkeys/login/', {
      credential: { ...answer, response: { ...answer.response, signature: undefined } },
    });
    expect(detail(noSignature)).toBe('credential.response.signature is required');
    const register = await browser.post('/auth/passkeys/register/', { credential: { id: 'x' } });
    expect(detail(register)).toBe('credential.rawId is required');
  });

  it('limits the sign-in challenges one address may ask for', async () => {
    const visitor = await client(testApp.app);
    for (let i = 0; i < 60; i += 1) {
      expect((await visitor.post('/auth/passkeys/login/options/', {})).statusCode).toBe(200);
    }
    const refused = await visitor.post('/auth/passkeys/login/options/', {});
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('passkeys on a server whose PUBLIC_URL is an IP address', () => {
  it('answer 503 and say why', async () => {
    const testApp = await createTestApp({ publicUrl: 'http://192.168.1.20:8000' }, undefined, {
      seed: false,
    });
    try {
      const visitor = await client(testApp.app);
      const response = await visitor.post('/auth/passkeys/login/options/', {});
      expect(response.statusCode).toBe(503);
      expect(detail(response)).toBe(PASSKEYS_NEED_A_DOMAIN);
    } finally {
      await testApp.close();
    }
  });
});
