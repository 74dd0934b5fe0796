import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LINK_ERROR_CODES } from '../../../rules/account-changes.js';
import { badRequest, fieldError, forbidden, HttpError } from '../http/errors.js';
import { msg, type LanguageCode, type Message } from '../../../rules/languages.js';
import {
  hit,
  releaseAttempt,
  resetRateLimit,
  TRY_AGAIN_IN,
  type RateLimit,
  type RateLimitState,
} from '../http/rate-limit.js';
import { endSession, startSession } from '../http/session.js';
import { secondStepNeeded } from '../two-step/gate.js';
import { twoStepOf } from '../two-step/repository.js';
import { endUserSessions } from '../sessions/repository.js';
import {
  ACCOUNT_MAIL,
  queueByAddress,
  queueConfirmation,
  queuePasswordChangedNotice,
  queueSignUpAttempt,
  queueUnlockLink,
  registerAccountMail,
} from './account-mail.js';
import { requestLanguage } from '../i18n/request.js';
import { checkConfirmationToken, checkPasswordResetToken } from './account-tokens.js';
import { now } from './clock.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { decodeUid } from './tokens.js';
import {
  confirmEmail,
  createUser,
  EmailTakenError,
  findUserByEmail,
  findUserById,
  normalizeEmail,
  setPassword,
  type User,
} from '../users/repository.js';
import { trustedDeviceOf } from '../security/device.js';
import { recordSecurityEvent } from '../security/events.js';
import {
  isValidEmail,
  MAX_EMAIL_LENGTH,
  MAX_FULL_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_PHONE_LENGTH,
  MESSAGES,
  newPasswordProblem,
  normaliseName,
  registrationIssue,
} from './validation.js';
import { bodySchema, text } from '../http/schemas.js';

export const DETAILS = {
  /** Said for a free address and a taken one alike (the owner of a taken one is mailed). */
  registered: msg('Check your email to finish signing up.'),
  emailConfirmed: msg('Email confirmed.'),
  confirmationInvalid: msg('This confirmation link is invalid.'),
  confirmationExpired: msg('This confirmation link has expired. Please request a new one.'),
  confirmationUsed: msg('This confirmation link has already been used.'),
  confirmationResent: msg(
    'If an account with this email address is waiting for confirmation, a new confirmation link has been sent to it.',
  ),
  signedIn: msg('Signed in successfully.'),
  invalidCredentials: msg('Invalid email or password.'),
  emailNotConfirmed: msg(
    'Please confirm your email address before signing in. We can send you a new confirmation link.',
  ),
  accountDisabled: msg('This account is disabled. Please contact support.'),
  signedOut: msg('Signed out.'),
  passwordResetSent: msg('Password reset instructions have been sent to your email address.'),
  resetLinkInvalid: msg('This password reset link is invalid or has already been used.'),
  resetLinkExpired: msg('This password reset link has expired. Please request a new one.'),
  resetLinkValid: msg('This password reset link is valid.'),
  passwordReset: msg('Your password has been reset. You are now signed in.'),
  passwordResetSignIn: msg(
    'Your password has been reset. Sign in with your new password and the code from your authenticator app.',
  ),
} as const;

/** A locked sign-in's 429 (http/rate-limit.ts's TRY_AGAIN_IN), with the way out that only the mailbox opens. */
export const TRY_AGAIN_IN_OR_RESET = msg(
  'Too many attempts. Please try again in {minutes, plural, one {{minutes} minute} other {{minutes} minutes}}, or reset your password.',
);

/** Lets the web tell "confirm your email first" from wrong credentials without matching words. */
export const EMAIL_NOT_CONFIRMED_CODE = 'email_not_confirmed';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** Rate-limit keys, exported so tests and provider states can spend a limit without guessing. */
export const RATE_LIMIT_KEYS = {
  /** Guesses at one account's password, from anywhere (an unknown address is counted the same way). */
  login: (email: string) => `login:email:${normalizeEmail(email)}`,
  /** Guesses at one account's password from one client address: the lockout stops that address only. */
  loginFromAddress: (email: string, ip: string) => `login:email:${normalizeEmail(email)}:ip:${ip}`,
  /** Sign-ins of a browser trusted for its account (security/device.ts), by the cookie's id. */
  loginFromDevice: (deviceId: string) => `login:device:${deviceId}`,
  /** The unlock links mailed about one address (one per lockout window). */
  unlockMail: (email: string) => `unlock-mail:email:${normalizeEmail(email)}`,
  /** Failed sign-ins from one client address, whichever accounts they aim at (password spraying). */
  loginByIp: (ip: string) => `login:ip:${ip}`,
  register: (ip: string) => `register:ip:${ip}`,
  passwordResetByIp: (ip: string) => `password-reset:ip:${ip}`,
  passwordResetByEmail: (email: string) => `password-reset:email:${normalizeEmail(email)}`,
  passwordResetConfirm: (ip: string) => `password-reset-confirm:ip:${ip}`,
  resendConfirmationByIp: (ip: string) => `resend-confirmation:ip:${ip}`,
  resendConfirmationByEmail: (email: string) => `resend-confirmation:email:${normalizeEmail(email)}`,
};

