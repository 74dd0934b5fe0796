import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { flag, now } from '../db/columns.js';
import type { Database, PasskeyChallengeTable, PasskeyTable } from '../db/schema.js';

/*
 * The passkeys table (a person's WebAuthn credentials) and the challenges of the ceremonies under way
 * (passkey_challenges): short-lived, used once, and shared by every instance through the database.
 */

type Db = Kysely<Database>;
export type Passkey = Selectable<PasskeyTable>;
export type ChallengePurpose = PasskeyChallengeTable['purpose'];

const hashChallenge = (challenge: string) => createHash('sha256').update(challenge).digest('base64url');

export interface NewPasskey {
  userId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  backedUp: boolean;
}

export async function insertPasskey(db: Db, passkey: NewPasskey, at: Date): Promise<Passkey> {
  return db
    .insertInto('passkeys')
    .values({
      user_id: passkey.userId,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: JSON.stringify(passkey.transports),
      name: passkey.name,
      backed_up: flag(passkey.backedUp),
      created_at: now(at),
      last_used_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The person's passkeys, the oldest first (the order they were added in). */
export function passkeysOf(db: Db, userId: number): Promise<Passkey[]> {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function countPasskeysOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One passkey of the person's; another person's is not found. */
export function passkeyOf(db: Db, userId: number, id: number): Promise<Passkey | undefined> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<Passkey | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export async function renamePasskey(
  db: Db,
  userId: number,
  id: number,
  name: string,
): Promise<Passkey | undefined> {
  return db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Removes one passkey of the person's; false when there was none by that id. */
export async function deletePasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every passkey of the person's (the account's deletion). */
export async function deletePasskeysOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
}

/** After a sign-in: the authenticator's new counter and when the passkey was last used. */
export async function recordPasskeyUse(
  db: Db,
  id: number,
  use: { counter: number; backedUp: boolean },
  at: Date,
): Promise<void> {
  await db
    .updateTable('passkeys')
    .set({ counter: use.counter, backed_up: flag(use.backedUp), last_used_at: now(at) })
    .where('id', '=', id)
    .execute();
}

/** Keeps a challenge for `ttlMs`; expired ones are swept here rather than by a timer every instance would run. */
export async function storeChallenge(
  db: Db,
  challenge: { value: string; purpose: ChallengePurpose; userId: number | null },
  at: Date,
  ttlMs: number,
): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<', now(at)).execute();
  await db
    .insertInto('passkey_challenges')
    .values({
      id: hashChallenge(challenge.value),
      purpose: challenge.purpose,
      user_id: challenge.userId,
      created_at: now(at),
      expires_at: now(new Date(at.getTime() + ttlMs)),
    })
    .execute();
}

/**
 * Uses a challenge up: true when it was handed out for this purpose (and this person, for a registration) and has
 * not expired. One statement deletes it, so of two instances answering the same challenge only one gets true.
 */
export async function consumeChallenge(
  db: Db,
  challenge: { value: string; purpose: ChallengePurpose; userId: number | null },
  at: Date,
): Promise<boolean> {
  let query = db
    .deleteFrom('passkey_challenges')
    .where('id', '=', hashChallenge(challenge.value))
    .where('purpose', '=', challenge.purpose)
    .where('expires_at', '>', now(at));
  query =
    challenge.userId === null
      ? query.where('user_id', 'is', null)
      : query.where('user_id', '=', challenge.userId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
