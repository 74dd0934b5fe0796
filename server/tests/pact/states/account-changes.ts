import type { Kysely } from 'kysely';
import {
  makeAccountDeletionToken,
  makeEmailChangeToken,
  type EmailChangeLink,
} from '../../../src/auth/account-tokens.js';
import { now } from '../../../src/auth/clock.js';
import { hashPassword } from '../../../src/auth/passwords.js';
import { encodeUid } from '../../../src/auth/tokens.js';
import type { User } from '../../../src/users/repository.js';
import type { Database } from '../../../src/db/schema.js';
import { requestEmailChange, type EmailChange } from '../../../src/profile/email-changes.js';
import type { ProviderStates, ProviderStateValues } from '../provider-state.js';
import { ALICE, PASSWORD, PHONE_NUMBER } from './auth.js';

/*
 * Provider states for email changes and account deletion. Ids are fixed as in ./auth.ts: ALICE (id 1,
 * password Passw0rd!) and GOOGLE_ONLY (id 5, no password: signs in only with Google).
 *
 * Sentences (exact):
 * - 'a signed-in user whose email change to alice.new@example.com is waiting for confirmation'
 *                                                → ALICE signed in; profile pending_email alice.new@example.com
 * - 'a signed-in user who signs in only with Google' → GOOGLE_ONLY signed in; profile has_password false
 * - 'a valid email-change confirmation link'       → ALICE → alice.new@example.com; injects uid, token, user_id
 * - 'an expired email-change confirmation link'    → the same, asked for and sent 25 hours ago
 * - 'a valid email-change approval link'           → GOOGLE_ONLY → ada.new@example.com awaiting approval
 * - 'a valid email-change cancel link'             → ALICE → alice.new@example.com; the old address's link
 * - 'a valid account-deletion link'                → GOOGLE_ONLY; POST /auth/delete-account/confirm/ deletes it
 *
 * Link tokens are signed with the server's key at verification time: the consumer takes them with
 * `MatchersV3.fromProviderState('${token}', '<example>')`; uid is fixed (ALICE.uid, GOOGLE_ONLY.uid).
 */

export const GOOGLE_ONLY = {
  id: 5,
  uid: encodeUid(5),
  email: 'ada@example.com',
  full_name: 'Ada Lovelace',
} as const;

export const ALICE_NEW_EMAIL = 'alice.new@example.com';
export const GOOGLE_ONLY_NEW_EMAIL = 'ada.new@example.com';

const SEEDED_AT = '2024-01-01T00:00:00.000Z';
const HOUR = 60 * 60 * 1000;

let passwordHash: Promise<string> | undefined;

async function insertUser(
  db: Kysely<Database>,
  person: { id: number; email: string; full_name: string },
  { password }: { password: boolean },
): Promise<User> {
  passwordHash ??= hashPassword(PASSWORD);
  return db
    .insertInto('users')
    .values({
      id: person.id,
      full_name: person.full_name,
      email: person.email,
      email_normalized: person.email,
      phone_number: password ? PHONE_NUMBER : '',
      password_hash: password ? await passwordHash : null,
      is_active: 1,
      is_staff: 0,
      is_superuser: 0,
      email_confirmed_at: SEEDED_AT,
      password_changed_at: password ? SEEDED_AT : null,
      created_at: SEEDED_AT,
      updated_at: SEEDED_AT,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const alice = (db: Kysely<Database>) => insertUser(db, ALICE, { password: true });
const googleOnly = (db: Kysely<Database>) => insertUser(db, GOOGLE_ONLY, { password: false });

async function aliceChanging(db: Kysely<Database>, at = now()): Promise<EmailChange> {
  return requestEmailChange(db, await alice(db), ALICE_NEW_EMAIL, { needsApproval: false }, at);
}

function changeLink(
  secretKey: string,
  link: EmailChangeLink,
  change: EmailChange,
  at = now(),
): ProviderStateValues {
  return {
    uid: encodeUid(change.user_id),
    token: makeEmailChangeToken(secretKey, link, change, at),
    user_id: change.user_id,
  };
}

export const states: ProviderStates = {
  'a signed-in user whose email change to alice.new@example.com is waiting for confirmation': async ({
    db,
    signIn,
  }) => {
    await aliceChanging(db);
    await signIn(ALICE.id);
  },
  'a signed-in user who signs in only with Google': async ({ db, signIn }) => {
    await googleOnly(db);
    await signIn(GOOGLE_ONLY.id);
  },
  'a valid email-change confirmation link': async ({ app, db }) =>
    changeLink(app.config.secretKey, 'confirmation', await aliceChanging(db)),
  'an expired email-change confirmation link': async ({ app, db }) => {
    const asked = new Date(now().getTime() - 25 * HOUR);
    return changeLink(app.config.secretKey, 'confirmation', await aliceChanging(db, asked), asked);
  },
  'a valid email-change approval link': async ({ app, db }) => {
    const user = await googleOnly(db);
    const change = await requestEmailChange(db, user, GOOGLE_ONLY_NEW_EMAIL, { needsApproval: true }, now());
    return changeLink(app.config.secretKey, 'approval', change);
  },
  'a valid email-change cancel link': async ({ app, db }) =>
    changeLink(app.config.secretKey, 'cancel', await aliceChanging(db)),
  'a valid account-deletion link': async ({ app, db }) => {
    const user = await googleOnly(db);
    return {
      uid: encodeUid(user.id),
      token: makeAccountDeletionToken(app.config.secretKey, user, now()),
      user_id: user.id,
    };
  },
};
