import type { LightMyRequestResponse } from 'fastify';
import { ALICE, BOB, PASSWORD, ROOT, STAFF, states } from '../pact/states/auth.js';
import type { ProviderStateValues } from '../pact/provider-state.js';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';
import { resetAccounts } from './support.js';

/*
 * Each account provider state, run against a real app, then the call a consumer makes in it: the
 * sentences hold what they say before any pact is verified against them.
 */

type Check = (c: TestClient, values: ProviderStateValues) => Promise<void>;

const expectStatus = (response: LightMyRequestResponse, status: number, body?: object) => {
  expect(response.statusCode, response.body).toBe(status);
  if (body) expect(response.json()).toMatchObject(body);
};

const CHECKS: Record<string, Check> = {
  'a registered, confirmed user alice@example.com with password Passw0rd!': async (c) => {
    expectStatus(await c.post('/auth/login/', { email: ALICE.email, password: PASSWORD }), 200, {
      user_id: ALICE.id,
    });
  },
  'an unconfirmed user bob@example.com with password Passw0rd!': async (c) => {
    expectStatus(await c.post('/auth/login/', { email: BOB.email, password: PASSWORD }), 403, {
      code: 'email_not_confirmed',
    });
  },
  'no registered users': async (c) => {
    expectStatus(await c.post('/auth/login/', { email: ALICE.email, password: PASSWORD }), 400);
  },
  'no user with email alice@example.com': async (c) => {
    const body = {
      full_name: 'Alice Example',
      email: ALICE.email,
      phone_number: '+12025550123',
      password1: PASSWORD,
      password2: PASSWORD,
    };
    expectStatus(await c.post('/auth/register/', body), 201);
  },
  'a signed-in user': async (c) => {
    expectStatus(await c.get('/auth/profile/'), 200, {
      email: ALICE.email,
      is_staff: false,
      is_superuser: false,
    });
  },
  'a signed-in staff user': async (c) => {
    expectStatus(await c.get('/auth/profile/'), 200, {
      email: STAFF.email,
      is_staff: true,
      is_superuser: false,
    });
  },
  'a signed-in superuser': async (c) => {
    expectStatus(await c.get('/auth/profile/'), 200, {
      email: ROOT.email,
      is_staff: true,
      is_superuser: true,
    });
  },
  'a valid email confirmation link': async (c, { uid, token }) => {
    expect(uid).toBe(BOB.uid);
    expectStatus(
      await c.get('/auth/confirm-email/', { query: { uid: String(uid), token: String(token) } }),
      200,
    );
  },
  'an expired email confirmation link': async (c, { uid, token }) => {
    expectStatus(
      await c.get('/auth/confirm-email/', { query: { uid: String(uid), token: String(token) } }),
      400,
      {
        detail: 'This confirmation link has expired. Please request a new one.',
      },
    );
  },
  'an already used email confirmation link': async (c, { uid, token }) => {
    expectStatus(
      await c.get('/auth/confirm-email/', { query: { uid: String(uid), token: String(token) } }),
      400,
      {
        detail: 'This confirmation link has already been used.',
      },
    );
  },
  'a valid password-reset token for alice@example.com': async (c, { uid, token }) => {
    expect(uid).toBe(ALICE.uid);
    expectStatus(
      await c.post('/auth/password-reset-confirm/', { uid, token, new_password: 'N3w-password' }),
      200,
      {
        user_id: ALICE.id,
      },
    );
  },
  'an expired password-reset token for alice@example.com': async (c, { uid, token }) => {
    expectStatus(
      await c.post('/auth/password-reset-confirm/', { uid, token, new_password: 'N3w-password' }),
      400,
      {
        detail: 'This password reset link has expired. Please request a new one.',
      },
    );
  },
  'too many sign-in attempts for alice@example.com': async (c) => {
    expectStatus(await c.post('/auth/login/', { email: ALICE.email, password: PASSWORD }), 429);
  },
  'too many password-reset requests': async (c) => {
    expectStatus(await c.post('/auth/password-reset/', { email: ALICE.email }), 429);
  },
};

describe.each(testDatabases())('account provider states ($name)', (database) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({}, database, { seed: false });
  });

  beforeEach(async () => {
    await resetAccounts(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('each has a check here', () => {
    expect(Object.keys(CHECKS).sort()).toEqual(Object.keys(states).sort());
  });

  it.each(Object.keys(states))('%s', async (sentence) => {
    const c = await client(testApp.app);
    const values =
      (await states[sentence]!({
        app: testApp.app,
        db: testApp.app.db,
        params: {},
        signIn: (userId) => c.signInAs(userId),
      })) ?? {};
    await CHECKS[sentence]!(c, values);
  });
});
