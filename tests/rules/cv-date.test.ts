import {
  DATE_MESSAGES,
  endsBeforeStart,
  isAcceptedCvDate,
  parseCvDate,
  resumeMonth,
  storedMonth,
} from '../../rules/cv-date';
import { readCvInput } from '../../server/src/cv-input/cv-body';
import { HttpError } from '../../server/src/http/errors';
import { offeredYears, picksOf, valueOfPicks } from '../../src/cv/cv-dates';
import { fieldProblems } from '../../src/cv/field-rules';
import { entriesFromFormData } from '../../src/cv/form-data';
import { cvDocument, printedDate, toMarkdown, toPlainText } from '../../src/cv-data/cv-text';
import { EMPTY_LAYOUT } from '../../src/cv/layout';
import { TEMPLATES, templateNamed } from '../machines/cv-data/support';

// A CV's dates (rules/cv-date.ts): the stored forms, what the pickers make of them, and the builder and the server
// agreeing on what they refuse.

describe('stored dates', () => {
  it('reads a year, a month, an old full day and present; anything else is not a date', () => {
    expect(parseCvDate('2020')).toEqual({ kind: 'date', year: 2020 });
    expect(parseCvDate('2020-03')).toEqual({ kind: 'date', year: 2020, month: 3 });
    expect(parseCvDate(' 2020-01-15 ')).toEqual({ kind: 'date', year: 2020, month: 1, day: 15 });
    expect(parseCvDate('Present')).toEqual({ kind: 'present' });
    expect(parseCvDate('')).toEqual({ kind: 'empty' });
    for (const text of ['Summer 2019', '2020-13', '2020-3', '03/2020', '0999', '2020-02-30x']) {
      expect(parseCvDate(text)).toEqual({ kind: 'invalid', text });
    }
  });

  it("accepts 'present' only for an end date", () => {
    expect(isAcceptedCvDate('present', true)).toBe(true);
    expect(isAcceptedCvDate('present', false)).toBe(false);
    expect(isAcceptedCvDate('2020-01-15', false)).toBe(true);
    expect(isAcceptedCvDate('', false)).toBe(true);
    expect(isAcceptedCvDate('next year', true)).toBe(false);
  });

  it('compares at the precision both dates give; a day is not compared', () => {
    expect(endsBeforeStart('2021-05', '2021-04')).toBe(true);
    expect(endsBeforeStart('2021', '2020-12')).toBe(true);
    expect(endsBeforeStart('2021-05', '2021')).toBe(false);
    expect(endsBeforeStart('2021-05-20', '2021-05-01')).toBe(false);
    expect(endsBeforeStart('2021-05', 'present')).toBe(false);
    expect(endsBeforeStart(undefined, '2001')).toBe(false);
    // A current entry (its 'Currently working here' box ticked) has not ended: its kept end date is not checked.
    expect(endsBeforeStart('2021-03', '2019-01', true)).toBe(false);
    expect(endsBeforeStart('2021-03', '2019-01', false)).toBe(true);
  });

  it('writes a pick as 2020-03 or 2020, and JSON Resume gets month and year at most', () => {
    expect(storedMonth(2020, 3)).toBe('2020-03');
    expect(storedMonth(2020)).toBe('2020');
    expect(resumeMonth('2020-01-15')).toBe('2020-01');
    expect(resumeMonth('2020')).toBe('2020');
    expect(resumeMonth('present')).toBeUndefined();
  });
});

describe('the pickers', () => {
  it('show a stored value as month and year, a full day as its month, and keep what is not a date aside', () => {
    expect(picksOf('2020-01-15')).toEqual({ month: '1', year: '2020', present: false });
    expect(picksOf('2020')).toEqual({ month: '', year: '2020', present: false });
    expect(picksOf('present')).toEqual({ month: '', year: '', present: true });
    expect(picksOf('Summer 2019')).toEqual({ month: '', year: '', present: false, unreadable: 'Summer 2019' });
    expect(valueOfPicks('3', '2020')).toBe('2020-03');
    expect(valueOfPicks('', '2020')).toBe('2020');
    expect(valueOfPicks('3', '')).toBe('');
  });

  it('offer the years from ten ahead back to 1940, and a stored year outside them', () => {
    const years = offeredYears(new Date('2026-11-26T00:00:00Z'));
    expect(years[0]).toBe(2036);
    expect(years.at(-1)).toBe(1940);
    expect(offeredYears(new Date('2026-11-26T00:00:00Z'), 1935).at(-1)).toBe(1935);
  });
});

