import { createServer } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { linkedinRedirectUri } from '../../src/auth/social/linkedin.js';
import { findUserByEmail } from '../../src/users/repository.js';
import type { Config } from '../../src/config.js';
import { SESSION_COOKIE } from '../../src/http/session.js';
import {
  GOOGLE_CLIENT_ID,
  LINKEDIN_CLIENT_ID,
  startIdentityProvider,
  type IdentityProvider,
  type Person,
} from '../../../e2e/support/oidc-provider.js';
import { createAccount, PASSWORD, resetAccounts } from '../auth/support.js';
import { client, createTestApp, testDatabases, type TestApp } from '../helpers/app.js';

const GOOGLE = '/auth/social/login/google/';
const LINKEDIN = '/auth/social/login/linkedin/';

const ada: Person = { email: 'Ada@Example.com', name: 'Ada Lovelace' };

/** A port nothing listens on: the provider is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function answer(response: LightMyRequestResponse) {
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

/** Every refusal names its reason twice: `detail` (the API's rule) and `error` (read first by the LinkedIn flow). */
function expectRefusal(response: LightMyRequestResponse, status: number, detail: RegExp) {
  const { body } = answer(response);
  expect(response.statusCode).toBe(status);
  expect(body.detail).toMatch(detail);
  expect(body.error).toBe(body.detail);
  expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
}

let provider: IdentityProvider;

beforeAll(async () => {
  provider = await startIdentityProvider();
});

afterAll(async () => {
  await provider?.stop();
});

