import { findUserById } from '../../../src/users/repository.js';
import { codeAt, newSecret } from '../../../src/two-step/codes.js';
import { PENDING_COOKIE, pendingCookieValue } from '../../../src/two-step/gate.js';
import { seal } from '../../../src/two-step/secret-box.js';
import type { ProviderStateContext, ProviderStates, ProviderStateValues } from '../provider-state.js';
import { ALICE, states as authStates } from './auth.js';

/*
 * Provider states for two-step sign-in (an extension). Codes depend on the time, so each state hands the consumer
 * the code of now (`${code}`) and one that is surely wrong (`${wrong_code}`) for `fromProviderState`:
 * - 'a user alice@example.com with two-step sign-in on'             → ALICE (password Passw0rd!), two-step on
 * - 'a sign-in of alice@example.com waiting for its code'           → as above, and this browser passed the password
 *                                                                     step (the pending cookie)
 * - 'a signed-in user with a two-step setup waiting for its code'   → ALICE signed in, a setup started
 * - 'a signed-in user with two-step sign-in on'                     → ALICE signed in, two-step on
 */

async function withSecret(context: ProviderStateContext, enabled: boolean): Promise<ProviderStateValues> {
  const secret = newSecret();
  const at = new Date();
  await context.db
    .insertInto('two_step_secrets')
    .values({
      user_id: ALICE.id,
      secret: seal(context.app.config.secretKey, secret),
      created_at: at.toISOString(),
      enabled_at: enabled ? at.toISOString() : null,
      last_used_step: null,
    })
    .execute();
  // A code none of the steps the server accepts (now, one before, one after) shows.
  const accepted = [-1, 0, 1].map((offset) => codeAt(secret, new Date(at.getTime() + offset * 30_000)));
  let wrong = 0;
  while (accepted.includes(String(wrong).padStart(6, '0'))) wrong += 1;
  return { code: codeAt(secret, at), wrong_code: String(wrong).padStart(6, '0') };
}

export const states: ProviderStates = {
  'a user alice@example.com with two-step sign-in on': async (context) => {
    await authStates['a registered, confirmed user alice@example.com with password Passw0rd!']!(context);
    return withSecret(context, true);
  },
  'a sign-in of alice@example.com waiting for its code': async (context) => {
    await authStates['a registered, confirmed user alice@example.com with password Passw0rd!']!(context);
    const values = await withSecret(context, true);
    const alice = (await findUserById(context.db, ALICE.id))!;
    const enabledAt = (
      await context.db
        .selectFrom('two_step_secrets')
        .select('enabled_at')
        .where('user_id', '=', ALICE.id)
        .executeTakeFirstOrThrow()
    ).enabled_at!;
    context.setCookie?.(
      PENDING_COOKIE,
      pendingCookieValue(context.app.config.secretKey, alice, enabledAt, 'password'),
    );
    return values;
  },
  'a signed-in user with a two-step setup waiting for its code': async (context) => {
    await authStates['a signed-in user']!(context);
    return withSecret(context, false);
  },
  'a signed-in user with two-step sign-in on': async (context) => {
    await authStates['a signed-in user']!(context);
    return withSecret(context, true);
  },
};
