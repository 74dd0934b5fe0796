import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_CHANGE_MESSAGES,
  approvedConfirmationSentToMessage,
  emailChangedToMessage,
  LINK_ERROR_CODES,
} from '../../../rules/account-changes.js';
import {
  checkAccountDeletionToken,
  checkEmailChangeToken,
  emailChangeIdOf,
  type EmailChangeLink,
  type LinkCheck,
} from '../auth/account-tokens.js';
import { now } from '../auth/clock.js';
import { decodeUid } from '../auth/tokens.js';
import { isUniqueViolation } from '../db/errors.js';
import { findUserById, type User } from '../users/repository.js';
import { recordSecurityEvent } from '../security/events.js';
import { badRequest, type HttpError } from '../http/errors.js';
import { hit, type RateLimit } from '../http/rate-limit.js';
import { endSession } from '../http/session.js';
import { endUserSessions } from '../sessions/repository.js';
import {
  approveEmailChange,
  cancelEmailChange,
  confirmEmailChange,
  EmailChangeTakenError,
  EmailChangeVoidError,
  findEmailChange,
  type CancelOutcome,
  type EmailChange,
} from './email-changes.js';
import { queueEmailChangeConfirmation, queueEmailChangeUndone } from './profile-mail.js';
import { deleteAccount } from './account-deletion.js';
import { bodySchema, text } from '../http/schemas.js';
import { requestLanguage } from '../i18n/request.js';

/*
 * The links mailed about an email change and an account deletion. They need no session (they are often opened
 * on another device), only the signed token; each answers 400 with a `code` when the link is no good.
 */

/** Every link call from one client address counts here (a token cannot be guessed, but it need not be tried). */
export const ACCOUNT_LINK_RATE_LIMIT: RateLimit = { limit: 20, windowMs: 60 * 60 * 1000 };
export const accountLinkRateLimitKey = (ip: string) => `account-link:ip:${ip}`;

const LINK_ERRORS: Record<Exclude<LinkCheck, 'valid'>, () => HttpError> = {
  invalid: () => badRequest(ACCOUNT_CHANGE_MESSAGES.linkInvalid, { code: LINK_ERROR_CODES.invalid }),
  expired: () => badRequest(ACCOUNT_CHANGE_MESSAGES.linkExpired, { code: LINK_ERROR_CODES.expired }),
  used: () => badRequest(ACCOUNT_CHANGE_MESSAGES.linkUsed, { code: LINK_ERROR_CODES.used }),
};

const linkError = (check: Exclude<LinkCheck, 'valid'>) => LINK_ERRORS[check]();
// Told only to whoever opened the confirmation link mailed to the new address, which another account took since.
const emailTaken = () => badRequest(ACCOUNT_CHANGE_MESSAGES.emailTaken);

interface LinkBody {
  uid: string;
  token: string;
}

const linkSchema = bodySchema({ uid: text(64), token: text(128) });

