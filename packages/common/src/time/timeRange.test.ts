import { describe, expect, it } from 'vitest';
import { TimeRangeError } from './errors.ts';
import { formatTimeRangeBound } from './format.ts';
import { parseHumanDatetime } from './humanDate.ts';
import { parseTimeRange, type TimeRangeOptions } from './timeRange.ts';

/** Wednesday 15 May 2024, 10:30:45.123 UTC: today is 2024-05-15T00:00:00. */
const NOW = new Date('2024-05-15T10:30:45.123Z');

const fmt = (date: Date | null) => (date ? formatTimeRangeBound(date) : null);
function evaluate(range: string, options: Partial<TimeRangeOptions> = {}): [string | null, string | null] {
  const { since, until } = parseTimeRange(range, { now: NOW, ...options });
  return [fmt(since), fmt(until)];
}
const d = (text: string) => (text.length === 10 ? `${text}T00:00:00` : text);

describe('parseTimeRange shorthands', () => {
  it.each([
    ['No filter', null, null],
    ['no filter', null, null],
    ['', null, null],
    [' : ', null, null],
    ['Last day', '2024-05-14', '2024-05-15'],
    ['Last week', '2024-05-08', '2024-05-15'],
    ['Last month', '2024-04-15', '2024-05-15'],
    ['Last quarter', '2024-02-15', '2024-05-15'],
    ['Last year', '2023-05-15', '2024-05-15'],
    ['last week', '2024-05-08', '2024-05-15'],
    ['LAST YEAR', '2023-05-15', '2024-05-15'],
    ['Last 7 days', '2024-05-08', '2024-05-15'],
    ['Last 3 months', '2024-02-15', '2024-05-15'],
    ['Last 2 quarters', '2023-11-15', '2024-05-15'],
    ['Last 1 week', '2024-05-08', '2024-05-15'],
    ['Last 2 hours', '2024-05-15T08:30:45', '2024-05-15T10:30:45'],
    ['Last hour', '2024-05-15T09:30:45', '2024-05-15T10:30:45'],
    ['Last 30 minutes', '2024-05-15T10:00:45', '2024-05-15T10:30:45'],
    ['Last 10 seconds', '2024-05-15T10:30:35', '2024-05-15T10:30:45'],
    ['Next 2 weeks', '2024-05-15', '2024-05-29'],
    ['Next year', '2024-05-15', '2025-05-15'],
    ['Next hour', '2024-05-15T10:30:45', '2024-05-15T11:30:45'],
    ['previous calendar week', '2024-05-06', '2024-05-13'],
    ['previous calendar month', '2024-04-01', '2024-05-01'],
    ['previous calendar quarter', '2024-01-01', '2024-04-01'],
    ['previous calendar year', '2023-01-01', '2024-01-01'],
    ['Current day', '2024-05-15', '2024-05-16'],
    ['Current week', '2024-05-13', '2024-05-20'],
    ['Current month', '2024-05-01', '2024-06-01'],
    ['Current quarter', '2024-04-01', '2024-07-01'],
    ['Current year', '2024-01-01', '2025-01-01'],
    ['first week of this year', '2024-01-01', '2024-01-08'],
    ['first week of the year', '2024-01-01', '2024-01-08'],
    ['first month of last quarter', '2024-01-01', '2024-02-01'],
    ['1st quarter of next year', '2025-01-01', '2025-04-01'],
  ])('%j → %s : %s', (range, since, until) => {
    expect(evaluate(range)).toEqual([since && d(since), until && d(until)]);
  });
});