const EMAIL_REQUIRED = msg('email is required');

export const RATE_LIMITS = {
  /** From anywhere: above what one address may try, so only guessing from many addresses locks the account. */
  login: { limit: 50, windowMs: 15 * MINUTE },
  loginFromAddress: { limit: 10, windowMs: 15 * MINUTE },
  loginFromDevice: { limit: 10, windowMs: 15 * MINUTE },
  unlockMail: { limit: 1, windowMs: 15 * MINUTE },
  loginByIp: { limit: 30, windowMs: 15 * MINUTE },
  register: { limit: 5, windowMs: HOUR },
  passwordReset: { limit: 5, windowMs: HOUR },
  passwordResetConfirm: { limit: 20, windowMs: HOUR },
  resendConfirmation: { limit: 5, windowMs: HOUR },
} satisfies Record<string, RateLimit>;

interface RegisterBody {
  full_name: string;
  email: string;
  phone_number: string;
  password1: string;
  password2: string;
}

interface Credentials {
  email: string;
  password: string;
}

interface EmailBody {
  email: string;
}

interface ResetConfirmBody {
  uid: string;
  token: string;
  new_password: string;
}

interface ConfirmQuery {
  uid: string;
  token: string;
}

interface LinkBody {
  uid: string;
  token: string;
}

/**
 * What a sign-in reserved before its password (or code) was checked: the keys a right answer clears, the
 * attempts it takes back (the address's), and the attempts held under the account's keys (taken back when the
 * password was right but two-step sign-in still asks for a code).
 */
export interface Reserved {
  clear: string[];
  release: RateLimitState[];
  held: RateLimitState[];
}

