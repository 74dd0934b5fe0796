// A CV's dates, said once for the web app and the server (docs/decisions/0043-month-and-year-dates.md).
//
// The builder stores a month and year ('2020-03'), a year alone ('2020') or, for an end date, 'present' (the entry
// has not ended). A full day ('2020-03-15') is what the builder stored before and an import may bring: it is still
// accepted, read as its month, and printed as month and year like the rest.
//
// The builder's words for a date it refuses are marked for the catalogue with `msg` (a view shows them through its
// `t`); the API's own sentence is the server's.

import { msg } from './languages.js';

/** The stored word for an end date that has not come: printed 'Present' (in the CV's language). */
export const PRESENT_VALUE = 'present';

export const DATE_MESSAGES = {
  notADate: msg('This is not a date. Please choose a month and year.'),
  endBeforeStart: msg('The end date is before the start date. Please check it.'),
  /** What the server answers a client that sends anything else (it writes the value, it does not pick it). */
  notADateApi:
    'must be a month and year like 2020-03 (or a year like 2020, a day like 2020-03-15, or "present" for an end date).',
} as const;

/** The year, month and day a stored date names; month and day are absent when it does not name them. */
export interface CvDate {
  year: number;
  month?: number;
  day?: number;
}

export type ParsedCvDate =
  { kind: 'empty' } | { kind: 'present' } | ({ kind: 'date' } & CvDate) | { kind: 'invalid'; text: string };

const DATE_PATTERN = /^(\d{4})(?:-(0[1-9]|1[0-2])(?:-(0[1-9]|[12]\d|3[01]))?)?$/;

/** A date as stored: nothing, 'present' (any case), a year, a month or a day; anything else is invalid. */
export function parseCvDate(value: string | undefined): ParsedCvDate {
  const text = (value ?? '').trim();
  if (text === '') return { kind: 'empty' };
  if (text.toLowerCase() === PRESENT_VALUE) return { kind: 'present' };
  const match = DATE_PATTERN.exec(text);
  if (!match) return { kind: 'invalid', text };
  const year = Number(match[1]);
  if (year < 1000) return { kind: 'invalid', text };
  return {
    kind: 'date',
    year,
    ...(match[2] ? { month: Number(match[2]) } : {}),
    ...(match[3] ? { day: Number(match[3]) } : {}),
  };
}

/** What the builder stores for a picked year and month: '2020-03', or '2020' without a month. */
export function storedMonth(year: number, month?: number): string {
  const yyyy = String(year).padStart(4, '0');
  return month ? `${yyyy}-${String(month).padStart(2, '0')}` : yyyy;
}

/**
 * Whether a field's stored value is one a date field keeps: a date, nothing, or 'present' where the field is an
 * end date.
 */
export function isAcceptedCvDate(value: string | undefined, isEnd: boolean): boolean {
  const parsed = parseCvDate(value);
  if (parsed.kind === 'invalid') return false;
  return parsed.kind !== 'present' || isEnd;
}

/**
 * Whether an entry ends before it starts, at the precision both give: a month is compared to a month, a year to a
 * year ('2020' ends no earlier than '2020-05'); a day is not compared (the CV prints months). An entry that has not
 * ended (`current`: its 'Currently working here' box is ticked, or its end is 'present') never does: the end date
 * it keeps is not printed, so it is not checked.
 */
export function endsBeforeStart(
  start: string | undefined,
  end: string | undefined,
  current = false,
): boolean {
  if (current) return false;
  const from = parseCvDate(start);
  const to = parseCvDate(end);
  if (from.kind !== 'date' || to.kind !== 'date') return false;
  if (to.year !== from.year) return to.year < from.year;
  return from.month !== undefined && to.month !== undefined && to.month < from.month;
}

/** A date as JSON Resume takes it, month and year at most ('2020-03-15' → '2020-03'); nothing for 'present'. */
export function resumeMonth(value: string): string | undefined {
  const parsed = parseCvDate(value);
  return parsed.kind === 'date' ? storedMonth(parsed.year, parsed.month) : undefined;
}

/** An end date field, by its name: the one a 'Present' belongs to. */
export function isEndDateName(name: string): boolean {
  return /(^|_)end_date$|^(end|until|date_to)$/.test(name);
}

/** The start date that goes with an end date field, by its name ('end_date' → 'start_date'). */
export function startDateNameFor(endName: string): string | undefined {
  return /(^|_)end_date$/.test(endName) ? endName.replace(/end_date$/, 'start_date') : undefined;
}

/** A checkbox that says an entry has not ended ('currently_working'): where a section has one, it is the 'Present'. */
export function isCurrentName(name: string): boolean {
  return /^current(ly)?(_|$)/.test(name);
}

/** Whether a stored checkbox value is ticked: the builder stores 'true'; an import or a client may send 'on', '1', 'yes'. */
export function isTickedValue(value: string | undefined): boolean {
  return value !== undefined && ['true', 'on', '1', 'yes'].includes(value.trim().toLowerCase());
}