describe('parseTimeRange <since> : <until>', () => {
  it.each([
    ['2024-01-01 : 2024-02-01', '2024-01-01', '2024-02-01'],
    ['2024-01-01T10:00:00 : now', '2024-01-01T10:00:00', '2024-05-15T10:30:45'],
    [' : 2024-01-01', null, '2024-01-01'],
    ['2024-01-01 : ', '2024-01-01', null],
    ['today : tomorrow', '2024-05-15', '2024-05-16'],
    ['yesterday : today', '2024-05-14', '2024-05-15'],
    ['7 days ago : now', '2024-05-08', '2024-05-15T10:30:45'],
    ['1 year ago : today', '2023-05-15', '2024-05-15'],
    ['2 hours ago : now', '2024-05-15T08:30:45', '2024-05-15T10:30:45'],
    ['now : 2 weeks from now', '2024-05-15T10:30:45', '2024-05-29'],
    ['today : 3 days later', '2024-05-15', '2024-05-18'],
    ['last monday : next friday', '2024-05-13', '2024-05-24'],
    ['last wednesday : this friday', '2024-05-08', '2024-05-17'],
    ['this week : next week', '2024-05-15', '2024-05-22'],
    ['last 2 weeks : this week', '2024-05-01', '2024-05-15'],
    ['prior month : this month', '2024-04-15', '2024-05-15'],
    ['last 3 hours : this hour', '2024-05-15T07:30:45', '2024-05-15T10:30:45'],
    ['start of this month : end of this month', '2024-05-01', '2024-05-31'],
    ['beginning of last year : start of this year', '2023-01-01', '2024-01-01'],
    ['start of next month : end of next month', '2024-06-01', '2024-06-30'],
    ['start of last 2 quarters : end of last quarter', '2023-10-01', '2024-03-31'],
    ['start of this week : end of this week', '2024-05-13', '2024-05-19'],
    ['first of this month : first day of next month', '2024-05-01', '2024-06-01'],
    ['first of the year : today', '2024-01-01', '2024-05-15'],
    ['DATEADD(DATETIME("today"), -7, day) : today', '2024-05-08', '2024-05-15'],
    ["DATEADD(DATETIME('now'), -90, minute) : now", '2024-05-15T09:00:45', '2024-05-15T10:30:45'],
    ["dateadd(datetime('today'), -1, DAY) : Today", '2024-05-14', '2024-05-15'],
    ["DATEADD(DATETIME('today'), -2, days) : today", '2024-05-13', '2024-05-15'],
    ["DATETRUNC(DATETIME('today'), year,) : ", '2024-01-01', null],
    [' DATETIME("2024-01-01")  :  DATETIME("2024-01-02") ', '2024-01-01', '2024-01-02'],
  ])('%j → %s : %s', (range, since, until) => {
    expect(evaluate(range)).toEqual([since && d(since), until && d(until)]);
  });
});

describe('expressions: DATEADD month/year edges, DATETRUNC, LASTDAY, DATEDIFF, nesting', () => {
  it.each([
    ["DATEADD(DATETIME('2024-01-31'), 1, month)", '2024-02-29'],
    ["DATEADD(DATETIME('2023-01-31'), 1, month)", '2023-02-28'],
    ["DATEADD(DATETIME('2024-03-31'), -1, month)", '2024-02-29'],
    ["DATEADD(DATETIME('2024-05-31'), -1, month)", '2024-04-30'],
    ["DATEADD(DATETIME('2024-02-29'), 1, year)", '2025-02-28'],
    ["DATEADD(DATETIME('2024-02-29'), -4, year)", '2020-02-29'],
    ["DATEADD(DATETIME('2024-02-29'), 12, month)", '2025-02-28'],
    ["DATEADD(DATETIME('2024-05-31'), 1, quarter)", '2024-08-31'],
    ["DATEADD(DATETIME('2024-11-30'), 1, QUARTER)", '2025-02-28'],
    ["DATEADD(DATETIME('2024-01-15'), -13, month)", '2022-12-15'],
    ["DATEADD(DATETIME('2024-12-31T23:59:59'), 1, second)", '2025-01-01T00:00:00'],
    ["DATEADD(DATETIME('2024-02-28'), 1, day)", '2024-02-29'],
    ["DATEADD(DATETIME('2023-02-28'), 1, day)", '2023-03-01'],
    ["DATEADD(DATETIME('2024-01-01'), 2, week)", '2024-01-15'],
    ["DATEADD(DATETIME('2024-01-01T10:00:00'), +3, hour)", '2024-01-01T13:00:00'],
    ["DATETRUNC(DATETIME('2024-05-15T10:30:45'), year)", '2024-01-01'],
    ["DATETRUNC(DATETIME('2024-05-15T10:30:45'), quarter)", '2024-04-01'],
    ["DATETRUNC(DATETIME('2024-12-15T10:30:45'), quarter)", '2024-10-01'],
    ["DATETRUNC(DATETIME('2024-05-15T10:30:45'), month)", '2024-05-01'],
    ["DATETRUNC(DATETIME('2024-05-15T10:30:45'), week)", '2024-05-13'],
    ["DATETRUNC(DATETIME('2024-05-19T23:00:00'), week)", '2024-05-13'],
    ["DATETRUNC(DATETIME('2024-05-13'), week)", '2024-05-13'],
    ["DATETRUNC(DATETIME('2024-01-03'), week)", '2024-01-01'],
    ["DATETRUNC(DATETIME('2021-01-01'), week)", '2020-12-28'],
    ["DATETRUNC(DATETIME('2024-05-15T10:30:45'), day)", '2024-05-15'],
    ["DATETRUNC(DATETIME('2024-05-15T10:30:45'), hour)", '2024-05-15T10:00:00'],
    ["DATETRUNC(DATETIME('2024-05-15T10:30:45'), minute)", '2024-05-15T10:30:00'],
    ["DATETRUNC(DATETIME('2024-05-15T10:30:45'), second)", '2024-05-15T10:30:45'],
    ["LASTDAY(DATETIME('2024-02-10'), month)", '2024-02-29'],
    ["LASTDAY(DATETIME('2023-02-10'), month)", '2023-02-28'],
    ["LASTDAY(DATETIME('1900-02-10'), month)", '1900-02-28'],
    ["LASTDAY(DATETIME('2000-02-10'), month)", '2000-02-29'],
    ["LASTDAY(DATETIME('2024-04-30T12:00:00'), month)", '2024-04-30'],
    ["LASTDAY(DATETIME('2024-05-15'), year)", '2024-12-31'],
    ["LASTDAY(DATETIME('2024-05-15'), quarter)", '2024-06-30'],
    ["LASTDAY(DATETIME('2024-01-31'), quarter)", '2024-03-31'],
    ["LASTDAY(DATETIME('2024-08-31'), quarter)", '2024-09-30'],
    ["LASTDAY(DATETIME('2024-05-15'), week)", '2024-05-19'],
    ["LASTDAY(DATETIME('2024-05-19T08:00:00'), week)", '2024-05-19'],
    ["LASTDAY(DATETIME('2024-05-15T10:30:00'), day)", '2024-05-15'],
    ["LASTDAY(DATEADD(DATETRUNC(DATETIME('2024-01-31T12:00:00'), month), 1, month), month)", '2024-02-29'],
    ["DATEADD(LASTDAY(DATETIME('2024-01-15'), month), 1, month)", '2024-02-29'],
    ["DATETRUNC(DATEADD(DATETIME('today'), -1, quarter), quarter)", '2024-01-01'],
    [
      "DATEADD(DATETIME('2024-01-01'), DATEDIFF(DATETIME('2024-01-01'), DATETIME('2024-01-11')), day)",
      '2024-01-11',
    ],
    [
      "DATEADD(DATETIME('2024-01-01'), DATEDIFF(DATETIME('2020-06-01'), DATETIME('2024-01-01'), year), year)",
      '2028-01-01',
    ],
    [
      "DATEADD(DATETIME('2024-01-10'), DATEDIFF(DATETIME('2024-01-02T12:00:00'), DATETIME('2024-01-01')), day)",
      '2024-01-08',
    ],
  ])('%s → %s', (expression, expected) => {
    expect(evaluate(`${expression} : `)[0]).toBe(d(expected));
  });
});

