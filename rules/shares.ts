/*
 * A saved CV's share links, said once for the web app and the server: the limits of a link's label, password and
 * expiry, and what is said when one is refused. The web app checks them before it sends; the server checks them
 * again and answers 400 with the same sentence. The sentences are marked for the catalogue with `msg` (a view shows
 * them through its `t`); a limit inside one is written out, and the type after `satisfies` makes sure it is the
 * limit's value.
 */

import { msg } from './languages.js';

/** A link's label ('Acme Corp'), trimmed. */
export const MAX_SHARE_LABEL_LENGTH = 80;
/** A link's optional password. */
export const MIN_SHARE_PASSWORD_LENGTH = 8;
export const MAX_SHARE_PASSWORD_LENGTH = 128;
/** Live (not revoked, not expired) links one CV may have at a time. */
export const MAX_LIVE_SHARES_PER_CV = 50;
/** The days a link's chart shows, today included. */
export const SHARE_DAILY_DAYS = 30;

export const SHARE_LABEL_REQUIRED = msg('Give the link a label, such as the company you send it to.');
export const SHARE_LABEL_TOO_LONG = msg(
  'A label can be at most 80 characters.',
) satisfies `A label can be at most ${typeof MAX_SHARE_LABEL_LENGTH} characters.`;
export const SHARE_PASSWORD_LENGTH = msg(
  'A password must be 8 to 128 characters long.',
) satisfies `A password must be ${typeof MIN_SHARE_PASSWORD_LENGTH} to ${typeof MAX_SHARE_PASSWORD_LENGTH} characters long.`;
export const SHARE_EXPIRY_NOT_IN_FUTURE = msg('The expiry date must be in the future.');
export const SHARE_EXPIRY_INVALID = msg('The expiry date is not a date.');
export const SHARE_LIMIT_REACHED = msg(
  'A CV can have at most 50 live links. Revoke one you no longer need first.',
) satisfies `A CV can have at most ${typeof MAX_LIVE_SHARES_PER_CV} live links. Revoke one you no longer need first.`;

/** What the public page says for a revoked or expired link (410), and for a password that is not right. */
export const SHARE_GONE = msg('This link is no longer available.');
export const SHARE_WRONG_PASSWORD = msg('That password is not right.');

/** The label as it is kept: trimmed. */
export function shareLabel(label: string): string {
  return label.trim();
}

/** What is wrong with a label, or undefined when it is fine. */
export function shareLabelProblem(label: string): string | undefined {
  const trimmed = shareLabel(label);
  if (trimmed === '') return SHARE_LABEL_REQUIRED;
  if ([...trimmed].length > MAX_SHARE_LABEL_LENGTH) return SHARE_LABEL_TOO_LONG;
  return undefined;
}

/** What is wrong with a password, or undefined when it is fine (none is fine: the link is open). */
export function sharePasswordProblem(password: string | null | undefined): string | undefined {
  if (password === null || password === undefined || password === '') return undefined;
  const length = [...password].length;
  return length < MIN_SHARE_PASSWORD_LENGTH || length > MAX_SHARE_PASSWORD_LENGTH
    ? SHARE_PASSWORD_LENGTH
    : undefined;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * When a link given `expires_at` stops working: a date alone ('2026-12-31') is the end of that day in UTC, a date
 * and time is that instant. Undefined for anything else.
 */
export function shareExpiryInstant(expiresAt: string): Date | undefined {
  const dateOnly = DATE_ONLY.exec(expiresAt);
  if (dateOnly) {
    const [, year, month, day] = dateOnly.map(Number) as [number, number, number, number];
    const end = new Date(Date.UTC(year, month - 1, day, 23, 59, 59, 999));
    // 2026-02-31 rolls over into March: not a date.
    return end.getUTCMonth() === month - 1 && end.getUTCDate() === day ? end : undefined;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(expiresAt)) return undefined;
  const instant = new Date(expiresAt);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/** What is wrong with an expiry, or undefined when it is fine (none is fine: the link never expires). */
export function shareExpiryProblem(expiresAt: string | null | undefined, now: Date): string | undefined {
  if (expiresAt === null || expiresAt === undefined || expiresAt === '') return undefined;
  const instant = shareExpiryInstant(expiresAt);
  if (!instant) return SHARE_EXPIRY_INVALID;
  return instant.getTime() <= now.getTime() ? SHARE_EXPIRY_NOT_IN_FUTURE : undefined;
}
