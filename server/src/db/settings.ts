import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export async function getSetting(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/**
 * Returns the stored value, storing `create()` first if there is none. Instances racing here all
 * end up with the first writer's value (insert-or-ignore, then read back).
 */
export async function getOrCreateSetting(
  db: Kysely<Database>,
  key: string,
  create: () => string,
): Promise<string> {
  const existing = await getSetting(db, key);
  if (existing !== undefined) return existing;
  await db
    .insertInto('settings')
    .values({ key, value: create() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await getSetting(db, key))!;
}

export function resolveSecretKey(db: Kysely<Database>, configured: string | undefined): Promise<string> {
  if (configured) return Promise.resolve(configured);
  return getOrCreateSetting(db, 'secret_key', () => randomBytes(48).toString('base64url'));
}