/** The sign-in limits, shared by the password step and the two-step code (two-step/routes.ts). */
export function signInAttempts(app: FastifyInstance) {
  const limit = (key: string, rule: RateLimit) => hit(app.db, key, rule, now());
  const { accountLockoutLimit } = app.config;
  // The account's lock from anywhere; the e2e server lowers it, unscaled, to reach it from its one address.
  const accountRule: RateLimit =
    accountLockoutLimit === null
      ? RATE_LIMITS.login
      : { ...RATE_LIMITS.login, limit: accountLockoutLimit, unscaled: true };

  /** What a sign-in reserved: the keys a right password clears and the attempts it takes back. */

  /** A trusted browser's sign-in: counted under its own key only. */
  async function reserveTrustedAttempt(key: string): Promise<Reserved> {
    let attempt: RateLimitState;
    try {
      attempt = await limit(key, RATE_LIMITS.loginFromDevice);
    } catch (error) {
      throw withResetHint(error);
    }
    return { clear: [key], release: [], held: [attempt] };
  }

  /**
   * Any other sign-in reserves an attempt under three keys before the password is checked, so a parallel burst
   * cannot slip past: the client address (password spraying), the account from this address (the lockout
   * someone guessing causes stops only them), and the account from anywhere (a higher bar against guessing from
   * many addresses; once reached, the owner is mailed a link that unlocks it, and browsers that signed in
   * before still get through). A refused attempt takes back what it reserved: no password was checked.
   */
  async function reserveAttempts(request: FastifyRequest, email: string): Promise<Reserved> {
    const { ip } = request;
    const byIp = await limit(RATE_LIMIT_KEYS.loginByIp(ip), RATE_LIMITS.loginByIp);
    const fromAddressKey = RATE_LIMIT_KEYS.loginFromAddress(email, ip);
    let fromAddress: RateLimitState;
    try {
      fromAddress = await limit(fromAddressKey, RATE_LIMITS.loginFromAddress);
    } catch (error) {
      await releaseAttempt(app.db, byIp);
      throw withResetHint(error);
    }
    const accountKey = RATE_LIMIT_KEYS.login(email);
    let account: RateLimitState;
    try {
      account = await limit(accountKey, accountRule);
    } catch (error) {
      await releaseAttempt(app.db, byIp);
      await releaseAttempt(app.db, fromAddress);
      await mailUnlockLink(email, await requestLanguage(request));
      throw withResetHint(error);
    }
    return { clear: [fromAddressKey, accountKey], release: [byIp], held: [fromAddress, account] };
  }

  /**
   * The owner of a locked account is sent a link that unlocks it, once per window. The same work for an unknown
   * address: the queue finds out whether there is an account to mail (auth/account-mail.ts).
   */
  async function mailUnlockLink(email: string, language: LanguageCode): Promise<void> {
    try {
      await limit(RATE_LIMIT_KEYS.unlockMail(email), RATE_LIMITS.unlockMail);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) return;
      throw error;
    }
    await queueUnlockLink(app, app.db, email, language);
    app.mailQueue.kick();
  }

  /** A trusted browser (security/device.ts) of this account counts on its own; any other sign-in by address. */
  async function reserveSignIn(
    request: FastifyRequest,
    user: { id: number; email: string },
  ): Promise<Reserved> {
    const device = trustedDeviceOf(request, now());
    return device !== null && device.userId === user.id
      ? reserveTrustedAttempt(RATE_LIMIT_KEYS.loginFromDevice(device.id))
      : reserveAttempts(request, user.email);
  }

  return { reserveAttempts, reserveTrustedAttempt, reserveSignIn };
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const limit = (key: string, rule: RateLimit) => hit(app.db, key, rule, now());
  registerAccountMail(app);

  const { reserveAttempts, reserveTrustedAttempt } = signInAttempts(app);

  app.post<{ Body: RegisterBody }>(
    '/auth/register/',
    {
      schema: bodySchema({
        full_name: text(MAX_FULL_NAME_LENGTH),
        email: text(MAX_EMAIL_LENGTH),
        phone_number: text(MAX_PHONE_LENGTH),
        password1: text(MAX_PASSWORD_LENGTH),
        password2: text(MAX_PASSWORD_LENGTH),
      }),
    },
    async (request, reply) => {
      const registration = request.body;
      const issue = registrationIssue(registration);
      if (issue) throw fieldError(issue.field, issue.detail);
      // Counted once the form is valid: what it guards is account creation and mail, which a refused form never
      // reaches.
      await limit(RATE_LIMIT_KEYS.register(request.ip), RATE_LIMITS.register);
      // A taken address is answered exactly as a free one, after the same work (the password is hashed either
      // way): nothing tells a visitor who has an account. Its owner is mailed instead (auth/account-mail.ts).
      const taken = (await findUserByEmail(app.db, registration.email)) !== undefined;
      const language = await requestLanguage(request);
      const passwordHash = await hashPassword(registration.password1);
      try {
        // The account and its confirmation mail exist together or not at all; the queue sends the mail after
        // the answer and retries while the mail server is down, so the address is never left taken unmailed.
        await app.db.transaction().execute(async (trx) => {
          if (taken) return queueSignUpAttempt(app, trx, registration.email, language);
          const created = await createUser(
            trx,
            {
              fullName: normaliseName(registration.full_name),
              email: registration.email,
              phoneNumber: registration.phone_number.trim(),
              passwordHash,
              confirmed: false,
            },
            now(),
          );
          await queueConfirmation(app, trx, created.id, language);
        });
      } catch (error) {
        // Taken a moment ago by a twin request: its owner is told, the answer stays the same.
        if (!(error instanceof EmailTakenError)) throw error;
        await queueSignUpAttempt(app, app.db, registration.email, language);
      }
      app.mailQueue.kick();
      return reply.code(201).send({ detail: DETAILS.registered });
    },
  );

  app.get<{ Querystring: ConfirmQuery }>(
    '/auth/confirm-email/',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['uid', 'token'],
          properties: { uid: text(64), token: text(128) },
        },
      },
    },
    async (request) => {
      const { uid, token } = request.query;
      const userId = decodeUid(uid);
      const user = userId === null ? undefined : await findUserById(app.db, userId);
      const invalid = badRequest(DETAILS.confirmationInvalid, { code: LINK_ERROR_CODES.invalid });
      if (!user || user.deactivated_at !== null) throw invalid;
      const result = checkConfirmationToken(app.config.secretKey, user, token, now());
      if (result === 'expired')
        throw badRequest(DETAILS.confirmationExpired, { code: LINK_ERROR_CODES.expired });
      if (result === 'used') throw badRequest(DETAILS.confirmationUsed, { code: LINK_ERROR_CODES.used });
      if (result === 'invalid') throw invalid;
      await confirmEmail(app.db, user.id, now());
      return { detail: DETAILS.emailConfirmed };
    },
  );

  /**
   * A mail asked for by address. The same work, answer and time for every address: whether it is registered is
   * found out by the queue, after the answer (auth/account-mail.ts).
   */
  function mailByAddress(
    path: string,
    rule: RateLimit,
    keys: { byIp: (ip: string) => string; byEmail: (email: string) => string },
    kind: (typeof ACCOUNT_MAIL)['confirmationRequest' | 'passwordResetRequest'],
    detail: Message,
  ) {
    app.post<{ Body: EmailBody }>(
      path,
      { schema: bodySchema({ email: text(MAX_EMAIL_LENGTH) }) },
      async (request) => {
        const email = validEmail(request.body.email);
        await limit(keys.byIp(request.ip), rule);
        await limit(keys.byEmail(email), rule);
        await queueByAddress(app, app.db, kind, email, await requestLanguage(request));
        app.mailQueue.kick();
        return { detail };
      },
    );
  }

  mailByAddress(
    '/auth/resend-confirmation/',
    RATE_LIMITS.resendConfirmation,
    { byIp: RATE_LIMIT_KEYS.resendConfirmationByIp, byEmail: RATE_LIMIT_KEYS.resendConfirmationByEmail },
    ACCOUNT_MAIL.confirmationRequest,
    DETAILS.confirmationResent,
  );

  app.post<{ Body: Credentials }>(
    '/auth/login/',
    { schema: bodySchema({ email: text(MAX_EMAIL_LENGTH), password: text(MAX_PASSWORD_LENGTH) }) },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const { password } = request.body;
      if (email === '') throw fieldError('email', EMAIL_REQUIRED);
      if (password === '') throw fieldError('password', msg('password is required'));
      const at = now();
      const user = await findUserByEmail(app.db, email);
      // A browser that signed in to this account before is counted on its own: a lockout others cause by
      // guessing does not stop it (security/device.ts).
      const device = trustedDeviceOf(request, at);
      const trusted = device !== null && user !== undefined && device.userId === user.id;
      const reserved = trusted
        ? await reserveTrustedAttempt(RATE_LIMIT_KEYS.loginFromDevice(device.id))
        : await reserveAttempts(request, email);
      const passwordMatches =
        user?.password_hash != null
          ? await verifyPassword(user.password_hash, password)
          : await verifyAgainstDummy(password);
      // An account staff deactivated answers exactly as a wrong password does, after the same argon2 work,
      // and spends the attempt like one: nothing tells a deactivated account from a mistyped password.
      if (!user || !passwordMatches || user.deactivated_at !== null) {
        if (user) {
          await recordSecurityEvent(app.db, {
            userId: user.id,
            kind: 'signin_refused',
            request,
            detail: { reason: 'wrong_password' },
          });
        }
        throw badRequest(DETAILS.invalidCredentials);
      }
      // The right password: it is no guess of the address. Whether it forgives the account's failures waits
      // for two-step sign-in below.
      for (const attempt of reserved.release) await releaseAttempt(app.db, attempt);
      const forgive = async () => {
        for (const key of reserved.clear) await resetRateLimit(app.db, key);
      };
      // Told only to someone who knows the password, so it reveals nothing about the address.
      if (user.email_confirmed_at === null) {
        await forgive();
        return reply.code(403).send({ detail: DETAILS.emailNotConfirmed, code: EMAIL_NOT_CONFIRMED_CODE });
      }
      if (user.is_active !== 1) {
        await forgive();
        throw forbidden(DETAILS.accountDisabled);
      }
      // With two-step sign-in on, the password is half of it: the account's failed attempts (wrong codes
      // among them) are forgiven only once the code is right, or a known password would reopen the guessing.
      const secondStep = await secondStepNeeded(request, reply, user, 'password');
      if (secondStep) {
        // Not a failure either: the attempts it held under the account's keys are taken back, not cleared.
        for (const attempt of reserved.held) await releaseAttempt(app.db, attempt);
        return secondStep;
      }
      await forgive();
      await startSession(request, reply, user.id, { method: 'password' });
      return { user_id: user.id, detail: DETAILS.signedIn };
    },
  );

  app.post('/auth/logout/', async (request, reply) => {
    await endSession(request, reply);
    return { detail: DETAILS.signedOut };
  });

  mailByAddress(
    '/auth/password-reset/',
    RATE_LIMITS.passwordReset,
    { byIp: RATE_LIMIT_KEYS.passwordResetByIp, byEmail: RATE_LIMIT_KEYS.passwordResetByEmail },
    ACCOUNT_MAIL.passwordResetRequest,
    DETAILS.passwordResetSent,
  );

  /** The account a reset link is for, or the 400 the link deserves. */
  async function resetLinkUser(uid: string, token: string): Promise<User> {
    const userId = decodeUid(uid);
    const user = userId === null ? undefined : await findUserById(app.db, userId);
    const invalid = badRequest(DETAILS.resetLinkInvalid, { code: LINK_ERROR_CODES.invalid });
    if (!user || (user.is_active !== 1 && user.email_confirmed_at !== null) || user.deactivated_at !== null)
      throw invalid;
    const result = checkPasswordResetToken(app.config.secretKey, user, token, now());
    if (result === 'expired') throw badRequest(DETAILS.resetLinkExpired, { code: LINK_ERROR_CODES.expired });
    if (result === 'invalid') throw invalid;
    return user;
  }

  // Lets the reset page tell a dead link when it opens, before the person types a new password.
  app.post<{ Body: LinkBody }>(
    '/auth/password-reset-validate/',
    { schema: bodySchema({ uid: text(64), token: text(128) }) },
    async (request) => {
      await limit(RATE_LIMIT_KEYS.passwordResetConfirm(request.ip), RATE_LIMITS.passwordResetConfirm);
      await resetLinkUser(request.body.uid, request.body.token);
      return { detail: DETAILS.resetLinkValid };
    },
  );

  app.post<{ Body: ResetConfirmBody }>(
    '/auth/password-reset-confirm/',
    { schema: bodySchema({ uid: text(64), token: text(128), new_password: text(MAX_PASSWORD_LENGTH) }) },
    async (request, reply) => {
      await limit(RATE_LIMIT_KEYS.passwordResetConfirm(request.ip), RATE_LIMITS.passwordResetConfirm);
      const { uid, token, new_password: newPassword } = request.body;
      const user = await resetLinkUser(uid, token);
      const problem = newPasswordProblem(newPassword);
      if (problem) throw fieldError('new_password', problem);
      const passwordHash = await hashPassword(newPassword);
      const at = now();
      const language = await requestLanguage(request);
      await app.db.transaction().execute(async (trx) => {
        await setPassword(trx, user.id, passwordHash, at);
        // The link came to the mailbox, which is what confirming the address proves.
        if (user.email_confirmed_at === null) await confirmEmail(trx, user.id, at);
        await endUserSessions(trx, user.id);
        await queuePasswordChangedNotice(app, trx, user, at, language);
        await recordSecurityEvent(trx, {
          userId: user.id,
          kind: 'password_changed',
          request,
          detail: { method: 'password_reset' },
        });
      });
      app.mailQueue.kick();
      // The mailbox proved the owner: guesses someone else made at the password no longer lock them out.
      await resetRateLimit(app.db, RATE_LIMIT_KEYS.login(user.email));
      await resetRateLimit(app.db, RATE_LIMIT_KEYS.loginFromAddress(user.email, request.ip));
      // The mailbox is one step, not two: with two-step sign-in on, the reset signs nobody in (the answer names no
      // user, so the page offers sign-in, where the code is asked). Else anyone in the mailbox would be in the account.
      if ((await twoStepOf(app.db, user.id))?.enabled_at) return { detail: DETAILS.passwordResetSignIn };
      await startSession(request, reply, user.id, { method: 'password_reset' });
      return { user_id: user.id, detail: DETAILS.passwordReset };
    },
  );
}

function validEmail(raw: string): string {
  const email = normalizeEmail(raw);
  if (email === '') throw fieldError('email', EMAIL_REQUIRED);
  if (!isValidEmail(email)) throw fieldError('email', MESSAGES.invalidEmail);
  return email;
}

/**
 * An account's lockout can be caused by anyone who types its address: its owner is shown the way out that only
 * the mailbox opens (a password reset clears the account's failed attempts).
 */
function withResetHint(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 429) return error;
  const said = error.detailMessage;
  if (typeof said !== 'string' && said.id === TRY_AGAIN_IN)
    return new HttpError(429, { id: TRY_AGAIN_IN_OR_RESET, values: said.values }, error.headers);
  return error;
}
