import type { Kysely } from 'kysely';
import { makeConfirmationToken, makePasswordResetToken } from '../../../src/auth/account-tokens.js';
import { now } from '../../../src/auth/clock.js';
import { hashPassword } from '../../../src/auth/passwords.js';
import { RATE_LIMIT_KEYS, RATE_LIMITS } from '../../../src/auth/routes.js';
import { encodeUid } from '../../../src/auth/tokens.js';
import type { User } from '../../../src/users/repository.js';
import type { Database } from '../../../src/db/schema.js';
import { hit } from '../../../src/http/rate-limit.js';
import type { ProviderStates, ProviderStateValues } from '../provider-state.js';

/*
 * Provider states for the account calls. Rows get FIXED ids so consumer tests can expect
 * them (user_id, uid); use the constants below rather than copying the values.
 *
 * Sentences (exact):
 * - 'a registered, confirmed user alice@example.com with password Passw0rd!'  → ALICE, active
 * - 'an unconfirmed user bob@example.com with password Passw0rd!'             → BOB, not confirmed: login 403
 *                                                                                 { detail, code: 'email_not_confirmed' }
 * - 'no registered users'                                                      → nothing (register succeeds,
 * - 'no user with email alice@example.com'                                       login 400, reset request 200)
 * - 'a signed-in user'                                                         → ALICE signed in (profile 200, logout)
 * - 'a signed-in staff user'                                                   → STAFF (is_staff) signed in
 * - 'a signed-in superuser'                                                    → ROOT (is_staff + is_superuser) signed in
 * - 'a valid email confirmation link'                                          → BOB; injects uid, token
 * - 'an expired email confirmation link'                                       → BOB; token issued 4 days ago
 * - 'an already used email confirmation link'                                  → BOB confirmed with it already
 * - 'a valid password-reset token for alice@example.com'                       → ALICE; injects uid, token
 * - 'an expired password-reset token for alice@example.com'                    → ALICE; token issued 2 hours ago
 * - 'too many sign-in attempts for alice@example.com'                          → ALICE; login answers 429
 * - 'too many password-reset requests'                                         → reset request answers 429
 * A visitor without a session (profile 401, logout 200) is the foundation's 'any visitor'.
 *
 * Tokens are signed with the server's secret key at verification time, so the consumer cannot know
 * them: states that make a link hand back { uid, token, user_id } for the consumer's
 * `MatchersV3.fromProviderState('${token}', '<example>')` (and '${uid}') in the query or body.
 * The uid is also fixed (ALICE.uid, BOB.uid), so only the token needs injecting.
 */

export const PASSWORD = 'Passw0rd!';

export const ALICE = {
  id: 1,
  uid: encodeUid(1),
  email: 'alice@example.com',
  full_name: 'Alice Example',
  confirmed: true,
} as const;
export const BOB = {
  id: 2,
  uid: encodeUid(2),
  email: 'bob@example.com',
  full_name: 'Bob Example',
  confirmed: false,
} as const;
export const STAFF = {
  id: 3,
  uid: encodeUid(3),
  email: 'staff@example.com',
  full_name: 'Sam Staff',
  confirmed: true,
} as const;
export const ROOT = {
  id: 4,
  uid: encodeUid(4),
  email: 'root@example.com',
  full_name: 'Root Admin',
  confirmed: true,
} as const;

export const PHONE_NUMBER = '+12025550123';

/** Where the verifier's requests come from: the per-address rate limits are spent for it. */
const VERIFIER_ADDRESSES = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];
const SEEDED_AT = '2024-01-01T00:00:00.000Z';
const DAY = 24 * 60 * 60 * 1000;

type Person = typeof ALICE | typeof BOB | typeof STAFF | typeof ROOT;

let passwordHash: Promise<string> | undefined;

