import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { PROVIDER_STATES_PATH } from '../pact/provider-state-routes.js';
import { SESSION_COOKIE } from '../../src/http/session.js';
import { createTestApp, testDatabases } from '../helpers/app.js';

const setup = (state: string) => ({
  method: 'POST' as const,
  url: PROVIDER_STATES_PATH,
  payload: { state, params: {}, action: 'setup' },
});

it('PACT_PROVIDER_STATES is off unless set to a true value', () => {
  expect(loadConfig({}).pactProviderStates).toBe(false);
  expect(loadConfig({ PACT_PROVIDER_STATES: '1' }).pactProviderStates).toBe(true);
  expect(() => loadConfig({ PACT_PROVIDER_STATES: 'maybe' })).toThrow(/PACT_PROVIDER_STATES/);
});

it('a server not handed the route by the tests refuses to start with PACT_PROVIDER_STATES=1', async () => {
  // Production code never loads the route (test code); a production start in test mode is a mistake, said at once.
  const config = { ...loadConfig({ PACT_PROVIDER_STATES: '1' }), databaseUrl: 'sqlite::memory:' };
  await expect(buildApp(config, { logger: false })).rejects.toThrow(
    /PACT_PROVIDER_STATES=1 needs the provider-state route/,
  );
});

describe.each(testDatabases())('the Pact state-setup URL on $name', (database) => {
  it('does not exist unless the server is started with PACT_PROVIDER_STATES=1', async () => {
    const testApp = await createTestApp({}, database, { seed: false });
    try {
      for (const method of ['POST', 'GET'] as const) {
        const response = await testApp.app.inject({ ...setup('a signed-in user'), method });
        expect(response.statusCode, method).toBe(404);
        expect(response.json()).toEqual({ detail: 'Not found.' });
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    } finally {
      await testApp.close();
    }
  });

  it('in test mode sets a state up, answers its session cookie, and refuses a state it does not know', async () => {
    const testApp = await createTestApp({ pactProviderStates: true }, database);
    const { app } = testApp;
    try {
      const signedIn = await app.inject(setup('a signed-in user'));
      expect(signedIn.statusCode).toBe(200);
      const session = signedIn.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
      expect(session?.value).toBeTruthy();
      const profile = await app.inject({
        method: 'GET',
        url: '/auth/profile/',
        cookies: { [SESSION_COOKIE]: session!.value },
      });
      expect(profile.statusCode).toBe(200);

      // The next state starts from empty data: the previous session is gone.
      const visitor = await app.inject(setup('any visitor'));
      expect(visitor.statusCode).toBe(200);
      expect(visitor.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
      const after = await app.inject({
        method: 'GET',
        url: '/auth/profile/',
        cookies: { [SESSION_COOKIE]: session!.value },
      });
      expect(after.statusCode).toBe(401);

      const unknown = await app.inject(setup('a state nobody wrote'));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().detail).toContain('No provider state "a state nobody wrote"');
      const teardown = await app.inject({
        ...setup('a signed-in user'),
        payload: { state: 'a signed-in user', action: 'teardown' },
      });
      expect(teardown.statusCode).toBe(200);
    } finally {
      await testApp.close();
    }
  });
});
