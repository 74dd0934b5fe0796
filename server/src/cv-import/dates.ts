// Dates as CVs print them, in the same languages as the headings: "Apr 2021 – Present", "04/2021 – heute",
// "janv. 2020 - aujourd'hui", "2019", "2021-04". JSON Resume wants "YYYY-MM" or "YYYY".

const MONTHS: Array<[string, number]> = [
  ['janv', 1],
  ['jan', 1],
  ['ene', 1],
  ['gen', 1],
  ['feb', 2],
  ['fev', 2],
  ['fév', 2],
  ['mär', 3],
  ['mar', 3],
  ['maa', 3],
  ['apr', 4],
  ['avr', 4],
  ['abr', 4],
  ['mayo', 5],
  ['may', 5],
  ['mai', 5],
  ['mag', 5],
  ['mei', 5],
  ['juin', 6],
  ['jun', 6],
  ['giu', 6],
  ['juil', 7],
  ['jul', 7],
  ['lug', 7],
  ['aug', 8],
  ['aoû', 8],
  ['aou', 8],
  ['ago', 8],
  ['sep', 9],
  ['set', 9],
  ['oct', 10],
  ['okt', 10],
  ['ott', 10],
  ['out', 10],
  ['nov', 11],
  ['dec', 12],
  ['dez', 12],
  ['déc', 12],
  ['dic', 12],
];

const MONTH_WORD = '[A-Za-zÀ-ÿ]{3,9}\\.?';
const ONE_DATE = `(?:${MONTH_WORD}\\s+\\d{4}|\\d{1,2}[./]\\d{4}|\\d{4}-\\d{2}|\\d{4})`;
const PRESENT_WORDS =
  "present|current|now|today|ongoing|heute|bis heute|aktuell|jetzt|présent|aujourd'hui|aujourd’hui|actuel|actualidad|presente|actual|attuale|oggi|in corso|heden|nu|atual|o momento";
const SINCE = 'since|seit|depuis|desde|dal|sinds|desde';

export const DATE_RANGE = new RegExp(
  `(?:(?:${SINCE})\\s+(${ONE_DATE}))|(${ONE_DATE})(?:\\s*(?:[–—-]|to|bis|à|au|a|al|tot)\\s*(${ONE_DATE}|${PRESENT_WORDS}))?`,
  'i',
);

/** "Apr 2021" → "2021-04"; "2021" → "2021"; undefined when it is not a date. */
export function resumeDateOf(text: string): string | undefined {
  const value = text.trim();
  let match = /^(\d{1,2})[./](\d{4})$/.exec(value);
  if (match && Number(match[1]) >= 1 && Number(match[1]) <= 12)
    return `${match[2]}-${match[1].padStart(2, '0')}`;
  match = /^(\d{4})-(\d{2})$/.exec(value);
  if (match) return value;
  match = /^(\d{4})$/.exec(value);
  if (match && Number(match[1]) > 1900 && Number(match[1]) < 2100) return value;
  match = /^([A-Za-zÀ-ÿ]{3,9})\.?\s+(\d{4})$/.exec(value);
  if (match) {
    const word = match[1].toLowerCase();
    const month = MONTHS.find(([prefix]) => word.startsWith(prefix))?.[1];
    if (month) return `${match[2]}-${String(month).padStart(2, '0')}`;
  }
  return undefined;
}

export interface FoundDates {
  startDate?: string;
  endDate?: string;
  /** The end is "Present" (or its word in another language). */
  current: boolean;
  /** The line without the dates. */
  rest: string;
}

/** The first date or range of dates on a line, when there is one that reads as a date. */
export function findDates(line: string): FoundDates | undefined {
  const match = DATE_RANGE.exec(line);
  if (!match) return undefined;
  const [whole, since, first, second] = match;
  const startDate = resumeDateOf(since ?? first ?? '');
  if (!startDate) return undefined;
  // A bare year inside a sentence ("40 services in 2020") is a date only on a short line.
  if (/^\d{4}$/.test(whole.trim()) && line.length > 40) return undefined;
  const endDate = second ? resumeDateOf(second) : undefined;
  const current = Boolean(since) || (Boolean(second) && !endDate);
  const rest = (line.slice(0, match.index) + ' ' + line.slice(match.index + whole.length))
    .replace(/\s*[·|,–—-]\s*$/, '')
    .replace(/^\s*[·|,–—-]\s*/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return { startDate, endDate, current, rest };
}
