import type { NewShare, Share, ShareDay } from '../api/shares';
import {
  SHARE_EXPIRY_INVALID,
  shareExpiryProblem,
  shareLabel,
  shareLabelProblem,
  sharePasswordProblem,
} from '../../rules/shares';
import { msg, type Message } from '../../rules/languages';

/*
 * A saved CV's share links as the share panel shows them: the new-link form (what is typed, what is wrong with it,
 * what is sent), each link's state, and its counts in words (messages, said by the view through its `t`) and as a
 * chart's bars.
 */

/** The new-link form as typed. */
export interface ShareDraft {
  label: string;
  /** '' = no password. */
  password: string;
  /** 'YYYY-MM-DD' from a date field; '' = never expires. */
  expiresOn: string;
  /** A version's number as text; '' = the latest saved version (the link follows later saves). */
  version: string;
}

export type ShareDraftField = keyof ShareDraft;

export const EMPTY_SHARE_DRAFT: ShareDraft = { label: '', password: '', expiresOn: '', version: '' };

export type ShareDraftProblems = Partial<Record<ShareDraftField, string>>;

/** What is wrong with the form, field by field (rules/shares.ts); empty when it can be sent. */
export function shareDraftProblems(draft: ShareDraft, now: Date): ShareDraftProblems {
  const problems: ShareDraftProblems = {};
  const label = shareLabelProblem(draft.label);
  if (label) problems.label = label;
  const password = sharePasswordProblem(draft.password);
  if (password) problems.password = password;
  if (draft.expiresOn !== '') {
    const end = endOfLocalDay(draft.expiresOn);
    problems.expiresOn = end ? shareExpiryProblem(end, now) : SHARE_EXPIRY_INVALID;
    if (!problems.expiresOn) delete problems.expiresOn;
  }
  return problems;
}

/**
 * A date picked in the form ends where the person is: the end of that day in their own time, sent as an instant
 * (a date alone would end at midnight UTC, which for someone west of Greenwich is still that afternoon).
 */
export function endOfLocalDay(date: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const end = new Date(year, month - 1, day, 23, 59, 59, 999);
  return end.getMonth() === month - 1 && end.getDate() === day ? end.toISOString() : undefined;
}

export const hasProblems = (problems: ShareDraftProblems) => Object.keys(problems).length > 0;

/** The request body: only what the person chose (an old server ignores nothing it does not know). */
export function newShareOf(draft: ShareDraft): NewShare {
  return {
    label: shareLabel(draft.label),
    ...(draft.password !== '' ? { password: draft.password } : {}),
    ...(draft.expiresOn !== '' ? { expires_at: endOfLocalDay(draft.expiresOn) ?? draft.expiresOn } : {}),
    ...(draft.version !== '' ? { version: Number(draft.version) } : {}),
  };
}

/**
 * The form field a server's refusal is about, from its sentence: the server names the field ('label', 'password',
 * 'expires_at', 'version') in its detail, or in a `field` of its own.
 */
export function refusedDraftField(detail: string, field?: string): ShareDraftField | undefined {
  const named = (field ?? detail).toLowerCase();
  if (/\blabel\b/.test(named)) return 'label';
  if (/\bpassword\b/.test(named)) return 'password';
  if (/\bexpir(es_at|y|es|ation)\b/.test(named)) return 'expiresOn';
  if (/\bversion\b/.test(named)) return 'version';
  return undefined;
}

/**
 * A refusal said at its field needs no field name: 'label: must be at most 80 characters.' reads 'Must be at most 80
 * characters.' beside the label.
 */
