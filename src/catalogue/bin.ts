// The bin as CV management shows it: when a deleted CV was deleted and how long it has left. Plain functions, so
// the view and the tests read the same dates.
import { msg, type Message } from '../../rules/languages';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days until `purgeAt` from `now`, rounded up (0 once the date has come: the job removes it soon). */
export function daysLeft(purgeAt: string, now: Date = new Date()): number {
  const left = Date.parse(purgeAt) - now.getTime();
  return Number.isFinite(left) ? Math.max(0, Math.ceil(left / DAY_MS)) : 0;
}

/** '3 Dec 2026' in the person's own way of writing dates. */
export function binDate(iso: string, locale?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(at);
}

/** 'Removed for good in 29 days' / 'in 1 day' / 'today', as a message the view says in the person's language. */
export function removalText(purgeAt: string, now: Date = new Date()): Message {
  const days = daysLeft(purgeAt, now);
  if (days === 0) return msg('Removed for good today');
  return {
    id: msg('{days, plural, one {Removed for good in {days} day} other {Removed for good in {days} days}}'),
    values: { days },
  };
}
