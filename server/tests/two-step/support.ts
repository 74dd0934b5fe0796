import type { FastifyInstance } from 'fastify';
import { codeAt, newSecret } from '../../src/two-step/codes.js';
import { seal } from '../../src/two-step/secret-box.js';

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