describe('DATETIME text', () => {
  it.each([
    ['now', '2024-05-15T10:30:45'],
    ['today', '2024-05-15'],
    ['Yesterday', '2024-05-14'],
    ['tomorrow', '2024-05-16'],
    ['7 days ago', '2024-05-08'],
    ['1 year ago', '2023-05-15'],
    ['a month ago', '2024-04-15'],
    ['3 weeks from now', '2024-06-05'],
    ['2 hours later', '2024-05-15T12:30:45'],
    ['in 2 days', '2024-05-17'],
    ['10 minutes ago', '2024-05-15T10:20:45'],
    ['last monday', '2024-05-13'],
    ['last wednesday', '2024-05-08'],
    ['last thursday', '2024-05-09'],
    ['next monday', '2024-05-20'],
    ['next friday', '2024-05-24'],
    ['this monday', '2024-05-13'],
    ['friday', '2024-05-17'],
    ['wednesday', '2024-05-22'],
    ['last week', '2024-05-08'],
    ['next month', '2024-06-15'],
    ['2024-01-01', '2024-01-01'],
    ['2024-01-01T10:00:00', '2024-01-01T10:00:00'],
    ['2024-01-01 10:00', '2024-01-01T10:00:00'],
    ['2024-01-01T10:00:00.500', '2024-01-01T10:00:00'],
    ['2024-01-01T10:00:00Z', '2024-01-01T10:00:00'],
    ['2024-01-01T10:00:00+03:00', '2024-01-01T07:00:00'],
    ['2024-1-5', '2024-01-05'],
    ['2024/03/04', '2024-03-04'],
    ['03/04/2024', '2024-03-04'],
    ['2024-03', '2024-03-01'],
    ['2020', '2020-01-01'],
    ['Jan 5 2024', '2024-01-05'],
    ['January 5, 2024', '2024-01-05'],
    ['5 January 2024', '2024-01-05'],
    ['Feb 29 2024 13:15', '2024-02-29T13:15:00'],
    ['March 2023', '2023-03-01'],
  ])('%j → %s', (text, expected) => {
    expect(fmt(parseHumanDatetime(text, NOW))).toBe(d(expected));
  });
});

