import type { FastifyInstance } from 'fastify';
import { setClock } from '../../src/auth/clock.js';
import { codeAt, newSecret } from '../../src/two-step/codes.js';
import { seal } from '../../src/two-step/secret-box.js';
import { PASSWORD, resetAccounts } from '../auth/support.js';
import { client, createTestApp, type TestApp, type TestClient, type TestDatabase } from '../helpers/app.js';

/**
 * Turns two-step sign-in on for an account directly in the database (no codes shown, no recovery codes): the
 * secret, to compute its codes with `codeAt` as the person's app would.
 */
export async function turnOnTwoStep(app: FastifyInstance, userId: number): Promise<string> {
  const secret = newSecret();
  const at = new Date().toISOString();
  await app.db
    .insertInto('two_step_secrets')
    .values({
      user_id: userId,
      secret: seal(app.config.secretKey, secret),
      created_at: at,
      enabled_at: at,
      last_used_step: null,
    })
    .execute();
  return secret;
}

/** The code an authenticator app shows for `secret` now, or `offsetSteps` 30-second steps away. */
export function currentCode(secret: string, offsetSteps = 0): string {
  return codeAt(secret, new Date(Date.now() + offsetSteps * 30_000));
}

/** Empties the two-step tables (the account tests' reset does not know them). */
export async function resetTwoStep(app: FastifyInstance): Promise<void> {
  await app.db.deleteFrom('two_step_recovery_codes').execute();
  await app.db.deleteFrom('two_step_secrets').execute();
}

/** What a describe block of two-step tests works on: one app for the block, and a way to sign in to it. */
export interface TwoStepWorld {
  testApp: TestApp;
  /** A new browser signed in with the password (only the first step, where two-step is on). */
  signedIn(email?: string): Promise<TestClient>;
}

/**
 * One app on `database` for the describe block (no templates: two-step sign-in needs none), built before its tests
 * and closed after them; before each test the clock is real again and the accounts and two-step tables are empty.
 * Call it in the describe block, and read `testApp` in the tests.
 */
export function twoStepWorld(database: TestDatabase): TwoStepWorld {
  const world: TwoStepWorld = {
    testApp: undefined as unknown as TestApp,
    async signedIn(email = 'alice@example.com') {
      const browser = await client(world.testApp.app);
      const response = await browser.post('/auth/login/', { email, password: PASSWORD });
      expect(response.json()).toMatchObject({ user_id: expect.any(Number) });
      return browser;
    },
  };
  beforeAll(async () => {
    world.testApp = await createTestApp({}, database, { seed: false });
  });
  afterAll(() => world.testApp?.close());
  beforeEach(async () => {
    setClock(undefined);
    await resetTwoStep(world.testApp.app);
    await resetAccounts(world.testApp);
  });
  return world;
}
