import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_CHANGE_MESSAGES } from '../../../rules/account-changes.js';
import { TWO_STEP_CODES, TWO_STEP_MESSAGES } from '../../../rules/two-step.js';
import { now } from '../auth/clock.js';
import { verifyPassword } from '../auth/passwords.js';
import { DETAILS, signInAttempts } from '../auth/routes.js';
import { MAX_PASSWORD_LENGTH } from '../auth/validation.js';
import { badRequest, fieldError, forbidden, HttpError, unauthorized } from '../http/errors.js';
import { hit, releaseAttempt, resetRateLimit } from '../http/rate-limit.js';
import { bodySchema, text } from '../http/schemas.js';
import { requireUser, startSession } from '../http/session.js';
import { recordSecurityEvent } from '../security/events.js';
import { CHANGE_PASSWORD_RATE_LIMIT, changePasswordRateLimitKey } from '../profile/routes.js';
import { findUserById, type User } from '../users/repository.js';
import {
  hashRecoveryCode,
  matchingStep,
  newRecoveryCodes,
  newSecret,
  normaliseCode,
  normaliseRecoveryCode,
  otpauthUrl,
} from './codes.js';
import { clearPending, pendingSignIn, pendingStillValid, trustDevice } from './gate.js';
import {
  disableTwoStep,
  enableTwoStep,
  replaceRecoveryCodes,
  savePendingSecret,
  twoStepOf,
  spendRecoveryCode,
  claimStep,
  type TwoStepRow,
} from './repository.js';
import { open, seal } from './secret-box.js';

/*
 * Two-step sign-in with an authenticator app (an extension; docs/features/two-step-sign-in.md):
 * - POST /auth/2fa/totp/setup/   → { secret, otpauth_url }: a new secret, pending until a code confirms it
 * - POST /auth/2fa/totp/enable/  { code } → { recovery_codes }: on, with ten single-use recovery codes (shown once)
 * - POST /auth/2fa/disable/      { current_password, code }: off (an account without a password gives the code only)
 * - POST /auth/2fa/recovery-codes/ { password, code } → { recovery_codes }: ten new recovery codes, the old ones void;
 *   the same checks as turning it off, but only the app's code (docs/decisions/0036-new-recovery-codes.md)
 * - POST /auth/login/2fa/        { code, trust_device? } → { user_id, detail }: the second step of a sign-in
 * A code works once (the last used time step is kept) and within one step of the server's clock.
 */

const CODE_FIELD = text(64);

interface CodeBody {
  code: string;
}

interface SecondStepBody extends CodeBody {
  trust_device?: boolean;
}

interface DisableBody extends CodeBody {
  current_password?: string;
}

interface NewRecoveryCodesBody extends CodeBody {
  password?: string;
}

/** A code as typed, told apart: six digits, a recovery code, or 400 in words. */
function readCode(raw: string): { kind: 'app'; code: string } | { kind: 'recovery'; code: string } {
  if (raw.trim() === '') throw fieldError('code', TWO_STEP_MESSAGES.codeRequired);
  const app = normaliseCode(raw);
  if (app) return { kind: 'app', code: app };
  const recovery = normaliseRecoveryCode(raw);
  if (recovery) return { kind: 'recovery', code: recovery };
  throw fieldError('code', TWO_STEP_MESSAGES.codeMalformed);
}

/** A new pending secret for the account (the profile's setup and the admin panel's): 400 while two-step is on. */
export async function startTwoStepSetup(
  app: FastifyInstance,
  user: User,
): Promise<{ secret: string; otpauth_url: string }> {
  if ((await twoStepOf(app.db, user.id))?.enabled_at) throw badRequest(TWO_STEP_MESSAGES.alreadyOn);
  const secret = newSecret();
  await savePendingSecret(app.db, user.id, seal(app.config.secretKey, secret), now());
  return { secret, otpauth_url: otpauthUrl(secret, user.email) };
}

