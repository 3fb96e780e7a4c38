import { describe, expect, it } from 'vitest';
import { TimeRangeError } from './errors.ts';
import { boundsToTimeRange, formatTimeRangeBound, timeRangeLabel } from './format.ts';
import type { TimeBounds } from './timeRange.ts';
import { parseTimeDelta, shiftRange } from './timeShift.ts';

const at = (text: string) => new Date(`${text.length === 10 ? `${text}T00:00:00` : text}Z`);
const fmt = (bounds: TimeBounds) => [
  bounds.since && formatTimeRangeBound(bounds.since).replace('T00:00:00', ''),
  bounds.until && formatTimeRangeBound(bounds.until).replace('T00:00:00', ''),
];
const LAST_WEEK: TimeBounds = { since: at('2024-05-08'), until: at('2024-05-15') };

describe('shiftRange', () => {
  it.each([
    ['1 day ago', '2024-05-07', '2024-05-14'],
    ['1 week ago', '2024-05-01', '2024-05-08'],
    ['28 days ago', '2024-04-10', '2024-04-17'],
    ['30 days ago', '2024-04-08', '2024-04-15'],
    ['52 weeks ago', '2023-05-10', '2023-05-17'],
    ['1 year ago', '2023-05-08', '2023-05-15'],
    ['104 weeks ago', '2022-05-11', '2022-05-18'],
    ['2 years ago', '2022-05-08', '2022-05-15'],
    ['156 weeks ago', '2021-05-12', '2021-05-19'],
    ['3 years ago', '2021-05-08', '2021-05-15'],
    ['inherit', '2024-05-01', '2024-05-08'],
    ['1 quarter ago', '2024-02-08', '2024-02-15'],
    ['2 Months Ago', '2024-03-08', '2024-03-15'],
    ['1 year', '2023-05-08', '2023-05-15'],
    ['-1 year', '2023-05-08', '2023-05-15'],
    ['2 weeks later', '2024-05-22', '2024-05-29'],
    ['1 day from now', '2024-05-09', '2024-05-16'],
    ['12 hours ago', '2024-05-07T12:00:00', '2024-05-14T12:00:00'],
  ])('%s', (shift, since, until) => {
    expect(fmt(shiftRange(LAST_WEEK, shift))).toEqual([since, until]);
  });

  it('clamps month ends and leap days', () => {
    expect(fmt(shiftRange({ since: at('2024-03-31'), until: at('2024-04-30') }, '1 month ago'))).toEqual([
      '2024-02-29',
      '2024-03-30',
    ]);
    expect(fmt(shiftRange({ since: at('2024-02-29'), until: at('2024-03-01') }, '1 year ago'))).toEqual([
      '2023-02-28',
      '2023-03-01',
    ]);
  });

  it('keeps open bounds open and inherits whole days', () => {
    expect(fmt(shiftRange({ since: null, until: at('2024-05-15') }, '1 week ago'))).toEqual([
      null,
      '2024-05-08',
    ]);
    expect(
      fmt(shiftRange({ since: at('2024-05-01T00:00:00'), until: at('2024-05-03T12:00:00') }, 'inherit')),
    ).toEqual(['2024-04-29', '2024-05-01T12:00:00']);
  });

  it('replaces the bounds with a shift that is itself a range', () => {
    expect(fmt(shiftRange(LAST_WEEK, '2024-01-01 : 2024-02-01', { now: at('2024-05-15') }))).toEqual([
      '2024-01-01',
      '2024-02-01',
    ]);
  });

  it.each([
    ['inherit', { since: null, until: at('2024-05-15') }, 'open bound'],
    ['banana', LAST_WEEK, 'Time delta is ambiguous. Please specify [banana ago] or [banana later].'],
    ['3 fortnights ago', LAST_WEEK, "Unknown time unit 'fortnights'"],
    ['yesterday', LAST_WEEK, 'Time delta is ambiguous'],
  ])('refuses %j', (shift, bounds, message) => {
    expect(() => shiftRange(bounds, shift)).toThrow(TimeRangeError);
    expect(() => shiftRange(bounds, shift)).toThrow(message);
  });

  it('parses deltas', () => {
    expect(parseTimeDelta('52 weeks ago')).toEqual({ amount: -52, unit: 'week' });
    expect(parseTimeDelta('3 days later')).toEqual({ amount: 3, unit: 'day' });
  });
});

describe('formatting', () => {
  it('writes bounds as naive ISO without fraction', () => {
    expect(formatTimeRangeBound(new Date('2024-05-15T10:30:45.999Z'))).toBe('2024-05-15T10:30:45');
    expect(formatTimeRangeBound(new Date('0099-01-02T03:04:05Z'))).toBe('0099-01-02T03:04:05');
  });

  it.each([
    ['Last week', 'Last week'],
    ['No filter', 'No filter'],
    ['2024-01-01T00:00:00 : 2024-02-01T00:00:00', '2024-01-01 ≤ col < 2024-02-01'],
    ['2024-01-01T10:00:00 : ', '2024-01-01T10:00:00 ≤ col < ∞'],
    [' : today', '-∞ ≤ col < today'],
  ])('labels %j', (range, label) => {
    expect(timeRangeLabel(range)).toBe(label);
  });

  it('turns bounds back into a range string', () => {
    expect(boundsToTimeRange(LAST_WEEK)).toBe('2024-05-08T00:00:00 : 2024-05-15T00:00:00');
    expect(boundsToTimeRange({ since: null, until: null })).toBe('No filter');
    expect(boundsToTimeRange({ since: null, until: at('2024-05-15') })).toBe(' : 2024-05-15T00:00:00');
  });
});
