import { describe, expect, it } from 'vitest';
import { QueryValidationError } from './errors.ts';
import { normalizeQueryObject } from './normalize.ts';
import {
  grainKey,
  joinTimeOffset,
  offsetPhrase,
  offsetQuery,
  timeOffsetLabel,
  xAxisOf,
} from './timeOffsets.ts';

const NOW = new Date('2024-06-15T12:00:00Z');
const axis = {
  label: 'month',
  sqlExpression: 'placed_at',
  expressionType: 'SQL',
  columnType: 'BASE_AXIS',
  timeGrain: 'P1M',
};

describe('offsetQuery', () => {
  it('shifts every TEMPORAL_RANGE filter back and clears offsets, post-processing and the row offset', () => {
    const query = normalizeQueryObject({
      columns: [axis, 'city'],
      metrics: ['count'],
      filters: [
        { col: 'placed_at', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-04-01' },
        { col: 'city', op: '==', val: 'Berlin' },
      ],
      time_offsets: ['1 year ago'],
      post_processing: [{ operation: 'flatten' }],
      row_limit: 100,
      row_offset: 20,
    });
    const shifted = offsetQuery(query, '1 year ago', { now: NOW });
    expect(shifted.filters[0]?.val).toBe('2023-01-01T00:00:00 : 2023-04-01T00:00:00');
    expect(shifted.filters[1]).toEqual(query.filters[1]);
    expect(shifted.time_offsets).toEqual([]);
    expect(shifted.post_processing).toEqual([]);
    expect(shifted.row_offset).toBe(0);
    expect(shifted.row_limit).toBe(120);
    // The main query is not changed.
    expect(query.filters[0]?.val).toBe('2024-01-01 : 2024-04-01');
  });

  it('shifts the legacy time_range and resolves relative ranges against now', () => {
    const query = normalizeQueryObject({
      is_timeseries: true,
      granularity: 'placed_at',
      time_range: 'Last week',
      metrics: ['count'],
    });
    const shifted = offsetQuery(query, '28 days ago', { now: NOW });
    expect(shifted.time_range).toBe('2024-05-11T00:00:00 : 2024-05-18T00:00:00');
  });

  it('reads inherit and a custom start date as days back from the range', () => {
    const outer = { since: new Date('2024-03-01T00:00:00Z'), until: new Date('2024-03-11T00:00:00Z') };
    expect(offsetPhrase('inherit', outer)).toBe('10 days ago');
    expect(offsetPhrase('2024-02-20', outer)).toBe('10 days ago');
    expect(offsetPhrase('1 week ago', outer)).toBe('1 week ago');
  });

  it('needs an enclosed time range, named as the time_offsets field', () => {
    const open = normalizeQueryObject({
      columns: [axis],
      metrics: ['count'],
      filters: [{ col: 'placed_at', op: 'TEMPORAL_RANGE', val: '2024-01-01 : ' }],
    });
    expect(() => offsetQuery(open, '1 year ago', { now: NOW })).toThrow(QueryValidationError);
    const none = normalizeQueryObject({ columns: [axis], metrics: ['count'] });
    expect(() => offsetQuery(none, '1 year ago', { now: NOW })).toThrow(/enclosed time range/);
  });
});

describe('grainKey', () => {
  it('keys months, quarters, years and weeks as strftime does; finer grains by the instant', () => {
    const t = Date.UTC(2024, 0, 8); // a Monday
    expect(grainKey(t, 'P1M')).toBe('2024-01');
    expect(grainKey(Date.UTC(2024, 7, 3), 'P3M')).toBe('2024-Q3');
    expect(grainKey(t, 'P1Y')).toBe('2024');
    expect(grainKey(t, 'P1W')).toBe('2024-W02');
    expect(grainKey(Date.UTC(2023, 0, 8), '1969-12-28T00:00:00Z/P1W')).toBe('2023-W02');
    expect(grainKey(t, 'P1D')).toBe(String(t));
    expect(grainKey(t, null)).toBe(String(t));
  });
});

describe('joinTimeOffset', () => {
  const month = (y: number, m: number) => Date.UTC(y, m - 1, 1);

  it('appends <metric>__<offset> matched by the moved x-axis and the series columns', () => {
    const main = {
      colnames: ['month', 'city', 'total'],
      records: [
        { month: month(2024, 1), city: 'Berlin', total: 10 },
        { month: month(2024, 1), city: 'Москва', total: 20 },
        { month: month(2024, 2), city: 'Berlin', total: 30 },
      ],
    };
    const shifted = {
      colnames: ['month', 'city', 'total'],
      records: [
        { month: month(2023, 1), city: 'Москва', total: 2 },
        { month: month(2023, 1), city: 'Berlin', total: 1 },
        { month: month(2023, 3), city: 'Berlin', total: 99 },
      ],
    };
    const joined = joinTimeOffset(main, shifted, {
      offset: '1 year ago',
      metrics: ['total'],
      xAxis: { label: 'month', grain: 'P1M' },
    });
    expect(joined.colnames).toEqual(['month', 'city', 'total', timeOffsetLabel('total', '1 year ago')]);
    expect(joined.records.map((r) => r['total__1 year ago'])).toEqual([1, 2, null]);
    expect(joined.records[0]).toMatchObject({ month: month(2024, 1), city: 'Berlin', total: 10 });
  });

  it('pairs weeks of the previous year by week number', () => {
    const main = { colnames: ['w', 'n'], records: [{ w: Date.UTC(2024, 0, 8), n: 5 }] };
    // 2024-01-08 a year back is Sunday 2023-01-08, in the week that began on Monday 2023-01-02.
    const shifted = { colnames: ['w', 'n'], records: [{ w: Date.UTC(2023, 0, 2), n: 3 }] };
    const joined = joinTimeOffset(main, shifted, {
      offset: '1 year ago',
      metrics: ['n'],
      xAxis: { label: 'w', grain: 'P1W' },
    });
    expect(joined.records[0]?.['n__1 year ago']).toBe(3);
  });

  it('pairs rows by position when the query has metrics only', () => {
    const joined = joinTimeOffset(
      { colnames: ['total'], records: [{ total: 10 }] },
      { colnames: ['total'], records: [{ total: 4 }] },
      { offset: '1 week ago', metrics: ['total'], xAxis: null },
    );
    expect(joined.records).toEqual([{ total: 10, 'total__1 week ago': 4 }]);
  });

  it('uses the run phrase for inherit offsets and keeps the sent name', () => {
    const main = { colnames: ['d', 'n'], records: [{ d: Date.UTC(2024, 2, 11), n: 1 }] };
    const shifted = { colnames: ['d', 'n'], records: [{ d: Date.UTC(2024, 2, 1), n: 7 }] };
    const joined = joinTimeOffset(main, shifted, {
      offset: 'inherit',
      phrase: '10 days ago',
      metrics: ['n'],
      xAxis: { label: 'd', grain: 'P1D' },
    });
    expect(joined.records[0]?.n__inherit).toBe(7);
  });

  it('finds the x-axis of a query', () => {
    const query = normalizeQueryObject({ columns: ['city', axis], metrics: ['count'] });
    expect(xAxisOf(query)).toEqual({ label: 'month', grain: 'P1M' });
    expect(xAxisOf(normalizeQueryObject({ columns: ['city'], metrics: ['count'] }))).toBeNull();
  });
});
