import { makeAccountUnlockToken } from '../../../src/auth/account-tokens.js';
import { now } from '../../../src/auth/clock.js';
import { RATE_LIMIT_KEYS, RATE_LIMITS } from '../../../src/auth/routes.js';
import { encodeUid } from '../../../src/auth/tokens.js';
import { hit } from '../../../src/http/rate-limit.js';
import { recordSecurityEvent } from '../../../src/security/events.js';
import { findUserById } from '../../../src/users/repository.js';
import type { ProviderStates } from '../provider-state.js';
import { ALICE, states as authStates } from './auth.js';

/*
 * Provider states for security activity and the unlock link (extensions):
 * - 'a signed-in user with security activity' → ALICE signed in here; a refused sign-in from Firefox on Windows, then
 *                                               a sign-in with a password and a password change from Chrome on Linux
 * - 'a valid account-unlock link for alice@example.com' → ALICE, her account locked from everywhere by wrong
 *                                               passwords; injects the uid and token of the link mailed to her
 */

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

export const states: ProviderStates = {
  'a signed-in user with security activity': async (context) => {
    await authStates['a signed-in user']!(context);
    const { db } = context;
    const firefox = { headers: { 'user-agent': FIREFOX_ON_WINDOWS } };
    const chrome = { headers: { 'user-agent': CHROME_ON_LINUX } };
    await recordSecurityEvent(db, { userId: ALICE.id, kind: 'signin_refused', request: firefox, detail: { reason: 'wrong_password' } });
    await recordSecurityEvent(db, { userId: ALICE.id, kind: 'signin_succeeded', request: chrome, detail: { method: 'password' } });
    await recordSecurityEvent(db, { userId: ALICE.id, kind: 'password_changed', request: chrome });
  },

  'a valid account-unlock link for alice@example.com': async (context) => {
    await authStates['a registered, confirmed user alice@example.com with password Passw0rd!']!(context);
    const { app, db } = context;
    for (let i = 0; i < RATE_LIMITS.login.limit; i++) {
      await hit(db, RATE_LIMIT_KEYS.login(ALICE.email), RATE_LIMITS.login, now());
    }
    const alice = await findUserById(db, ALICE.id);
    return { uid: encodeUid(ALICE.id), token: makeAccountUnlockToken(app.config.secretKey, alice!, now()) };
  },
};
