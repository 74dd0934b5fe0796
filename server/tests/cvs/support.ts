import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { client, createTestApp, type TestApp, type TestClient, type TestDatabase } from '../helpers/app.js';

/** A confirmed, active account inserted directly: these tests are about CVs, not sign-up. */
export async function insertUser(
  db: Kysely<Database>,
  email: string,
  fullName = 'Test Person',
): Promise<number> {
  const at = new Date().toISOString();
  const { id } = await db
    .insertInto('users')
    .values({
      full_name: fullName,
      email,
      email_normalized: email.toLowerCase(),
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

// Template 1 (Executive Classic) and a field of template 2, from server/templates/*/template.json.
export const EXECUTIVE_CLASSIC = {
  id: 1,
  fullName: 1001,
  jobTitle: 1002,
  email: 1003,
  summary: 1008,
  experienceTitle: 1009,
  company: 1010,
  currentlyWorking: 1014,
  description: 1015,
} as const;
export const CORPORATE_SIDEBAR_FULL_NAME = 2001;

export function cvBody(name: string, overrides: Partial<{ template: number; entries: object[] }> = {}) {
  const body: { name: string; template: number; entries: object[] } = {
    name,
    template: EXECUTIVE_CLASSIC.id,
    entries: [
      { value: 'Ada Lovelace', index: 0, section_field: EXECUTIVE_CLASSIC.fullName },
      { value: 'Analyst', index: 0, section_field: EXECUTIVE_CLASSIC.jobTitle },
      { value: 'ada@example.com', index: 0, section_field: EXECUTIVE_CLASSIC.email },
      { value: 'Engine programmer', index: 0, section_field: EXECUTIVE_CLASSIC.experienceTitle },
      { value: 'Babbage & Co', index: 0, section_field: EXECUTIVE_CLASSIC.company },
      { value: 'Notes author', index: 1, section_field: EXECUTIVE_CLASSIC.experienceTitle },
    ],
  };
  return { ...body, ...overrides };
}

/** What a describe block of CV tests works on: the app, and Alice signed in to it. */
export interface AliceWorld {
  app: FastifyInstance;
  alice: TestClient;
}

/**
 * The app on `database` with Alice signed in, built before the block's tests and closed after them: call it in the
 * describe block, and read its fields in the tests.
 */
export function aliceSignedIn(database: TestDatabase): AliceWorld {
  const world = {} as AliceWorld;
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await createTestApp({}, database);
    world.app = testApp.app;
    world.alice = await client(world.app);
    await world.alice.signInAs(await insertUser(world.app.db, 'alice@example.com', 'Alice Example'));
  });
  afterAll(async () => {
    await testApp?.close();
  });
  return world;
}
