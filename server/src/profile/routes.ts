import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ACCOUNT_CHANGE_MESSAGES,
  approvalSentToMessage,
  CONFIRMATION_SENT_CODE,
  confirmationSentToMessage,
  deletionLinkSentToMessage,
  emailChangeWaitUntilMessage,
} from '../../../rules/account-changes.js';
import { LANGUAGE_CODES, msg, type LanguageCode, type Message } from '../../../rules/languages.js';
import { rememberSavedLanguage, requestLanguage } from '../i18n/request.js';
import { queuePasswordChangedNotice } from '../auth/account-mail.js';
import { now } from '../auth/clock.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/passwords.js';
import {
  EmailTakenError,
  findUserById,
  normalizeEmail,
  setLanguage,
  setPassword,
  updateDetails,
  updateProfile,
  type User,
} from '../users/repository.js';
import { MAX_PASSWORD_LENGTH, normaliseName } from '../auth/validation.js';
import { fieldError, unauthorized } from '../http/errors.js';
import { hit, resetRateLimit, type RateLimit } from '../http/rate-limit.js';
import { endSession, renewSession, requireUser } from '../http/session.js';
import { recordSecurityEvent } from '../security/events.js';
import { endUserSessions } from '../sessions/repository.js';
import {
  profileOf,
  requestEmailChange,
  undoableEmailChangeOf,
  withdrawEmailChanges,
} from './email-changes.js';
import { EMAIL_CHANGE_CANCEL_MAX_AGE_MS } from '../auth/tokens.js';
import {
  queueAccountDeletionLink,
  queueEmailChangeApproval,
  queueEmailChangeConfirmation,
  registerProfileMail,
} from './profile-mail.js';
import { deleteAccount } from './account-deletion.js';
import {
  passwordChangeIssue,
  PROFILE_MESSAGES,
  profileUpdateIssue,
  type PasswordChange,
  type ProfileUpdate,
} from './validation.js';
import { bodySchema, text } from '../http/schemas.js';

export const PROFILE_DETAILS = {
  emailTaken: ACCOUNT_CHANGE_MESSAGES.emailTaken,
  passwordChanged: msg('Password changed successfully'),
} as const;

/**
 * A signed-in person may guess at the current password only this often (the session may be a stolen one); the
 * password checks of an email change and an account deletion count here too, and so do the mails a session
 * without a password can cause (approval and deletion links).
 */
export const CHANGE_PASSWORD_RATE_LIMIT: RateLimit = { limit: 10, windowMs: 15 * 60 * 1000 };
export const changePasswordRateLimitKey = (userId: number) => `change-password:user:${userId}`;

// Generous bounds for the schema: the exact limits are checked in code, with the spec's words.
const FIELD_LIMIT = 1000;

interface ProfileUpdateBody extends ProfileUpdate {
  current_password?: string;
}