async function insertUser(
  db: Kysely<Database>,
  person: Person,
  roles: { staff?: boolean; superuser?: boolean } = {},
): Promise<User> {
  passwordHash ??= hashPassword(PASSWORD);
  return db
    .insertInto('users')
    .values({
      id: person.id,
      full_name: person.full_name,
      email: person.email,
      email_normalized: person.email,
      phone_number: PHONE_NUMBER,
      password_hash: await passwordHash,
      is_active: person.confirmed ? 1 : 0,
      is_staff: roles.staff || roles.superuser ? 1 : 0,
      is_superuser: roles.superuser ? 1 : 0,
      email_confirmed_at: person.confirmed ? SEEDED_AT : null,
      password_changed_at: SEEDED_AT,
      created_at: SEEDED_AT,
      updated_at: SEEDED_AT,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

function link(user: User, token: string): ProviderStateValues {
  return { uid: encodeUid(user.id), token, user_id: user.id };
}

async function spend(
  db: Kysely<Database>,
  keys: string[],
  rule: { limit: number; windowMs: number },
): Promise<void> {
  for (const key of keys) {
    for (let i = 0; i < rule.limit; i++) await hit(db, key, rule, now());
  }
}

export const states: ProviderStates = {
  'a registered, confirmed user alice@example.com with password Passw0rd!': async ({ db }) => {
    await insertUser(db, ALICE);
  },
  'an unconfirmed user bob@example.com with password Passw0rd!': async ({ db }) => {
    await insertUser(db, BOB);
  },
  // Every state starts from empty account tables; these name that for the interactions that need it.
  'no registered users': async () => undefined,
  'no user with email alice@example.com': async () => undefined,

  'a signed-in user': async ({ db, signIn }) => {
    await insertUser(db, ALICE);
    await signIn(ALICE.id);
  },
  'a signed-in staff user': async ({ db, signIn }) => {
    await insertUser(db, STAFF, { staff: true });
    await signIn(STAFF.id);
  },
  'a signed-in superuser': async ({ db, signIn }) => {
    await insertUser(db, ROOT, { superuser: true });
    await signIn(ROOT.id);
  },

  'a valid email confirmation link': async ({ app, db }) => {
    const bob = await insertUser(db, BOB);
    return link(bob, makeConfirmationToken(app.config.secretKey, bob, now()));
  },
  'an expired email confirmation link': async ({ app, db }) => {
    const bob = await insertUser(db, BOB);
    return link(bob, makeConfirmationToken(app.config.secretKey, bob, new Date(now().getTime() - 4 * DAY)));
  },
  'an already used email confirmation link': async ({ app, db }) => {
    const bob = await insertUser(db, BOB);
    const token = makeConfirmationToken(app.config.secretKey, bob, now());
    await db
      .updateTable('users')
      .set({ is_active: 1, email_confirmed_at: now().toISOString() })
      .where('id', '=', bob.id)
      .execute();
    return link(bob, token);
  },

  'a valid password-reset token for alice@example.com': async ({ app, db }) => {
    const alice = await insertUser(db, ALICE);
    return link(alice, makePasswordResetToken(app.config.secretKey, alice, now()));
  },
  'an expired password-reset token for alice@example.com': async ({ app, db }) => {
    const alice = await insertUser(db, ALICE);
    return link(
      alice,
      makePasswordResetToken(app.config.secretKey, alice, new Date(now().getTime() - 2 * 60 * 60 * 1000)),
    );
  },

  'too many sign-in attempts for alice@example.com': async ({ db }) => {
    await insertUser(db, ALICE);
    // The account's own limit: sign-in is counted per account, from any address.
    await spend(db, [RATE_LIMIT_KEYS.login(ALICE.email)], RATE_LIMITS.login);
  },
  'too many password-reset requests': async ({ db }) => {
    await spend(db, VERIFIER_ADDRESSES.map(RATE_LIMIT_KEYS.passwordResetByIp), RATE_LIMITS.passwordReset);
  },
};
