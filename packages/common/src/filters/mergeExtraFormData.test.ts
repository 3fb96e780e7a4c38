import { describe, expect, it } from 'vitest';
import { isEmptyExtraFormData, mergeExtraFormData } from './mergeExtraFormData.ts';

describe('mergeExtraFormData', () => {
  it('appends filters and adhoc filters and lets the later mask override time fields', () => {
    const sql = { expressionType: 'SQL' as const, clause: 'WHERE' as const, sqlExpression: '1 = 0' };
    expect(
      mergeExtraFormData(
        { filters: [{ col: 'a', op: 'IN', val: [1] }], time_range: 'Last week', granularity_sqla: 'ds' },
        { filters: [{ col: 'b', op: '>=', val: 2 }], adhoc_filters: [sql], time_range: 'Last month' },
      ),
    ).toEqual({
      filters: [
        { col: 'a', op: 'IN', val: [1] },
        { col: 'b', op: '>=', val: 2 },
      ],
      adhoc_filters: [sql],
      time_range: 'Last month',
      granularity_sqla: 'ds',
    });
  });

  it('gives an empty object for nothing', () => {
    expect(mergeExtraFormData(undefined, {})).toEqual({});
  });
});

describe('isEmptyExtraFormData', () => {
  it('tells masks that filter nothing', () => {
    expect(isEmptyExtraFormData(undefined)).toBe(true);
    expect(isEmptyExtraFormData({ filters: [] })).toBe(true);
    expect(isEmptyExtraFormData({ time_grain_sqla: 'P1D' })).toBe(false);
  });
});