describe.each(testDatabases())('social sign-in ($name)', (database) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ ...provider.config }, database, { seed: false });
  });

  beforeEach(async () => {
    provider.outage = false;
    await resetAccounts(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const linkedinCode = (person: Person) =>
    provider.authorizationCode(person, { redirectUri: linkedinRedirectUri(testApp.app.config) });

  describe('GET /auth/social/config/', () => {
    it('answers the public values the web app needs, and no secret', async () => {
      const c = await client(testApp.app);
      const response = await c.get('/auth/social/config/');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        google_client_id: GOOGLE_CLIENT_ID,
        google_script_url: `${provider.origin}/gsi/client`,
        linkedin_client_id: LINKEDIN_CLIENT_ID,
        linkedin_authorization_url: `${provider.origin}/linkedin/authorize`,
        linkedin_redirect_uri: 'http://localhost:8000/linkedin-callback',
      });
      expect(response.body).not.toContain('secret');
    });
  });

  describe('Google', () => {
    it('creates a confirmed, passwordless account on first use and signs in to the same one after', async () => {
      const c = await client(testApp.app);
      const first = await c.post(GOOGLE, { access_token: await provider.googleAccessToken(ada) });
      expect(first.statusCode).toBe(200);
      const userId = (first.json() as { user_id: number }).user_id;
      expect(first.json()).toEqual({ user_id: userId, detail: 'Signed in successfully.' });
      expect(first.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toMatchObject({
        httpOnly: true,
      });

      const profile = await c.get('/auth/profile/');
      expect(profile.json()).toMatchObject({
        full_name: 'Ada Lovelace',
        email: 'Ada@Example.com',
        is_staff: false,
      });
      const user = await findUserByEmail(testApp.app.db, 'ada@example.com');
      expect(user).toMatchObject({ is_active: 1, password_hash: null, phone_number: '' });
      expect(user?.email_confirmed_at).not.toBeNull();

      const sessionBefore = c.cookies.get(SESSION_COOKIE);
      const second = await c.post(GOOGLE, {
        access_token: await provider.googleAccessToken({ ...ada, email: 'ada@example.com' }),
      });
      expect(second.json()).toMatchObject({ user_id: userId });
      expect(c.cookies.get(SESSION_COOKIE)).not.toBe(sessionBefore);
      const users = await testApp.app.db.selectFrom('users').select('id').execute();
      expect(users).toEqual([{ id: userId }]);
    });

    it('signs in to an existing password account with that address and keeps its password', async () => {
      const alice = await createAccount(testApp.app, { email: 'alice@example.com' });
      const c = await client(testApp.app);
      const response = await c.post(GOOGLE, {
        access_token: await provider.googleAccessToken({ email: 'alice@example.com', name: 'Someone Else' }),
      });
      expect(response.json()).toMatchObject({ user_id: alice.id });
      expect((await c.get('/auth/profile/')).json()).toMatchObject({ full_name: 'Alice Example' });
      const login = await (
        await client(testApp.app)
      ).post('/auth/login/', { email: 'alice@example.com', password: PASSWORD });
      expect(login.statusCode).toBe(200);
    });

    it('confirms an unconfirmed account and drops the password its registrant set', async () => {
      const bob = await createAccount(testApp.app, { email: 'bob@example.com', confirmed: false });
      const c = await client(testApp.app);
      const response = await c.post(GOOGLE, {
        access_token: await provider.googleAccessToken({ email: 'bob@example.com' }),
      });
      expect(response.json()).toMatchObject({ user_id: bob.id });
      const user = await findUserByEmail(testApp.app.db, 'bob@example.com');
      expect(user).toMatchObject({ is_active: 1, password_hash: null });
      const login = await (
        await client(testApp.app)
      ).post('/auth/login/', { email: 'bob@example.com', password: PASSWORD });
      expect(login.statusCode).toBe(400);
    });

    it('gives a staff account a session as the password sign-in does (the web sends it to the admin panel)', async () => {
      const staff = await createAccount(testApp.app, { email: 'staff@example.com', isStaff: true });
      const c = await client(testApp.app);
      const response = await c.post(GOOGLE, {
        access_token: await provider.googleAccessToken({ email: 'staff@example.com' }),
      });
      expect(response.json()).toMatchObject({ user_id: staff.id });
      expect((await c.get('/auth/profile/')).json()).toMatchObject({ is_staff: true });
    });

    it('refuses a disabled account', async () => {
      const carol = await createAccount(testApp.app, { email: 'carol@example.com' });
      await testApp.app.db.updateTable('users').set({ is_active: 0 }).where('id', '=', carol.id).execute();
      const c = await client(testApp.app);
      const response = await c.post(GOOGLE, {
        access_token: await provider.googleAccessToken({ email: 'carol@example.com' }),
      });
      expectRefusal(response, 403, /^This account is disabled\. Please contact support\.$/);
    });

    it('refuses an invalid access token with 400 and creates nothing', async () => {
      const c = await client(testApp.app);
      const response = await c.post(GOOGLE, { access_token: 'not-a-token-google-issued' });
      expectRefusal(
        response,
        400,
        /^Google did not accept the access token \(Invalid Value\)\. Please sign in again\.$/,
      );
      expect(answer(response).body.code).toBe('invalid_token');
      expect(await testApp.app.db.selectFrom('users').selectAll().execute()).toEqual([]);
    });

    it('refuses a token Google issued to another application', async () => {
      const c = await client(testApp.app);
      const token = await provider.googleAccessToken(ada, {
        clientId: 'another-app.apps.googleusercontent.com',
      });
      const response = await c.post(GOOGLE, { access_token: token });
      expectRefusal(response, 400, /issued to another application/);
      expect(answer(response).body.code).toBe('invalid_audience');
    });

    it('refuses an unverified email address', async () => {
      const c = await client(testApp.app);
      const token = await provider.googleAccessToken({ ...ada, email_verified: false });
      const response = await c.post(GOOGLE, { access_token: token });
      expectRefusal(
        response,
        400,
        /^The email address of your Google account is not verified\. Please verify it with Google and try again\.$/,
      );
      expect(await findUserByEmail(testApp.app.db, ada.email)).toBeUndefined();
    });

    it('answers 502 with a clear detail when Google answers with an outage', async () => {
      const token = await provider.googleAccessToken(ada);
      provider.outage = true;
      const response = await (await client(testApp.app)).post(GOOGLE, { access_token: token });
      expectRefusal(
        response,
        502,
        /^Google sign-in is unavailable right now: it answered with status 503\. Please try again later\.$/,
      );
    });

    it('answers 400 naming the field when the access token is missing', async () => {
      const response = await (await client(testApp.app)).post(GOOGLE, {});
      expect(answer(response)).toEqual({ status: 400, body: { detail: 'access_token is required' } });
    });

    it('needs the CSRF token like every unsafe call', async () => {
      const response = await (await client(testApp.app)).post(GOOGLE, { access_token: 'x' }, { csrf: false });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('LinkedIn', () => {
    it('exchanges the code, creates the account on first use and signs in to the same one after', async () => {
      const grace: Person = { email: 'grace@example.com', given_name: 'Grace', family_name: 'Hopper' };
      const redirectUri = linkedinRedirectUri(testApp.app.config);
      const c = await client(testApp.app);
      const first = await c.post(LINKEDIN, { code: await linkedinCode(grace), redirect_uri: redirectUri });
      expect(first.statusCode).toBe(200);
      const userId = (first.json() as { user_id: number }).user_id;
      expect((await c.get('/auth/profile/')).json()).toMatchObject({
        full_name: 'Grace Hopper',
        email: 'grace@example.com',
      });

      const second = await (
        await client(testApp.app)
      ).post(LINKEDIN, { code: await linkedinCode(grace), redirect_uri: redirectUri });
      expect(second.json()).toMatchObject({ user_id: userId });
    });

    it('refuses an unknown or already used code with 400 and an error field', async () => {
      const redirectUri = linkedinRedirectUri(testApp.app.config);
      const code = await linkedinCode(ada);
      const c = await client(testApp.app);
      expect((await c.post(LINKEDIN, { code, redirect_uri: redirectUri })).statusCode).toBe(200);
      const reused = await (await client(testApp.app)).post(LINKEDIN, { code, redirect_uri: redirectUri });
      expectRefusal(
        reused,
        400,
        /^LinkedIn did not accept the authorization code \(The authorization code is invalid or has expired\.\)\. Please sign in again\.$/,
      );
      const unknown = await (
        await client(testApp.app)
      ).post(LINKEDIN, { code: 'made-up', redirect_uri: redirectUri });
      expectRefusal(unknown, 400, /^LinkedIn did not accept the authorization code/);
    });

    it('refuses a redirect_uri other than the fixed callback address', async () => {
      const response = await (
        await client(testApp.app)
      ).post(LINKEDIN, {
        code: await linkedinCode(ada),
        redirect_uri: 'https://evil.example/linkedin-callback',
      });
      expectRefusal(response, 400, /^redirect_uri must be http:\/\/localhost:8000\/linkedin-callback\.$/);
    });

    it('refuses an unverified email address', async () => {
      const response = await (
        await client(testApp.app)
      ).post(LINKEDIN, {
        code: await linkedinCode({ ...ada, email_verified: false }),
        redirect_uri: linkedinRedirectUri(testApp.app.config),
      });
      expectRefusal(response, 400, /^The email address of your LinkedIn account is not verified\./);
    });

    it('answers 502 with a clear detail when LinkedIn answers with an outage', async () => {
      const code = await linkedinCode(ada);
      provider.outage = true;
      const response = await (
        await client(testApp.app)
      ).post(LINKEDIN, {
        code,
        redirect_uri: linkedinRedirectUri(testApp.app.config),
      });
      expectRefusal(
        response,
        502,
        /^LinkedIn sign-in is unavailable right now: it answered with status 503\./,
      );
    });
  });
});

describe('social sign-in against providers that are down or not configured', () => {
  let testApp: TestApp;

  afterEach(async () => {
    await testApp?.close();
  });

  it('answers 502, never 500, when the provider cannot be reached', async () => {
    const port = await closedPort();
    const down = `http://127.0.0.1:${port}`;
    testApp = await createTestApp(
      {
        ...provider.config,
        googleTokeninfoUrl: `${down}/tokeninfo`,
        googleUserinfoUrl: `${down}/userinfo`,
        linkedinTokenUrl: `${down}/token`,
      },
      undefined,
      { seed: false },
    );
    const c = await client(testApp.app);
    expectRefusal(
      await c.post(GOOGLE, { access_token: 'any' }),
      502,
      /^Google sign-in is unavailable right now: it could not be reached\. Please try again later\.$/,
    );
    expectRefusal(
      await c.post(LINKEDIN, { code: 'any', redirect_uri: linkedinRedirectUri(testApp.app.config) }),
      502,
      /^LinkedIn sign-in is unavailable right now: it could not be reached\. Please try again later\.$/,
    );
  });

  it('says so when a provider is not configured, and hides it from the web app', async () => {
    const unconfigured: Partial<Config> = {
      googleClientId: null,
      linkedinClientId: null,
      linkedinClientSecret: null,
    };
    testApp = await createTestApp(unconfigured, undefined, { seed: false });
    const c = await client(testApp.app);
    expect((await c.get('/auth/social/config/')).json()).toMatchObject({
      google_client_id: null,
      google_script_url: 'https://accounts.google.com/gsi/client',
      linkedin_client_id: null,
    });
    expectRefusal(
      await c.post(GOOGLE, { access_token: 'any' }),
      503,
      /^Google sign-in is not configured on this server\.$/,
    );
    expectRefusal(
      await c.post(LINKEDIN, { code: 'any', redirect_uri: linkedinRedirectUri(testApp.app.config) }),
      503,
      /^LinkedIn sign-in is not configured on this server\.$/,
    );
  });
});