/** Turns two-step on once a code of the pending secret is right; the ten recovery codes, shown this once. */
export async function confirmTwoStepSetup(
  app: FastifyInstance,
  request: FastifyRequest,
  user: User,
  raw: string,
): Promise<string[]> {
  const { secretKey } = app.config;
  const row = await twoStepOf(app.db, user.id);
  if (row?.enabled_at) throw badRequest(TWO_STEP_MESSAGES.alreadyOn);
  if (!row) throw badRequest(TWO_STEP_MESSAGES.notStarted);
  if (raw.trim() === '') throw fieldError('code', TWO_STEP_MESSAGES.codeRequired);
  const code = normaliseCode(raw);
  if (!code) throw fieldError('code', TWO_STEP_MESSAGES.codeMalformed);
  // Guesses at a code count with the profile's other re-authentications (a session may be a stolen one).
  await hit(app.db, changePasswordRateLimitKey(user.id), CHANGE_PASSWORD_RATE_LIMIT, now());
  const step = matchingStep(open(secretKey, row.secret), code, now());
  if (step === null) throw fieldError('code', TWO_STEP_MESSAGES.codeWrong);
  const recoveryCodes = newRecoveryCodes();
  await app.db.transaction().execute(async (trx) => {
    if (!(await claimStep(trx, user.id, step))) throw fieldError('code', TWO_STEP_MESSAGES.codeWrong);
    await enableTwoStep(
      trx,
      user.id,
      recoveryCodes.map((recovery) => hashRecoveryCode(secretKey, normaliseRecoveryCode(recovery)!)),
      now(),
    );
    await recordSecurityEvent(trx, { userId: user.id, kind: 'two_step_enabled', request });
  });
  return recoveryCodes;
}