describe('every output prints month and year, or Present', () => {
  const classic = templateNamed('executive-classic');
  const formData = {
    'Personal Details': { 'full_name-1001-0': 'Ada Lovelace' },
    Education: {
      'degree-1016-0': 'MSc',
      'start_date-1019-0': '2019-09',
      'end_date-1020-0': 'present',
      'degree-1016-1': 'BSc',
      'start_date-1019-1': '2015-09-15',
      'end_date-1020-1': '2018',
    },
  };

  it('Markdown and plain text', () => {
    expect(printedDate('present')).toBe('Present');
    expect(printedDate('2015-09-15')).toBe('Sep 2015');
    const document = cvDocument(classic.sections, formData, EMPTY_LAYOUT);
    const text = toPlainText(document);
    expect(text).toContain('Sep 2019 – Present');
    expect(text).toContain('Sep 2015 – 2018');
    expect(toMarkdown(document)).toContain('*Sep 2019 – Present*');
  });
});

describe('the builder and the server refuse the same dates', () => {
  const classic = templateNamed('executive-classic');
  const folder = TEMPLATES.find((candidate) => candidate.slug === 'executive-classic')!;
  const serverSays = (values: Record<string, string>) => {
    try {
      readCvInput(
        { name: 'Dates', template: folder.definition.id, entries: entriesFromFormData({ Education: values }) },
        folder.definition,
      );
      return undefined;
    } catch (error) {
      return error instanceof HttpError ? error.message : String(error);
    }
  };
  const builderSays = (values: Record<string, string>) =>
    fieldProblems(classic.sections, { Education: values }).map((problem) => problem.message)[0];

  it.each([
    [{ 'start_date-1019-0': '2020-01-15', 'end_date-1020-0': '2021-06' }, undefined, undefined],
    [{ 'start_date-1019-0': '2020', 'end_date-1020-0': 'present' }, undefined, undefined],
    [{ 'start_date-1019-0': 'present' }, DATE_MESSAGES.notADate, DATE_MESSAGES.notADateApi],
    [{ 'start_date-1019-0': 'Summer 2019' }, DATE_MESSAGES.notADate, DATE_MESSAGES.notADateApi],
    [{ 'start_date-1019-0': '2021-05', 'end_date-1020-0': '2021-04' }, DATE_MESSAGES.endBeforeStart, DATE_MESSAGES.endBeforeStart],
  ])('%j', (values, builder, server) => {
    expect(builderSays(values)).toBe(builder);
    const answer = serverSays(values);
    if (server === undefined) expect(answer).toBeUndefined();
    else expect(answer).toContain(server);
  });

  // Work Experience has its own 'Currently working here' box: ticked, the end date kept under it is not checked.
  const workServerSays = (values: Record<string, string>) => {
    try {
      readCvInput(
        { name: 'Dates', template: folder.definition.id, entries: entriesFromFormData({ 'Work Experience': values }) },
        folder.definition,
      );
      return undefined;
    } catch (error) {
      return error instanceof HttpError ? error.message : String(error);
    }
  };
  const workBuilderSays = (values: Record<string, string>) =>
    fieldProblems(classic.sections, { 'Work Experience': values }).map((problem) => problem.message)[0];

  it.each([
    [{ 'start_date-1012-0': '2021-03', 'end_date-1013-0': '2019-01' }, DATE_MESSAGES.endBeforeStart],
    [{ 'start_date-1012-0': '2021-03', 'end_date-1013-0': '2019-01', 'currently_working-1014-0': 'true' }, undefined],
    [{ 'start_date-1012-0': '2021-03', 'end_date-1013-0': 'present' }, undefined],
    // Another entry's box does not excuse this one.
    [
      { 'start_date-1012-0': '2021-03', 'end_date-1013-0': '2019-01', 'currently_working-1014-1': 'true' },
      DATE_MESSAGES.endBeforeStart,
    ],
  ])('Work Experience %j', (values, message) => {
    expect(workBuilderSays(values)).toBe(message);
    const answer = workServerSays(values);
    if (message === undefined) expect(answer).toBeUndefined();
    else expect(answer).toContain(message);
  });
});
