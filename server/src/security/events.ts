import type { Kysely } from 'kysely';
import { now } from '../auth/clock.js';
import type { Database } from '../db/schema.js';
import { deleteSecurityEventsBefore, insertSecurityEvent } from './repository.js';

/*
 * Security activity: the person's own audit log of what happened to their account — sign-ins (refused ones too),
 * and changes to what guards it. Every route that signs someone in or changes a password, an email address,
 * two-step sign-in or a passkey records one event here, in its own transaction where it has one.
 *
 *   await recordSecurityEvent(trx, { userId: user.id, kind: 'passkey_added', request, detail: { name } });
 *
 * Successful sign-ins are recorded by http/session.ts's startSession (every sign-in goes through it): a
 * sign-in route passes its method there, it does not record 'signin_succeeded' itself.
 */

export const SECURITY_EVENT_KINDS = [
  'signin_succeeded',
  'signin_refused',
  'password_changed',
  'email_changed',
  'two_step_enabled',
  'two_step_disabled',
  'recovery_codes_replaced',
  'passkey_added',
  'passkey_removed',
  'account_unlocked',
] as const;

export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** How a sign-in was made (the `method` of a sign-in's detail). */
export type SignInMethod =
  | 'password'
  | 'password_reset'
  | 'google'
  | 'linkedin'
  | 'passkey'
  | 'authenticator_code'
  | 'recovery_code';

/**
 * What else an event says, shown to the account's owner: e.g. { method: 'password' } for a sign-in,
 * { reason: 'wrong_password' } for a refused one, { name: 'Laptop' } for a passkey. Never a secret.
 */
export type SecurityEventDetail = Readonly<Record<string, string | number | boolean | null>>;

/** The part of a request an event keeps: its browser (FastifyRequest fits). */
export interface EventRequest {
  headers: { 'user-agent'?: string | undefined };
}

export interface SecurityEventInput {
  userId: number;
  kind: SecurityEventKind;
  /** The request that caused it: its User-Agent names the browser and system in the list. */
  request?: EventRequest;
  detail?: SecurityEventDetail;
}

/** How long events are kept; the list shows the latest of them. */
export const SECURITY_EVENT_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
/** At most this many events are listed. */
export const SECURITY_ACTIVITY_LIMIT = 50;

/**
 * Records one event of the user's security activity. `db` may be a transaction: pass the one that makes the
 * change, so the change and its line in the log exist together or not at all.
 */
export async function recordSecurityEvent(db: Kysely<Database>, event: SecurityEventInput): Promise<void> {
  const at = now();
  await insertSecurityEvent(db, {
    userId: event.userId,
    kind: event.kind,
    at,
    userAgent: event.request?.headers['user-agent'] ?? null,
    detail: JSON.stringify(event.detail ?? {}),
  });
  await deleteSecurityEventsBefore(db, event.userId, new Date(at.getTime() - SECURITY_EVENT_RETENTION_MS));
}