/** Profile settings (docs/behaviour.md#profile-settings): the profile, update, change password, delete account. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  registerProfileMail(app);

  async function signedInUser(request: FastifyRequest): Promise<User> {
    const user = await findUserById(app.db, requireUser(request));
    if (!user || user.is_active !== 1) throw unauthorized();
    return user;
  }

  /**
   * The re-authentication of a sensitive change: the current password, counted with the password changes (a
   * burst cannot guess past the limit: the attempt is reserved before the check).
   */
  async function checkCurrentPassword(
    user: User,
    password: string | undefined,
    missing: Message,
  ): Promise<void> {
    if (user.password_hash === null) throw new Error('checkCurrentPassword needs an account with a password');
    if ((password ?? '').trim() === '') throw fieldError('current_password', missing);
    await hit(app.db, changePasswordRateLimitKey(user.id), CHANGE_PASSWORD_RATE_LIMIT, now());
    if (!(await verifyPassword(user.password_hash, password!))) {
      throw fieldError('current_password', PROFILE_MESSAGES.currentPasswordIncorrect);
    }
  }

  app.get('/auth/profile/', async (request) => profileOf(app.db, await signedInUser(request)));

  // [extension] The language the person chose, kept with the account: the server answers and mails them in it, and
  // the web app shows it on every device. The body is that one field; anything else is a 400.
  app.patch<{ Body: { language: LanguageCode } }>(
    '/auth/profile/',
    {
      schema: {
        body: {
          type: 'object',
          required: ['language'],
          additionalProperties: false,
          // Refused rather than stripped (http/validation.ts strips unknown keys of other bodies).
          propertyNames: { enum: ['language'] },
          properties: {
            language: {
              type: 'string',
              enum: [...LANGUAGE_CODES],
              description: 'A language the product speaks (rules/languages.ts).',
            },
          },
        },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const saved = await setLanguage(app.db, user.id, request.body.language, now());
      rememberSavedLanguage(request, user.id, request.body.language);
      return profileOf(app.db, saved);
    },
  );

  app.put<{ Body: ProfileUpdateBody }>(
    '/auth/profile/update/',
    {
      schema: bodySchema(
        {
          full_name: text(FIELD_LIMIT),
          email: text(FIELD_LIMIT),
          phone_number: text(FIELD_LIMIT),
          current_password: text(MAX_PASSWORD_LENGTH),
        },
        ['current_password'],
      ),
    },
    async (request) => {
      const user = await signedInUser(request);
      const issue = profileUpdateIssue(request.body, user);
      if (issue) throw fieldError(issue.field, issue.detail);
      const details = {
        fullName: normaliseName(request.body.full_name),
        phoneNumber: request.body.phone_number.trim(),
      };
      const email = request.body.email.trim();

      if (normalizeEmail(email) === user.email_normalized) {
        // The same address (perhaps in another spelling): saved at once, as any other detail.
        try {
          return await profileOf(app.db, await updateProfile(app.db, user.id, { ...details, email }, now()));
        } catch (error) {
          if (error instanceof EmailTakenError) throw fieldError('email', PROFILE_DETAILS.emailTaken);
          throw error;
        }
      }

      // A new address: the password first, counted in the limits, before anything can tell whether the address
      // has an account. Then a taken address is answered exactly as a free one — the same change is recorded and
      // the same mail queued, whose sending tells the address's owner instead (./profile-mail.ts).
      const hasPassword = user.password_hash !== null;
      if (hasPassword) {
        await checkCurrentPassword(
          user,
          request.body.current_password,
          ACCOUNT_CHANGE_MESSAGES.currentPasswordForEmail,
        );
      } else {
        await hit(app.db, changePasswordRateLimitKey(user.id), CHANGE_PASSWORD_RATE_LIMIT, now());
      }
      // While the last change can still be undone, no other: a chain of changes would leave its undo link stale.
      const undoable = await undoableEmailChangeOf(app.db, user.id, now(), EMAIL_CHANGE_CANCEL_MAX_AGE_MS);
      if (undoable) {
        const until = new Date(Date.parse(undoable.created_at) + EMAIL_CHANGE_CANCEL_MAX_AGE_MS);
        throw fieldError('email', emailChangeWaitUntilMessage(until.toISOString().slice(0, 10)));
      }
      const at = now();
      const language = await requestLanguage(request);
      const updated = await app.db.transaction().execute(async (trx) => {
        const saved = await updateDetails(trx, user.id, details, at);
        const change = await requestEmailChange(trx, user, email, { needsApproval: !hasPassword }, at);
        if (hasPassword) await queueEmailChangeConfirmation(app, trx, change, language);
        else await queueEmailChangeApproval(app, trx, change, language);
        return saved;
      });
      app.mailQueue.kick();
      const profile = await profileOf(app.db, updated);
      return {
        ...profile,
        detail: hasPassword ? confirmationSentToMessage(email) : approvalSentToMessage(user.email, email),
      };
    },
  );

  // Calls off the signed-in person's pending email change.
  app.delete('/auth/email-change/', async (request) => {
    const user = await signedInUser(request);
    await withdrawEmailChanges(app.db, user.id);
    return profileOf(app.db, user);
  });

  app.post<{ Body: PasswordChange }>(
    '/auth/change-password/',
    {
      schema: bodySchema({
        current_password: text(MAX_PASSWORD_LENGTH),
        new_password: text(MAX_PASSWORD_LENGTH),
      }),
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const issue = passwordChangeIssue(request.body);
      if (issue) throw fieldError(issue.field, issue.detail);
      const limitKey = changePasswordRateLimitKey(user.id);
      await hit(app.db, limitKey, CHANGE_PASSWORD_RATE_LIMIT, now());
      const matches =
        user.password_hash !== null
          ? await verifyPassword(user.password_hash, request.body.current_password)
          : await verifyAgainstDummy(request.body.current_password);
      if (!matches) throw fieldError('current_password', PROFILE_MESSAGES.currentPasswordIncorrect);
      const passwordHash = await hashPassword(request.body.new_password);
      const at = now();
      const language = await requestLanguage(request);
      // Outstanding reset links are bound to the password hash (auth/account-tokens.ts): the new one voids them.
      await app.db.transaction().execute(async (trx) => {
        await setPassword(trx, user.id, passwordHash, at);
        await endUserSessions(trx, user.id, request.sessionId);
        await queuePasswordChangedNotice(app, trx, user, at, language);
        await recordSecurityEvent(trx, { userId: user.id, kind: 'password_changed', request });
      });
      app.mailQueue.kick();
      await resetRateLimit(app.db, limitKey);
      // The other sessions ended above; this browser keeps going under a new session id, so a copy of the old
      // cookie (the reason to change a password, often) is worth nothing.
      await renewSession(request, reply);
      return { detail: PROFILE_DETAILS.passwordChanged };
    },
  );

  // Deleting asks for the password again (a borrowed session must not be able to); an account without one proves
  // it is the person through its mailbox instead (POST /auth/delete-account/confirm/, ./link-routes.ts).
  app.delete<{ Body: { current_password?: string } }>(
    '/auth/profile/',
    {
      // The body is optional: clients that predate it send none.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: bodySchema({ current_password: text(MAX_PASSWORD_LENGTH) }, ['current_password']),
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      if (user.password_hash === null) {
        await hit(app.db, changePasswordRateLimitKey(user.id), CHANGE_PASSWORD_RATE_LIMIT, now());
        await queueAccountDeletionLink(app, app.db, user.id, await requestLanguage(request));
        app.mailQueue.kick();
        return reply
          .code(202)
          .send({ detail: deletionLinkSentToMessage(user.email), code: CONFIRMATION_SENT_CODE });
      }
      await checkCurrentPassword(
        user,
        request.body.current_password,
        ACCOUNT_CHANGE_MESSAGES.passwordForDeletion,
      );
      await app.db.transaction().execute((trx) => deleteAccount(trx, user.id, now()));
      await endSession(request, reply);
      return reply.code(204).send();
    },
  );
}
