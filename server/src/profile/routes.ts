import type { FastifyInstance, FastifyRequest } from 'fastify';
import { queuePasswordChangedNotice } from '../auth/account-mail.js';
import { now } from '../auth/clock.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/passwords.js';
import {
  EmailTakenError,
  findUserById,
  setPassword,
  toProfile,
  type User,
} from '../auth/users-repository.js';
import { MAX_PASSWORD_LENGTH, normaliseName } from '../auth/validation.js';
import { fieldError, unauthorized } from '../http/errors.js';
import { hit, resetRateLimit, type RateLimit } from '../http/rate-limit.js';
import { endSession, endUserSessions, requireUser } from '../http/session.js';
import { anonymiseAccount, archiveAllCvsOf, updateProfile } from './repository.js';
import {
  passwordChangeIssue,
  PROFILE_MESSAGES,
  profileUpdateIssue,
  type PasswordChange,
  type ProfileUpdate,
} from './validation.js';

export const PROFILE_DETAILS = {
  emailTaken: 'An account with this email address is already registered.',
  passwordChanged: 'Password changed successfully',
} as const;

/** A signed-in person may guess at the current password only this often (the session may be a stolen one). */
export const CHANGE_PASSWORD_RATE_LIMIT: RateLimit = { limit: 10, windowMs: 15 * 60 * 1000 };
export const changePasswordRateLimitKey = (userId: number) => `change-password:user:${userId}`;

// Generous bounds for the schema: the exact limits are checked in code, with the spec's words.
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const FIELD_LIMIT = 1000;

function bodySchema(properties: Record<string, { type: 'string'; maxLength: number }>) {
  return {
    body: {
      type: 'object',
      required: Object.keys(properties),
      additionalProperties: false,
      properties,
    },
  } as const;
}

/** Profile settings (spec §2 Profile settings, §7): update, change password, delete account. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  async function signedInUser(request: FastifyRequest): Promise<User> {
    const user = await findUserById(app.db, requireUser(request));
    if (!user || user.is_active !== 1) throw unauthorized();
    return user;
  }

  app.put<{ Body: ProfileUpdate }>(
    '/auth/profile/update/',
    {
      schema: bodySchema({
        full_name: text(FIELD_LIMIT),
        email: text(FIELD_LIMIT),
        phone_number: text(FIELD_LIMIT),
      }),
    },
    async (request) => {
      const user = await signedInUser(request);
      const issue = profileUpdateIssue(request.body, user);
      if (issue) throw fieldError(issue.field, issue.detail);
      try {
        const updated = await updateProfile(
          app.db,
          user.id,
          {
            fullName: normaliseName(request.body.full_name),
            email: request.body.email.trim(),
            phoneNumber: request.body.phone_number.trim(),
          },
          now(),
        );
        return toProfile(updated);
      } catch (error) {
        if (error instanceof EmailTakenError) throw fieldError('email', PROFILE_DETAILS.emailTaken);
        throw error;
      }
    },
  );

  app.post<{ Body: PasswordChange }>(
    '/auth/change-password/',
    {
      schema: bodySchema({
        current_password: text(MAX_PASSWORD_LENGTH),
        new_password: text(MAX_PASSWORD_LENGTH),
      }),
    },
    async (request) => {
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
      // Outstanding reset links are bound to the password hash (auth/account-tokens.ts): the new one voids them.
      await app.db.transaction().execute(async (trx) => {
        await setPassword(trx, user.id, passwordHash, at);
        await endUserSessions(trx, user.id, request.sessionId);
        await queuePasswordChangedNotice(app, trx, user, at);
      });
      app.mailQueue.kick();
      await resetRateLimit(app.db, limitKey);
      return { detail: PROFILE_DETAILS.passwordChanged };
    },
  );

  app.delete('/auth/profile/', async (request, reply) => {
    const user = await signedInUser(request);
    const at = now();
    await app.db.transaction().execute(async (trx) => {
      await anonymiseAccount(trx, user.id, at);
      await archiveAllCvsOf(trx, user.id, at);
      await endUserSessions(trx, user.id);
    });
    await endSession(request, reply);
    return reply.code(204).send();
  });
}
