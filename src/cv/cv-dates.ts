import type { InputField, TemplateSection } from '../api/templates';
import {
  PRESENT_VALUE,
  isCurrentName,
  isEndDateName,
  parseCvDate,
  startDateNameFor,
  storedMonth,
} from '../../rules/cv-date';
import { msg } from '../../rules/languages';

// The builder's month-and-year date field (docs/decisions/0043-month-and-year-dates.md): what its two pickers show
// for a stored value, what they store for a pick, and where an end date's 'Present' lives.

export const MONTH_NAMES = [
  msg('January'),
  msg('February'),
  msg('March'),
  msg('April'),
  msg('May'),
  msg('June'),
  msg('July'),
  msg('August'),
  msg('September'),
  msg('October'),
  msg('November'),
  msg('December'),
] as const;

/** The years the year picker offers, newest first: a few years ahead (an expected graduation) back to 1940. */
export const FIRST_OFFERED_YEAR = 1940;
export const YEARS_AHEAD = 10;

export function offeredYears(now: Date, keep?: number): number[] {
  const last = now.getUTCFullYear() + YEARS_AHEAD;
  const years: number[] = [];
  for (let year = last; year >= FIRST_OFFERED_YEAR; year -= 1) years.push(year);
  // A stored year outside the range (an import's 1935) is still offered, so it shows as it is.
  if (keep !== undefined && !years.includes(keep)) {
    years.push(keep);
    years.sort((a, b) => b - a);
  }
  return years;
}

/** What the pickers show for a stored value: month and year as select values ('' for none). */
export interface DatePicks {
  /** '1'…'12' or ''. */
  month: string;
  /** '2020' or ''. */
  year: string;
  present: boolean;
  /** A stored value that is not a date (an import's 'Summer 2019'): shown as it is until a pick replaces it. */
  unreadable?: string;
}

export function picksOf(value: string | undefined): DatePicks {
  const parsed = parseCvDate(value);
  switch (parsed.kind) {
    case 'empty':
      return { month: '', year: '', present: false };
    case 'present':
      return { month: '', year: '', present: true };
    case 'invalid':
      return { month: '', year: '', present: false, unreadable: parsed.text };
    case 'date':
      return { month: parsed.month ? String(parsed.month) : '', year: String(parsed.year), present: false };
  }
}

/**
 * What a pick stores: month and year ('2020-03'), a year alone ('2020'), or nothing while no year is picked (a month
 * alone is no date; the picker keeps showing it until the year comes).
 */
export function valueOfPicks(month: string, year: string): string {
  if (year === '') return '';
  return storedMonth(Number(year), month === '' ? undefined : Number(month));
}

export { PRESENT_VALUE };

/** An end date field: it offers 'Present'. */
export function isEndDateField(field: Pick<InputField, 'name' | 'widget_type'>): boolean {
  return field.widget_type === 'date' && isEndDateName(field.name);
}

/** The start date of the entry an end date closes, when the section has one. */
export function startFieldOf(
  section: Pick<TemplateSection, 'input_fields'>,
  field: Pick<InputField, 'name' | 'widget_type'>,
): InputField | undefined {
  if (!isEndDateField(field)) return undefined;
  const name = startDateNameFor(field.name);
  return section.input_fields.find(
    (candidate) => candidate.widget_type === 'date' && candidate.name === name,
  );
}

/**
 * The section's own 'has not ended' box ('Currently working here'), when it has one next to an end date: there the
 * box is the 'Present' (kept as the template stores it), and the end date offers no second one.
 */
export function currentFieldOf(section: Pick<TemplateSection, 'input_fields'>): InputField | undefined {
  return section.input_fields.find((field) => field.widget_type === 'checkbox' && isCurrentName(field.name));
}
