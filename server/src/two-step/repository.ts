import type { Kysely } from 'kysely';
import { now as timestamp } from '../db/columns.js';
import type { Database } from '../db/schema.js';

/*
 * The two-step tables: an account's authenticator secret (sealed, see secret-box.ts) and its recovery codes
 * (hashed). Plain functions taking `db` or a transaction.
 */

type Db = Kysely<Database>;

export interface TwoStepRow {
  secret: string;
  enabled_at: string | null;
  last_used_step: number | null;
}

export async function twoStepOf(db: Db, userId: number): Promise<TwoStepRow | undefined> {
  const row = await db
    .selectFrom('two_step_secrets')
    .select(['secret', 'enabled_at', 'last_used_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { ...row, last_used_step: row.last_used_step === null ? null : Number(row.last_used_step) };
}

/** Whether sign-in asks this account for a code. */
export async function isTwoStepOn(db: Db, userId: number): Promise<boolean> {
  return (await twoStepOf(db, userId))?.enabled_at != null;
}

/** A new pending secret, in place of an earlier pending one (an enabled one is never replaced here). */
export async function savePendingSecret(db: Db, userId: number, sealed: string, at: Date): Promise<void> {
  await db
    .deleteFrom('two_step_secrets')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .execute();
  await db
    .insertInto('two_step_secrets')
    .values({
      user_id: userId,
      secret: sealed,
      created_at: timestamp(at),
      enabled_at: null,
      last_used_step: null,
    })
    .execute();
}

/**
 * Records that a code of `step` was used, only if no code of this step or a later one was: false when it was
 * (a replayed code, or two requests racing with the same code). One statement, so the race has one winner.
 */
export async function claimStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('two_step_secrets')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Turns two-step on with the pending secret, and replaces the recovery codes. Run in a transaction. */
export async function enableTwoStep(db: Db, userId: number, codeHashes: string[], at: Date): Promise<void> {
  await db
    .updateTable('two_step_secrets')
    .set({ enabled_at: timestamp(at) })
    .where('user_id', '=', userId)
    .execute();
  await replaceRecoveryCodes(db, userId, codeHashes, at);
}

/** The account's recovery codes, all of them (used or not), replaced by these. Run in a transaction. */
export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: string[], at: Date): Promise<void> {
  const stamp = timestamp(at);
  await db.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_step_recovery_codes')
    .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: stamp, used_at: null })))
    .execute();
}

/** Turns two-step off: the secret and the recovery codes go. */
export async function disableTwoStep(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_step_secrets').where('user_id', '=', userId).execute();
}

/** Uses up the unused recovery code with this hash: false when there is none (wrong, or used already). */
export async function spendRecoveryCode(
  db: Db,
  userId: number,
  codeHash: string,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('two_step_recovery_codes')
    .set({ used_at: timestamp(at) })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many recovery codes the account has left. */
export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('two_step_recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
