import type { SecurityActivityItem } from '../api/security';

/*
 * How a line of the security activity reads: what happened, whether it went through, and how. Said once for the
 * card and its tests; a kind this app does not know yet (a newer server) reads as a general change.
 */

export type ActivityOutcome = 'succeeded' | 'refused' | 'changed';

export interface ActivityDescription {
  title: string;
  outcome: ActivityOutcome;
  /** Extra words, e.g. 'With a password' or the passkey's name. */
  note?: string;
}

export const OUTCOME_LABELS: Record<ActivityOutcome, string> = {
  succeeded: 'Succeeded',
  refused: 'Refused',
  changed: 'Changed',
};

const KINDS: Record<string, { title: string; outcome: ActivityOutcome }> = {
  signin_succeeded: { title: 'Signed in', outcome: 'succeeded' },
  signin_refused: { title: 'Sign-in refused', outcome: 'refused' },
  password_changed: { title: 'Password changed', outcome: 'changed' },
  email_changed: { title: 'Email address changed', outcome: 'changed' },
  two_step_enabled: { title: 'Two-step sign-in turned on', outcome: 'changed' },
  two_step_disabled: { title: 'Two-step sign-in turned off', outcome: 'changed' },
  recovery_codes_replaced: { title: 'New recovery codes made', outcome: 'changed' },
  passkey_added: { title: 'Passkey added', outcome: 'changed' },
  passkey_removed: { title: 'Passkey removed', outcome: 'changed' },
  account_unlocked: { title: 'Account unlocked from an emailed link', outcome: 'changed' },
};

const METHODS: Record<string, string> = {
  password: 'With a password',
  password_reset: 'With a password reset link',
  google: 'With Google',
  linkedin: 'With LinkedIn',
  passkey: 'With a passkey',
  authenticator_code: 'With a password and an authenticator code',
  recovery_code: 'With a password and a recovery code',
};

const REASONS: Record<string, string> = {
  wrong_password: 'Wrong password',
  wrong_code: 'Wrong code',
};

export function describeActivity(item: Pick<SecurityActivityItem, 'kind' | 'detail'>): ActivityDescription {
  const known = KINDS[item.kind] ?? { title: 'Account security changed', outcome: 'changed' as const };
  const { method, reason, name, how } = item.detail;
  let note: string | undefined;
  if (typeof reason === 'string') note = REASONS[reason];
  else if (typeof method === 'string') note = METHODS[method];
  else if (typeof name === 'string' && name.trim() !== '') note = name;
  else if (item.kind === 'email_changed' && how === 'undone') note = 'Changed back with the link sent to the old address';
  return note ? { ...known, note } : known;
}

/** '26 Nov 2026, 14:05' in the reader's own time zone and language. */
export function activityTime(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