export async function twoStepRoutes(app: FastifyInstance): Promise<void> {
  const { secretKey } = app.config;
  const { reserveSignIn } = signInAttempts(app);

  async function signedInUser(request: FastifyRequest): Promise<User> {
    const user = await findUserById(app.db, requireUser(request));
    if (!user || user.is_active !== 1) throw unauthorized();
    return user;
  }

  /**
   * Checks a code (from the app, or a recovery code) against the account's two-step row and uses it up: a wrong
   * or already used code is a 400 in words.
   */
  async function spendCode(user: User, row: TwoStepRow, raw: string): Promise<'app' | 'recovery'> {
    const code = readCode(raw);
    if (code.kind === 'recovery') {
      if (!(await spendRecoveryCode(app.db, user.id, hashRecoveryCode(secretKey, code.code), now())))
        throw fieldError('code', TWO_STEP_MESSAGES.recoveryCodeWrong);
      return 'recovery';
    }
    const step = matchingStep(open(secretKey, row.secret), code.code, now());
    // A code used once (here or in a racing request) is refused as a wrong one: it told nothing new.
    if (step === null || !(await claimStep(app.db, user.id, step)))
      throw fieldError('code', TWO_STEP_MESSAGES.codeWrong);
    return 'app';
  }

  app.post('/auth/2fa/totp/setup/', async (request) => startTwoStepSetup(app, await signedInUser(request)));

  app.post<{ Body: CodeBody }>(
    '/auth/2fa/totp/enable/',
    { schema: bodySchema({ code: CODE_FIELD }) },
    async (request) => ({
      recovery_codes: await confirmTwoStepSetup(app, request, await signedInUser(request), request.body.code),
      detail: TWO_STEP_MESSAGES.turnedOn,
    }),
  );

  app.post<{ Body: DisableBody }>(
    '/auth/2fa/disable/',
    {
      schema: bodySchema({ current_password: text(MAX_PASSWORD_LENGTH), code: CODE_FIELD }, [
        'current_password',
      ]),
    },
    async (request) => {
      const user = await signedInUser(request);
      const row = await twoStepOf(app.db, user.id);
      if (!row?.enabled_at) throw badRequest(TWO_STEP_MESSAGES.notOn);
      const password = request.body.current_password ?? '';
      if (user.password_hash !== null && password.trim() === '')
        throw fieldError('current_password', TWO_STEP_MESSAGES.passwordRequired);
      readCode(request.body.code);
      await hit(app.db, changePasswordRateLimitKey(user.id), CHANGE_PASSWORD_RATE_LIMIT, now());
      if (user.password_hash !== null && !(await verifyPassword(user.password_hash, password)))
        throw fieldError('current_password', ACCOUNT_CHANGE_MESSAGES.currentPasswordIncorrect);
      await spendCode(user, row, request.body.code);
      await app.db.transaction().execute(async (trx) => {
        await disableTwoStep(trx, user.id);
        await recordSecurityEvent(trx, { userId: user.id, kind: 'two_step_disabled', request });
      });
      return { detail: TWO_STEP_MESSAGES.turnedOff };
    },
  );

  app.post<{ Body: NewRecoveryCodesBody }>(
    '/auth/2fa/recovery-codes/',
    { schema: bodySchema({ password: text(MAX_PASSWORD_LENGTH), code: CODE_FIELD }, ['password']) },
    async (request) => {
      const user = await signedInUser(request);
      const row = await twoStepOf(app.db, user.id);
      if (!row?.enabled_at) throw badRequest(TWO_STEP_MESSAGES.notOn);
      const password = request.body.password ?? '';
      if (user.password_hash !== null && password.trim() === '')
        throw fieldError('password', TWO_STEP_MESSAGES.passwordRequired);
      // The phone, not a recovery code: whoever holds one old code must not get ten new ones with it.
      if (readCode(request.body.code).kind === 'recovery') throw fieldError('code', TWO_STEP_MESSAGES.appCodeOnly);
      await hit(app.db, changePasswordRateLimitKey(user.id), CHANGE_PASSWORD_RATE_LIMIT, now());
      if (user.password_hash !== null && !(await verifyPassword(user.password_hash, password)))
        throw fieldError('password', ACCOUNT_CHANGE_MESSAGES.currentPasswordIncorrect);
      await spendCode(user, row, request.body.code);
      const recoveryCodes = newRecoveryCodes();
      await app.db.transaction().execute(async (trx) => {
        await replaceRecoveryCodes(
          trx,
          user.id,
          recoveryCodes.map((recovery) => hashRecoveryCode(secretKey, normaliseRecoveryCode(recovery)!)),
          now(),
        );
        await recordSecurityEvent(trx, { userId: user.id, kind: 'recovery_codes_replaced', request });
      });
      return { recovery_codes: recoveryCodes, detail: TWO_STEP_MESSAGES.recoveryCodesReplaced };
    },
  );

  app.post<{ Body: SecondStepBody }>(
    '/auth/login/2fa/',
    { schema: bodySchema({ code: CODE_FIELD, trust_device: { type: 'boolean' } }, ['trust_device']) },
    async (request, reply) => {
      const expired = () =>
        new HttpError(401, TWO_STEP_MESSAGES.signInExpired, {}, { code: TWO_STEP_CODES.expired });
      const pending = pendingSignIn(request);
      if (!pending) throw expired();
      const user = await findUserById(app.db, pending.userId);
      const row = user && (await twoStepOf(app.db, user.id));
      if (!user || !row?.enabled_at || !pendingStillValid(request, pending, user, row.enabled_at)) {
        clearPending(request, reply);
        throw expired();
      }
      readCode(request.body.code);
      // A wrong code is a failed sign-in like a wrong password: the same limits, per account and per address
      // (or this browser's own, when it signed in to the account before).
      const reserved = await reserveSignIn(request, user);
      let kind: 'app' | 'recovery';
      try {
        kind = await spendCode(user, row, request.body.code);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 400)
          await recordSecurityEvent(app.db, {
            userId: user.id,
            kind: 'signin_refused',
            request,
            detail: { reason: 'wrong_code' },
          });
        throw error;
      }
      // Only a right code forgives the account's failed attempts (the password alone did not).
      for (const key of reserved.clear) await resetRateLimit(app.db, key);
      for (const attempt of reserved.release) await releaseAttempt(app.db, attempt);
      clearPending(request, reply);
      // Staff may have switched the account off while the code was being typed.
      if (user.is_active !== 1 || user.deactivated_at !== null) throw forbidden(DETAILS.accountDisabled);
      await startSession(request, reply, user.id, {
        method: kind === 'app' ? 'authenticator_code' : 'recovery_code',
      });
      if (request.body.trust_device === true) trustDevice(request, reply, user, row.enabled_at);
      return { user_id: user.id, detail: DETAILS.signedIn };
    },
  );
}
