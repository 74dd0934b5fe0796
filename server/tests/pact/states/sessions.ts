import { now } from '../../../src/db/columns.js';
import { SESSION_MAX_AGE_SECONDS } from '../../../src/http/session.js';
import { publicSessionId } from '../../../src/profile/sessions.js';
import type { ProviderStates } from '../provider-state.js';
import { ALICE, states as authStates } from './auth.js';

/*
 * Provider states for sessions you can see (an extension):
 * - 'a signed-in user with another active session' → ALICE signed in here, and signed in on Firefox on Linux too
 *                                                    (OTHER_SESSION_ID)
 */

const OTHER_SESSION_ROW = 'pact-other-session-of-alice';
/** The id the other session is listed under (the consumer's DELETE names it). */
export const OTHER_SESSION_ID = publicSessionId(OTHER_SESSION_ROW);

export const states: ProviderStates = {
  'a signed-in user with another active session': async (context) => {
    await authStates['a signed-in user']!(context);
    const created = new Date();
    await context.db
      .insertInto('sessions')
      .values({
        id: OTHER_SESSION_ROW,
        user_id: ALICE.id,
        created_at: now(created),
        last_seen_at: now(created),
        expires_at: now(new Date(created.getTime() + SESSION_MAX_AGE_SECONDS * 1000)),
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
      })
      .execute();
  },
};
