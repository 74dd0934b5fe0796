import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { makeAccountDeletionToken, makeEmailChangeToken } from '../auth/account-tokens.js';
import { now } from '../auth/clock.js';
import {
  accountDeletionEmail,
  accountLink,
  emailChangeApprovalEmail,
  emailChangeConfirmationEmail,
  emailChangeNoticeEmail,
  emailChangeUndoneEmail,
  emailInUseEmail,
} from '../auth/emails.js';
import { emailHeldByAnother, findUserByEmail, findUserById } from '../users/repository.js';
import type { Database } from '../db/schema.js';
import { findEmailChange, type EmailChange } from './email-changes.js';
import type { LanguageCode } from '../../../rules/languages.js';
import { mailLanguage } from '../i18n/request.js';
import { withLanguage, type CausedIn } from '../auth/account-mail.js';

/*
 * The profile's mail, queued (mail/queue.ts) and written when it is sent: its links are signed then, and a link
 * whose change was replaced or called off meanwhile is not sent at all. Written in the recipient's saved language,
 * else in the language of the request that caused it (the payload's `language`), else in English.
 */

export const PROFILE_MAIL = {
  /** { changeId }: to the current address of an account without a password, which approves the change. */
  emailChangeApproval: 'email-change-approval',
  /** { changeId }: to the new address, which confirms the change (or, if it has an account, is told of the try). */
  emailChangeConfirmation: 'email-change-confirmation',
  /** { changeId }: to the old address, with the link that cancels (and undoes) the change. */
  emailChangeNotice: 'email-change-notice',
  /** { userId }: to an account without a password, the link that deletes it. */
  accountDeletion: 'account-deletion',
  /** { changeId }: to the address a cancelled change had given the account, which it no longer has. */
  emailChangeUndone: 'email-change-undone',
} as const;

type Db = Kysely<Database>;

/** Queues the mail of a change the new address may now confirm: the link there, the notice to the old one. */
export async function queueEmailChangeConfirmation(
  app: FastifyInstance,
  db: Db,
  change: EmailChange,
  language?: LanguageCode,
): Promise<void> {
  const payload = withLanguage({ changeId: change.id }, language);
  await app.mailQueue.enqueue(db, PROFILE_MAIL.emailChangeConfirmation, payload);
  await app.mailQueue.enqueue(db, PROFILE_MAIL.emailChangeNotice, payload);
}

/** A mail about one email change, queued in the language the person is using. */
function changeMail(kind: (typeof PROFILE_MAIL)[keyof typeof PROFILE_MAIL]) {
  return (app: FastifyInstance, db: Db, change: EmailChange, language?: LanguageCode): Promise<void> =>
    app.mailQueue.enqueue(db, kind, withLanguage({ changeId: change.id }, language));
}

export const queueEmailChangeApproval = changeMail(PROFILE_MAIL.emailChangeApproval);

/** The account left `change.new_email` when its change was undone: that address is told. */
export const queueEmailChangeUndone = changeMail(PROFILE_MAIL.emailChangeUndone);

export function queueAccountDeletionLink(
  app: FastifyInstance,
  db: Db,
  userId: number,
  language?: LanguageCode,
): Promise<void> {
  return app.mailQueue.enqueue(db, PROFILE_MAIL.accountDeletion, withLanguage({ userId }, language));
}

export function registerProfileMail(app: FastifyInstance): void {
  const { config, db } = app;

  async function changeAndUser(payload: unknown) {
    const { changeId, language: causedIn } = payload as { changeId: number } & CausedIn;
    const change = await findEmailChange(db, changeId);
    const user = change && (await findUserById(db, change.user_id));
    if (!change || !user || user.deleted_at !== null) return undefined;
    return { change, user, causedIn, language: mailLanguage(user, causedIn) };
  }

  const link = (page: Parameters<typeof accountLink>[1], change: EmailChange, token: string) =>
    accountLink(config.publicUrl, page, change.user_id, token);

  app.mailQueue.handle(PROFILE_MAIL.emailChangeApproval, async (payload) => {
    const found = await changeAndUser(payload);
    if (found?.change.status !== 'awaiting_approval') return null;
    const { change, user, language } = found;
    const token = makeEmailChangeToken(config.secretKey, 'approval', change, now());
    return emailChangeApprovalEmail(
      { ...user, email: change.old_email },
      change.new_email,
      link('approve-email-change', change, token),
      language,
    );
  });

  app.mailQueue.handle(PROFILE_MAIL.emailChangeConfirmation, async (payload) => {
    const found = await changeAndUser(payload);
    if (found?.change.status !== 'pending') return null;
    const { change, user, causedIn, language } = found;
    // The address has an account: the change was answered as for a free one (nothing tells the asker who has an
    // account), and the address's owner is told instead of being sent a link that could never work (in the
    // owner's language when they chose one).
    if (await emailHeldByAnother(db, change.new_email, change.user_id)) {
      const owner = await findUserByEmail(db, change.new_email);
      return emailInUseEmail(change.new_email, `${config.publicUrl}/signin`, mailLanguage(owner, causedIn));
    }
    const token = makeEmailChangeToken(config.secretKey, 'confirmation', change, now());
    return emailChangeConfirmationEmail(
      user,
      change.new_email,
      link('confirm-email-change', change, token),
      language,
    );
  });

  // Sent even when the change was confirmed or replaced before the mail went out: the old address must hear of it.
  app.mailQueue.handle(PROFILE_MAIL.emailChangeNotice, async (payload) => {
    const found = await changeAndUser(payload);
    if (!found || found.change.cancelled_at !== null) return null;
    const { change, user, language } = found;
    const token = makeEmailChangeToken(config.secretKey, 'cancel', change, now());
    return emailChangeNoticeEmail(
      user,
      change.old_email,
      change.new_email,
      link('cancel-email-change', change, token),
      language,
    );
  });

  app.mailQueue.handle(PROFILE_MAIL.emailChangeUndone, async (payload) => {
    const found = await changeAndUser(payload);
    if (!found || found.change.undone_at === null) return null;
    const { change, user, language } = found;
    return emailChangeUndoneEmail(
      user,
      change.old_email,
      change.new_email,
      `${config.publicUrl}/contact`,
      language,
    );
  });

  app.mailQueue.handle(PROFILE_MAIL.accountDeletion, async (payload) => {
    const { userId, language } = payload as { userId: number } & CausedIn;
    const user = await findUserById(db, userId);
    if (!user || user.deleted_at !== null || user.is_active !== 1) return null;
    const token = makeAccountDeletionToken(config.secretKey, user, now());
    return accountDeletionEmail(
      user,
      accountLink(config.publicUrl, 'delete-account', user.id, token),
      mailLanguage(user, language),
    );
  });
}
