import { hash, verify, type Options } from '@node-rs/argon2';

// Algorithm.Argon2id: the package's const enum cannot be read under isolatedModules (the web tsconfig
// type-checks e2e code that imports this module).
const ARGON2ID = 2;
const OPTIONS: Options = { algorithm: ARGON2ID };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed check, not a 500.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no account (or no password) to check
 * against, so response time does not tell which email addresses are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that never matches');
  await verifyPassword(await dummyHash, password);
  return false;
}