export async function accountLinkRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app;

  /** The change a link is about and its account, once the token checks out for `link`; else the link's 400. */
  async function linkedChange(
    request: FastifyRequest<{ Body: LinkBody }>,
    link: EmailChangeLink,
  ): Promise<{ change: EmailChange; user: User }> {
    await hit(db, accountLinkRateLimitKey(request.ip), ACCOUNT_LINK_RATE_LIMIT, now());
    const userId = decodeUid(request.body.uid);
    const changeId = emailChangeIdOf(request.body.token);
    const change = changeId === null ? undefined : await findEmailChange(db, changeId);
    const user = change && change.user_id === userId ? await findUserById(db, change.user_id) : undefined;
    if (!change || !user || user.deleted_at !== null) throw linkError('invalid');
    const check = checkEmailChangeToken(config.secretKey, link, change, request.body.token, now());
    if (check !== 'valid') throw linkError(check);
    return { change, user };
  }

  app.post<{ Body: LinkBody }>('/auth/email-change/approve/', { schema: linkSchema }, async (request) => {
    const { change, user } = await linkedChange(request, 'approval');
    if (user.is_active !== 1) throw linkError('invalid');
    // A taken address is approved as a free one (its confirmation mail tells the owner instead, ./profile-mail.ts):
    // nothing here tells who has an account.
    const language = await requestLanguage(request);
    const approved = await db.transaction().execute(async (trx) => {
      if (!(await approveEmailChange(trx, change, now()))) return false;
      await queueEmailChangeConfirmation(app, trx, { ...change, status: 'pending' }, language);
      return true;
    });
    // Approved by a twin request a moment ago.
    if (!approved) throw linkError('used');
    app.mailQueue.kick();
    return { detail: approvedConfirmationSentToMessage(change.new_email) };
  });

  app.post<{ Body: LinkBody }>('/auth/email-change/confirm/', { schema: linkSchema }, async (request) => {
    const { change, user } = await linkedChange(request, 'confirmation');
    if (user.is_active !== 1) throw linkError('invalid');
    let confirmed: boolean;
    try {
      confirmed = await db.transaction().execute(async (trx) => {
        const done = await confirmEmailChange(trx, change, now());
        if (done) {
          await recordSecurityEvent(trx, {
            userId: user.id,
            kind: 'email_changed',
            request,
            detail: { how: 'confirmed' },
          });
        }
        return done;
      });
    } catch (error) {
      if (error instanceof EmailChangeTakenError) throw emailTaken();
      if (error instanceof EmailChangeVoidError) throw linkError('invalid');
      throw error;
    }
    if (!confirmed) throw linkError('used');
    return { detail: emailChangedToMessage(change.new_email), email: change.new_email };
  });

  // Cancels the change (and undoes it if it was confirmed) and ends every session of the account: whoever asked
  // for the change may hold one.
  app.post<{ Body: LinkBody }>(
    '/auth/email-change/cancel/',
    { schema: linkSchema },
    async (request, reply) => {
      const { change, user } = await linkedChange(request, 'cancel');
      const language = await requestLanguage(request);
      const cancel = (restore: boolean) =>
        db.transaction().execute(async (trx): Promise<CancelOutcome> => {
          const outcome = await cancelEmailChange(trx, change, now(), { restore });
          if (outcome === 'used' || outcome === 'superseded') return outcome;
          await endUserSessions(trx, user.id);
          // The address the account leaves is told, so an undo is never silent.
          if (outcome === 'undone') {
            await queueEmailChangeUndone(app, trx, change, language);
            await recordSecurityEvent(trx, {
              userId: user.id,
              kind: 'email_changed',
              request,
              detail: { how: 'undone' },
            });
          }
          return outcome;
        });
      let outcome: CancelOutcome;
      try {
        outcome = await cancel(true);
      } catch (error) {
        // Another account took the old address between the check and the write: cancel without restoring it.
        if (!isUniqueViolation(error)) throw error;
        outcome = await cancel(false);
      }
      if (outcome === 'used') throw linkError('used');
      if (outcome === 'superseded') {
        throw badRequest(ACCOUNT_CHANGE_MESSAGES.linkSuperseded, { code: LINK_ERROR_CODES.used });
      }
      app.mailQueue.kick();
      await signOutIfTheirs(request, reply, user.id);
      return {
        detail:
          outcome === 'not-undone'
            ? ACCOUNT_CHANGE_MESSAGES.emailChangeNotUndone
            : ACCOUNT_CHANGE_MESSAGES.emailChangeCancelled,
      };
    },
  );

  app.post<{ Body: LinkBody }>(
    '/auth/delete-account/confirm/',
    { schema: linkSchema },
    async (request, reply) => {
      await hit(db, accountLinkRateLimitKey(request.ip), ACCOUNT_LINK_RATE_LIMIT, now());
      const userId = decodeUid(request.body.uid);
      const user = userId === null ? undefined : await findUserById(db, userId);
      if (!user || (user.is_active !== 1 && user.deleted_at === null)) throw linkError('invalid');
      const check = checkAccountDeletionToken(config.secretKey, user, request.body.token, now());
      if (check !== 'valid') throw linkError(check);
      const deleted = await db.transaction().execute((trx) => deleteAccount(trx, user.id, now()));
      // Deleted by a twin request a moment ago.
      if (!deleted) throw linkError('used');
      await signOutIfTheirs(request, reply, user.id);
      return { detail: ACCOUNT_CHANGE_MESSAGES.accountDeleted };
    },
  );
}

/** Clears the caller's session cookie when it was a session of the account (the row is gone already). */
async function signOutIfTheirs(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  if (request.userId === userId) await endSession(request, reply);
}