describe('relative anchors', () => {
  it.each([
    [{}, 'Last week', '2024-05-08', '2024-05-15'],
    [{ relativeStart: 'now' }, 'Last week', '2024-05-08T10:30:45', '2024-05-15'],
    [{ relativeStart: 'now', relativeEnd: 'now' }, 'Last week', '2024-05-08T10:30:45', '2024-05-15T10:30:45'],
    [{ relativeEnd: 'now' }, 'Last day', '2024-05-14', '2024-05-15T10:30:45'],
    [{ relativeStart: 'today' }, 'Last 2 hours', '2024-05-14T22:00:00', '2024-05-15T10:30:45'],
    [{ relativeStart: 'now' }, 'Next week', '2024-05-15T10:30:45', '2024-05-22T10:30:45'],
    [{ relativeStart: 'now' }, 'last 2 days : this day', '2024-05-13T10:30:45', '2024-05-15T10:30:45'],
    [{ relativeStart: 'now' }, 'previous calendar month', '2024-04-01', '2024-05-01'],
  ] as const)('%j %s', (options, range, since, until) => {
    expect(evaluate(range, options)).toEqual([d(since), d(until)]);
  });
});

describe('errors', () => {
  it.each([
    ['foo', 'parse', 'Cannot parse time string [foo]'],
    ['Last fortnight', 'parse', 'Cannot parse time string [Last fortnight]'],
    ['previous calendar day', 'parse', 'Cannot parse time string [previous calendar day]'],
    ['bogus : today', 'parse', 'Cannot parse time string [bogus]'],
    ['FOO(DATETIME("today")) : ', 'parse', 'Cannot parse time string [FOO(DATETIME("today"))]'],
    [
      '7 days : today',
      'ambiguous',
      'Time string is ambiguous. Please specify [7 days ago] or [7 days later].',
    ],
    ['today : 2 weeks', 'ambiguous', 'Please specify [2 weeks ago]'],
    ['2023-02-29 : today', 'date', 'Invalid date [2023-02-29]: day is out of range for month'],
    ['2024-13-01 : today', 'date', 'Invalid date [2024-13-01]: month must be in 1..12'],
    ['2024-01-01T25:00:00 : ', 'date', 'time of day is out of range'],
    ['Feb 30 2024 : ', 'date', 'day is out of range'],
    ['DATEADD(DATETIME("9999-12-31"), 1, day) : ', 'date', 'Date is out of range'],
    ['DATEADD(DATETIME("today"), -7, fortnight) : today', 'unit', "Unknown time unit 'fortnight' in DATEADD"],
    ['DATETRUNC(DATETIME("today"), decade) : ', 'unit', "Unknown time unit 'decade' in DATETRUNC"],
    ['LASTDAY(DATETIME("today"), hour) : ', 'unit', "Unknown time unit 'hour' in LASTDAY"],
    [
      'DATEADD(DATETIME("today"), -7, day : today',
      'syntax',
      'Unbalanced parentheses in [DATEADD(DATETIME("today"), -7, day]: missing \')\'',
    ],
    ['DATEADD(DATETIME("today")), -7, day) : today', 'syntax', "unexpected ')'"],
    ['DATETRUNC(DATETIME("today") month) : ', 'syntax', "Expected ',' in DATETRUNC but found 'month'"],
    [
      'DATEADD(DATETIME("today"), x, day) : ',
      'syntax',
      "DATEADD expects an integer or DATEDIFF(…) but found 'x'",
    ],
    ['DATEADD(DATETIME("today"), 1) : ', 'syntax', "Expected ',' in DATEADD but found ')'"],
    ['DATETIME(today) : ', 'syntax', "DATETIME expects a quoted string but found 'today'"],
    ['DATETIME("today") junk : ', 'syntax', "Unexpected 'junk' after the expression"],
    ['DATETIME("today : ', 'syntax', 'Unterminated string'],
    [
      'DATETRUNC(DATEDIFF(DATETIME("today"), DATETIME("today")), day) : ',
      'syntax',
      'DATEDIFF gives a number',
    ],
    ['DATEADD(DATETIME("today"); 1, day) : ', 'syntax', "Unexpected character ';'"],
    ['HOLIDAY("Christmas") : ', 'unsupported', 'HOLIDAY is not supported'],
    ['today : yesterday', 'order', 'From date cannot be larger than to date'],
    ['2024-02-01 : 2024-01-01', 'order', 'From date cannot be larger than to date'],
    ['Next 2 hours : now', 'order', 'From date cannot be larger than to date'],
  ])('%j → %s', (range, kind, message) => {
    let error: unknown;
    try {
      parseTimeRange(range, { now: NOW });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TimeRangeError);
    expect((error as TimeRangeError).kind).toBe(kind);
    expect((error as TimeRangeError).message).toContain(message);
  });
});
