import { msg } from '../../rules/languages';
import type { SecurityActivityItem } from '../api/security';

/*
 * How a line of the security activity reads: what happened, whether it went through, and how. Said once for the
 * card and its tests; a kind this app does not know yet (a newer server) reads as a general change. The words are
 * marked for the catalogue (`msg`) and shown through the card's `t`; a note that is a passkey's name is the
 * person's own words, not a message.
 */

export type ActivityOutcome = 'succeeded' | 'refused' | 'changed';

export interface ActivityDescription {
  title: string;
  outcome: ActivityOutcome;
  /** Extra words, e.g. 'With a password' or the passkey's name. */
  note?: string;
}

export const OUTCOME_LABELS: Record<ActivityOutcome, string> = {
  succeeded: msg('Succeeded'),
  refused: msg('Refused'),
  changed: msg('Changed'),
};

const KINDS: Record<string, { title: string; outcome: ActivityOutcome }> = {
  signin_succeeded: { title: msg('Signed in'), outcome: 'succeeded' },
  signin_refused: { title: msg('Sign-in refused'), outcome: 'refused' },
  password_changed: { title: msg('Password changed'), outcome: 'changed' },
  email_changed: { title: msg('Email address changed'), outcome: 'changed' },
  two_step_enabled: { title: msg('Two-step sign-in turned on'), outcome: 'changed' },
  two_step_disabled: { title: msg('Two-step sign-in turned off'), outcome: 'changed' },
  recovery_codes_replaced: { title: msg('New recovery codes made'), outcome: 'changed' },
  passkey_added: { title: msg('Passkey added'), outcome: 'changed' },
  passkey_removed: { title: msg('Passkey removed'), outcome: 'changed' },
  account_unlocked: { title: msg('Account unlocked from an emailed link'), outcome: 'changed' },
};

const METHODS: Record<string, string> = {
  password: msg('With a password'),
  password_reset: msg('With a password reset link'),
  google: msg('With Google'),
  linkedin: msg('With LinkedIn'),
  passkey: msg('With a passkey'),
  authenticator_code: msg('With a password and an authenticator code'),
  recovery_code: msg('With a password and a recovery code'),
};

const REASONS: Record<string, string> = {
  wrong_password: msg('Wrong password'),
  wrong_code: msg('Wrong code'),
};

export function describeActivity(item: Pick<SecurityActivityItem, 'kind' | 'detail'>): ActivityDescription {
  const known = KINDS[item.kind] ?? { title: msg('Account security changed'), outcome: 'changed' as const };
  const { method, reason, name, how } = item.detail;
  let note: string | undefined;
  if (typeof reason === 'string') note = REASONS[reason];
  else if (typeof method === 'string') note = METHODS[method];
  else if (typeof name === 'string' && name.trim() !== '') note = name;
  else if (item.kind === 'email_changed' && how === 'undone')
    note = msg('Changed back with the link sent to the old address');
  return note ? { ...known, note } : known;
}

/** '26 Nov 2026, 14:05' in the reader's own time zone and language. */
export function activityTime(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