export function refusalAtField(detail: string): string {
  // The field's name, then its colon as the language writes it: 'label:', 'label :' (French), 'label：' (Japanese).
  const match = /^\s*[a-z_]+[\s\u00a0\u202f]*[:：][\s\u00a0\u202f]*(.+)$/s.exec(detail);
  if (!match) return detail;
  const rest = match[1]!;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

export type ShareState = 'live' | 'revoked' | 'expired';

/** A revoked link stays revoked; a live one whose expiry has passed has expired. */
export function shareState(share: Share, now: Date): ShareState {
  if (share.revokedAt) return 'revoked';
  if (share.expiresAt && new Date(share.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'live';
}

/** Today in the form a date field takes ('YYYY-MM-DD', the person's own calendar): the earliest expiry. */
export function todayForDateField(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The locale the interface's language writes a link's dates in. English leaves them to the browser's own way (as it
 * always did); another language writes them its way.
 */
function localeOf(language: string | undefined): string | undefined {
  return language === undefined || language === 'en' ? undefined : language;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale and kind, made once. */
function formatOf(kind: 'day' | 'when' | 'date', language: string | undefined): Intl.DateTimeFormat {
  const locale = localeOf(language);
  const key = `${kind}\u0000${locale ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      kind === 'day'
        ? { day: 'numeric', month: 'short', timeZone: 'UTC' }
        : kind === 'when'
          ? { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }
          : { day: 'numeric', month: 'short', year: 'numeric' },
    );
    formats.set(key, format);
  }
  return format;
}

/** '24 Nov 2026, 14:05' from an ISO date-time, as the interface's language writes it; undefined for none. */
export function whenLabel(iso: string | null | undefined, language?: string): string | undefined {
  if (!iso) return undefined;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? undefined : formatOf('when', language).format(at);
}

/** '31 Dec 2026' from an ISO date-time, as the interface's language writes it. */
export function dateLabel(iso: string | null | undefined, language?: string): string | undefined {
  if (!iso) return undefined;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? undefined : formatOf('date', language).format(at);
}

/** '24 Nov' from a 'YYYY-MM-DD' day of the chart (a UTC day: the server counts in UTC). */
export function dayLabel(date: string, language?: string): string {
  const at = new Date(`${date}T00:00:00.000Z`);
  return Number.isNaN(at.getTime()) ? date : formatOf('day', language).format(at);
}

/** One bar of a link's 30-day chart: the day, its counts, and its heights as parts of the tallest day. */
export interface ChartBar {
  date: string;
  views: number;
  downloads: number;
  /** 0..1 of the chart's height. */
  viewsHeight: number;
  downloadsHeight: number;
}

export function chartBars(days: readonly ShareDay[]): ChartBar[] {
  const tallest = Math.max(1, ...days.map((day) => day.views + day.downloads));
  return days.map((day) => ({
    ...day,
    viewsHeight: day.views / tallest,
    downloadsHeight: day.downloads / tallest,
  }));
}

/** The chart's sentences: each a message, its counts deciding the words ('1 view', '3 views'). */
const SUMMARY_MESSAGES = {
  none: msg('No daily counts yet.'),
  todayNothing: msg('Today: no views or downloads.'),
  daysNothing: msg('Last {days} days: no views or downloads.'),
  today: msg(
    'Today: {views, plural, one {{views} view} other {{views} views}} and {downloads, plural, one {{downloads} download} other {{downloads} downloads}}.',
  ),
  days: msg(
    'Last {days} days: {views, plural, one {{views} view} other {{views} views}} and {downloads, plural, one {{downloads} download} other {{downloads} downloads}}.',
  ),
  busiest: msg(
    'Busiest day {day}: {views, plural, one {{views} view} other {{views} views}}, {downloads, plural, one {{downloads} download} other {{downloads} downloads}}.',
  ),
};

/**
 * The chart in words, for screen readers and for anyone who prefers numbers: the totals over the days shown and
 * the busiest day, one message per sentence (a view says them through its `t`, one after the other). The busiest
 * day is written as the interface's language writes a date.
 */
export function chartSummary(days: readonly ShareDay[], language?: string): Message[] {
  if (days.length === 0) return [SUMMARY_MESSAGES.none];
  const views = days.reduce((sum, day) => sum + day.views, 0);
  const downloads = days.reduce((sum, day) => sum + day.downloads, 0);
  const today = days.length === 1;
  if (views === 0 && downloads === 0)
    return [
      today
        ? SUMMARY_MESSAGES.todayNothing
        : { id: SUMMARY_MESSAGES.daysNothing, values: { days: days.length } },
    ];
  const busiest = days.reduce((best, day) =>
    day.views + day.downloads > best.views + best.downloads ? day : best,
  );
  return [
    today
      ? { id: SUMMARY_MESSAGES.today, values: { views, downloads } }
      : { id: SUMMARY_MESSAGES.days, values: { days: days.length, views, downloads } },
    {
      id: SUMMARY_MESSAGES.busiest,
      values: { day: dayLabel(busiest.date, language), views: busiest.views, downloads: busiest.downloads },
    },
  ];
}
