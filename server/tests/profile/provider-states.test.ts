import type { LightMyRequestResponse } from 'fastify';
import { ALICE, PASSWORD } from '../pact/states/auth.js';
import {
  ALICE_NEW_EMAIL,
  GOOGLE_ONLY,
  GOOGLE_ONLY_NEW_EMAIL,
  states,
} from '../pact/states/account-changes.js';
import type { ProviderStateValues } from '../pact/provider-state.js';
import { resetAccounts } from '../auth/support.js';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';

/*
 * Each email-change and account-deletion provider state, run against a real app, then the call a consumer makes
 * in it: the sentences hold what they say before any pact is verified against them.
 */

type Check = (c: TestClient, values: ProviderStateValues) => Promise<void>;

const expectStatus = (response: LightMyRequestResponse, status: number, body?: object) => {
  expect(response.statusCode, response.body).toBe(status);
  if (body) expect(response.json()).toMatchObject(body);
};

const link = ({ uid, token }: ProviderStateValues) => ({ uid, token });

const CHECKS: Record<string, Check> = {
  'a signed-in user whose email change to alice.new@example.com is waiting for confirmation': async (c) => {
    expectStatus(await c.get('/auth/profile/'), 200, {
      email: ALICE.email,
      pending_email: ALICE_NEW_EMAIL,
      has_password: true,
    });
    expectStatus(await c.delete('/auth/email-change/'), 200, { pending_email: null });
  },
  'a signed-in user who signs in only with Google': async (c) => {
    expectStatus(await c.get('/auth/profile/'), 200, { email: GOOGLE_ONLY.email, has_password: false });
    expectStatus(await c.delete('/auth/profile/'), 202, { code: 'confirmation_sent' });
  },
  'a valid email-change confirmation link': async (c, values) => {
    expect(values).toMatchObject({ uid: ALICE.uid, user_id: ALICE.id });
    expectStatus(await c.post('/auth/email-change/confirm/', link(values)), 200, { email: ALICE_NEW_EMAIL });
    expectStatus(await c.post('/auth/login/', { email: ALICE_NEW_EMAIL, password: PASSWORD }), 200);
  },
  'an expired email-change confirmation link': async (c, values) => {
    expectStatus(await c.post('/auth/email-change/confirm/', link(values)), 400, { code: 'link_expired' });
  },
  'a valid email-change approval link': async (c, values) => {
    expect(values).toMatchObject({ uid: GOOGLE_ONLY.uid, user_id: GOOGLE_ONLY.id });
    expectStatus(await c.post('/auth/email-change/approve/', link(values)), 200, {
      detail: `Thank you. We sent a confirmation link to ${GOOGLE_ONLY_NEW_EMAIL}.`,
    });
  },
  'a valid email-change cancel link': async (c, values) => {
    expectStatus(await c.post('/auth/email-change/cancel/', link(values)), 200, {
      detail: 'The email change was cancelled and your account was signed out everywhere.',
    });
  },
  'a valid account-deletion link': async (c, values) => {
    expect(values).toMatchObject({ uid: GOOGLE_ONLY.uid, user_id: GOOGLE_ONLY.id });
    expectStatus(await c.post('/auth/delete-account/confirm/', link(values)), 200, {
      detail: 'Your account has been deleted.',
    });
  },
};

describe.each(testDatabases())('email-change and account-deletion provider states ($name)', (database) => {
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
