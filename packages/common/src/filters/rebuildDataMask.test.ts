import { describe, expect, it } from 'vitest';
import { rebuildDataMask } from './rebuildDataMask.ts';
import { nativeFilter } from './testFilters.ts';
import type { DataMaskMap } from './types.ts';

const country = nativeFilter('NATIVE_FILTER-country', 'filter_select');
const time = nativeFilter('NATIVE_FILTER-time', 'filter_time', { targets: [{}] });

describe('rebuildDataMask', () => {
  it("remakes each native filter's mask from its value, ignoring the extra form data sent", () => {
    const map: DataMaskMap = {
      'NATIVE_FILTER-country': {
        extraFormData: {
          adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'pg_sleep(10)' }],
        },
        filterState: { value: ['FR'] },
        ownState: { search: 'F' },
      },
      'NATIVE_FILTER-time': { filterState: { value: 'Last week' } },
      'NATIVE_FILTER-gone': { filterState: { value: ['x'] } },
    };
    expect(rebuildDataMask(map, [country, time])).toEqual({
      'NATIVE_FILTER-country': {
        id: 'NATIVE_FILTER-country',
        extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['FR'] }] },
        filterState: { value: ['FR'], label: 'FR' },
        ownState: { search: 'F' },
      },
      'NATIVE_FILTER-time': {
        id: 'NATIVE_FILTER-time',
        extraFormData: { time_range: 'Last week' },
        filterState: { value: 'Last week', label: 'Last week' },
      },
    });
  });

  it('keeps only well-formed column filters of cross-filters, and none when they are off', () => {
    const map = {
      '12': {
        extraFormData: {
          filters: [
            { col: 'region', op: 'IN', val: ['EU'] },
            { col: { sqlExpression: '1=1' }, op: 'IN', val: [] },
            { col: 'x', op: 'DROP', val: 1 },
          ],
        },
        filterState: { value: ['EU'] },
      },
      '13': { extraFormData: { filters: [] } },
    } as unknown as DataMaskMap;
    expect(rebuildDataMask(map, [])).toEqual({
      '12': {
        id: 12,
        extraFormData: { filters: [{ col: 'region', op: 'IN', val: ['EU'] }] },
        filterState: { value: ['EU'] },
      },
    });
    expect(rebuildDataMask(map, [], { crossFiltersEnabled: false })).toEqual({});
  });
});
