import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { makeAccountUnlockToken, makeConfirmationToken, makePasswordResetToken } from './account-tokens.js';
import { now } from './clock.js';
import {
  confirmationEmail,
  confirmationLink,
  passwordChangedEmail,
  accountLink,
  forgotPasswordLink,
  passwordResetEmail,
  passwordResetLink,
  signUpAttemptEmail,
  unlockAccountEmail,
} from './emails.js';
import { findUserByEmail, findUserById } from '../users/repository.js';
import { SOURCE_LANGUAGE, type LanguageCode } from '../../../rules/languages.js';
import { mailLanguage } from '../i18n/request.js';

/*
 * The accounts' mail, queued (mail/queue.ts) and written when it is sent. A request for a password reset or a new
 * confirmation link queues the same row whether or not the address has an account: the queue finds out, after the
 * answer, and sends nothing when there is none.
 * Every payload may carry `language`, the language of the request that caused the mail: the mail is written in its
 * recipient's saved language, else in that one, else in English (i18n/request.ts's mailLanguage).
 */

export const ACCOUNT_MAIL = {
  /** { userId }: the confirmation link of a new account. */
  confirmation: 'account-confirmation',
  /** { email }: a new confirmation link, if an account with this address waits for one. */
  confirmationRequest: 'confirmation-request',
  /** { email }: a password-reset link, if an account with this address may reset. */
  passwordResetRequest: 'password-reset-request',
  /** { userId, to, at }: the notice that the password changed, to the address on file then. */
  passwordChanged: 'password-changed',
  /** { email }: someone tried to sign up with this address; its account's owner is told (or sent a new
   *  confirmation link, if the account still waits for one). */
  signUpAttempt: 'sign-up-attempt',
  /** { email }: the account with this address was locked by wrong passwords; its owner gets an unlock link. */
  accountUnlock: 'account-unlock',
} as const;

/** What every payload may hold beside its own: the language of the request that caused the mail. */
export interface CausedIn {
  language?: LanguageCode;
}

export interface PasswordChangedPayload extends CausedIn {
  userId: number;
  to: string;
  at: string;
}

type Db = Kysely<Database>;

/** The payload's own fields, and the language of the request that caused it (English, the default, goes unsaid). */
export function withLanguage<T extends object>(payload: T, language?: LanguageCode): T & CausedIn {
  return language && language !== SOURCE_LANGUAGE ? { ...payload, language } : payload;
}

export function queueConfirmation(
  app: FastifyInstance,
  db: Db,
  userId: number,
  language?: LanguageCode,
): Promise<void> {
  return app.mailQueue.enqueue(db, ACCOUNT_MAIL.confirmation, withLanguage({ userId }, language));
}

export function queuePasswordChangedNotice(
  app: FastifyInstance,
  db: Db,
  user: { id: number; email: string },
  at: Date,
  language?: LanguageCode,
): Promise<void> {
  const payload: PasswordChangedPayload = withLanguage(
    { userId: user.id, to: user.email, at: at.toISOString() },
    language,
  );
  return app.mailQueue.enqueue(db, ACCOUNT_MAIL.passwordChanged, payload);
}

/** A mail asked for by address (a reset link, a new confirmation link): the queue finds the account, if any. */
export function queueByAddress(
  app: FastifyInstance,
  db: Db,
  kind: (typeof ACCOUNT_MAIL)['confirmationRequest' | 'passwordResetRequest'],
  email: string,
  language?: LanguageCode,
): Promise<void> {
  return app.mailQueue.enqueue(db, kind, withLanguage({ email }, language));
}

/** Someone tried to sign up with `email`: the queue finds its account when sending and tells the owner. */
export function queueSignUpAttempt(
  app: FastifyInstance,
  db: Db,
  email: string,
  language?: LanguageCode,
): Promise<void> {
  return app.mailQueue.enqueue(db, ACCOUNT_MAIL.signUpAttempt, withLanguage({ email }, language));
}

/** The account of `email` (if there is one: the queue finds out) is locked: its owner gets an unlock link. */
export function queueUnlockLink(
  app: FastifyInstance,
  db: Db,
  email: string,
  language?: LanguageCode,
): Promise<void> {
  return app.mailQueue.enqueue(db, ACCOUNT_MAIL.accountUnlock, withLanguage({ email }, language));
}

export function registerAccountMail(app: FastifyInstance): void {
  const { config, db } = app;

  async function confirmationFor(userId: number, causedIn: unknown) {
    const user = await findUserById(db, userId);
    // Confirmed meanwhile (by this link's twin, a reset or a social sign-in), or gone: nothing to send.
    if (!user || user.email_confirmed_at !== null || user.deleted_at !== null || user.deactivated_at !== null)
      return null;
    const token = makeConfirmationToken(config.secretKey, user, now());
    return confirmationEmail(
      user,
      confirmationLink(config.publicUrl, user.id, token),
      mailLanguage(user, causedIn),
    );
  }

  app.mailQueue.handle(ACCOUNT_MAIL.confirmation, async (payload) => {
    const { userId, language } = payload as { userId: number } & CausedIn;
    return confirmationFor(userId, language);
  });

  app.mailQueue.handle(ACCOUNT_MAIL.confirmationRequest, async (payload) => {
    const { email, language } = payload as { email: string } & CausedIn;
    const user = await findUserByEmail(db, email);
    return user ? confirmationFor(user.id, language) : null;
  });

  app.mailQueue.handle(ACCOUNT_MAIL.passwordResetRequest, async (payload) => {
    const { email, language } = payload as { email: string } & CausedIn;
    const user = await findUserByEmail(db, email);
    // A disabled account (confirmed, then switched off, or deactivated by staff) gets no way back in by mail.
    if (!user || (user.is_active !== 1 && user.email_confirmed_at !== null) || user.deactivated_at !== null)
      return null;
    const token = makePasswordResetToken(config.secretKey, user, now());
    return passwordResetEmail(
      user,
      passwordResetLink(config.publicUrl, user.id, token),
      mailLanguage(user, language),
    );
  });

  app.mailQueue.handle(ACCOUNT_MAIL.signUpAttempt, async (payload) => {
    const { email, language } = payload as { email: string } & CausedIn;
    const user = await findUserByEmail(db, email);
    if (!user || user.deleted_at !== null || user.deactivated_at !== null) return null;
    // Never confirmed: whoever signs up again most likely lost the first mail.
    if (user.email_confirmed_at === null) return confirmationFor(user.id, language);
    return signUpAttemptEmail(
      user,
      `${config.publicUrl}/signin`,
      forgotPasswordLink(config.publicUrl),
      mailLanguage(user, language),
    );
  });

  app.mailQueue.handle(ACCOUNT_MAIL.accountUnlock, async (payload) => {
    const { email, language } = payload as { email: string } & CausedIn;
    const user = await findUserByEmail(db, email);
    if (!user || user.password_hash === null || user.is_active !== 1 || user.deactivated_at !== null)
      return null;
    const token = makeAccountUnlockToken(config.secretKey, user, now());
    return unlockAccountEmail(
      user,
      accountLink(config.publicUrl, 'unlock-account', user.id, token),
      mailLanguage(user, language),
    );
  });

  app.mailQueue.handle(ACCOUNT_MAIL.passwordChanged, async (payload) => {
    const { userId, to, at, language } = payload as PasswordChangedPayload;
    const user = await findUserById(db, userId);
    return passwordChangedEmail(
      { id: userId, full_name: user?.full_name ?? '', email: to },
      new Date(at),
      config.publicUrl,
      mailLanguage(user, language),
    );
  });
}
