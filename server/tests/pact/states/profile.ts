import type { Kysely } from 'kysely';
import { hashPassword } from '../../../src/auth/passwords.js';
import type { Database } from '../../../src/db/schema.js';
import { setLanguage } from '../../../src/users/repository.js';
import type { ProviderStates } from '../provider-state.js';
import { ALICE, BOB, PASSWORD, PHONE_NUMBER } from './auth.js';

/*
 * Provider states for the profile calls. The plain 'a signed-in user' (ALICE, password
 * Passw0rd!) is the accounts' state; these add what only the profile needs. Ids are the accounts'
 * fixed ones (ALICE.id, BOB.id).
 *
 * Sentences (exact):
 * - 'a signed-in user and another account with email bob@example.com' → ALICE signed in; BOB holds
 *                                                                         bob@example.com (an update to it is
 *                                                                         answered as to a free address)
 * - 'a signed-in user without a phone number'                          → ALICE signed in, phone ''
 *                                                                         (an account from a social sign-in)
 * - 'a signed-in user with saved CVs'                                  → ALICE signed in with two live CVs
 *                                                                         (delete account archives them)
 * - 'a signed-in user who chose German'                                → ALICE signed in, her saved language 'de'
 *                                                                         ([extension] PATCH /auth/profile/)
 */

const SEEDED_AT = '2024-01-01T00:00:00.000Z';

let passwordHash: Promise<string> | undefined;

async function insertAccount(
  db: Kysely<Database>,
  person: { id: number; email: string; full_name: string },
  phoneNumber = PHONE_NUMBER,
): Promise<void> {
  passwordHash ??= hashPassword(PASSWORD);
  await db
    .insertInto('users')
    .values({
      id: person.id,
      full_name: person.full_name,
      email: person.email,
      email_normalized: person.email,
      phone_number: phoneNumber,
      password_hash: await passwordHash,
      is_active: 1,
      is_staff: 0,
      is_superuser: 0,
      email_confirmed_at: SEEDED_AT,
      password_changed_at: SEEDED_AT,
      created_at: SEEDED_AT,
      updated_at: SEEDED_AT,
    })
    .execute();
}

export const states: ProviderStates = {
  'a signed-in user and another account with email bob@example.com': async ({ db, signIn }) => {
    await insertAccount(db, ALICE);
    await insertAccount(db, BOB);
    await signIn(ALICE.id);
  },
  'a signed-in user without a phone number': async ({ db, signIn }) => {
    await insertAccount(db, ALICE, '');
    await signIn(ALICE.id);
  },
  'a signed-in user who chose German': async ({ db, signIn }) => {
    await insertAccount(db, ALICE);
    await setLanguage(db, ALICE.id, 'de', new Date(SEEDED_AT));
    await signIn(ALICE.id);
  },
  'a signed-in user with saved CVs': async ({ db, signIn }) => {
    await insertAccount(db, ALICE);
    for (const [index, name] of ['First CV', 'Second CV'].entries()) {
      await db
        .insertInto('generated_cvs')
        .values({
          uuid: `00000000-0000-4000-8000-00000000000${index + 1}`,
          name,
          template_id: 1,
          owner_id: ALICE.id,
          created: SEEDED_AT,
          last_updated: SEEDED_AT,
          archived_at: null,
        })
        .execute();
    }
    await signIn(ALICE.id);
  },
};
