import type { ChartDataResult } from '@vitrina/common';
import type { FilterConfigItem } from '@vitrina/common/filters/types';
import { describe, expect, it } from 'vitest';
import { appliedFilterRows } from './appliedFilters.ts';

const filter = (id: string, name: string, column: string, filterType = 'filter_select'): FilterConfigItem =>
  ({
    id,
    type: 'NATIVE_FILTER',
    name,
    filterType,
    targets: [{ datasetId: 1, column: { name: column } }],
    controlValues: {},
    defaultDataMask: {},
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
  }) as FilterConfigItem;

const items = [
  filter('F-1', 'Region', 'region'),
  filter('F-2', 'Period', '', 'filter_time'),
  filter('F-3', 'Foo', 'foo'),
];
const response = [
  {
    applied_filters: [{ column: 'region' }, { column: '__time_range' }],
    rejected_filters: [{ column: 'foo', reason: 'not_in_datasource' }],
  },
] as unknown as ChartDataResult[];

describe('applied filters of a chart', () => {
  it('reads applied and rejected from the data response', () => {
    const rows = appliedFilterRows(['F-1', 'F-2', 'F-3', '12'], items, response, (id) => `Chart ${id}`);
    expect(rows).toEqual([
      { id: 'F-1', name: 'Region', status: 'applied' },
      { id: 'F-2', name: 'Period', status: 'applied' },
      { id: 'F-3', name: 'Foo', status: 'rejected', reason: 'not_in_datasource' },
      { id: '12', name: 'Chart 12', status: 'applied' },
    ]);
  });

  it('is pending before the response', () => {
    expect(appliedFilterRows(['F-1'], items, null, String)[0]?.status).toBe('pending');
  });
});
