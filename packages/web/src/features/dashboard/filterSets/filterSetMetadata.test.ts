import { crossFilterMask, type FilterConfigItem } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import type { FilterSet } from './api.ts';
import {
  appliedSelection,
  filterSetDataMask,
  filterSetMetadata,
  isFilterSetApplied,
} from './filterSetMetadata.ts';

const filter = (id: string) =>
  ({
    id,
    type: 'NATIVE_FILTER',
    name: id,
    filterType: 'filter_select',
    targets: [{ datasetId: 1, column: { name: 'region' } }],
    controlValues: {},
    defaultDataMask: {},
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
  }) as FilterConfigItem;

const east = {
  extraFormData: { filters: [{ col: 'region', op: 'IN' as const, val: ['East'] }] },
  filterState: { value: ['East'] },
};
const filters = [
  filter('NATIVE_FILTER-a'),
  filter('NATIVE_FILTER-b'),
  { id: 'D', type: 'DIVIDER', title: '', description: '' } as FilterConfigItem,
];

function set(json: string): FilterSet {
  return {
    id: 1,
    name: 'East',
    description: null,
    json_metadata: json,
    params: JSON.parse(json),
    dashboard_id: 7,
    owner_type: 'Dashboard',
    owner_id: 7,
    is_primary: false,
    created_on: '2026-01-01T00:00:00',
    changed_on: '2026-01-01T00:00:00',
    created_by: null,
    changed_by: null,
  };
}

describe('filter set metadata', () => {
  it('keeps the native filters and their masks, not the cross-filters', () => {
    const json = filterSetMetadata(filters, {
      'NATIVE_FILTER-a': east,
      '12': crossFilterMask('city', ['Omsk']),
    });
    const parsed = JSON.parse(json);
    expect(Object.keys(parsed.nativeFilters)).toEqual(['NATIVE_FILTER-a', 'NATIVE_FILTER-b']);
    expect(parsed.dataMask).toEqual({ 'NATIVE_FILTER-a': east });
  });

  it('applies its masks, clears the filters it does not name and keeps the cross-filters', () => {
    const saved = set(filterSetMetadata(filters, { 'NATIVE_FILTER-a': east, 'NATIVE_FILTER-gone': east }));
    const cross = crossFilterMask('city', ['Omsk']);
    const next = appliedSelection(saved, filters, { 'NATIVE_FILTER-b': east, '12': cross });
    expect(next['NATIVE_FILTER-a']).toMatchObject({
      id: 'NATIVE_FILTER-a',
      extraFormData: east.extraFormData,
      filterState: { value: east.filterState?.value },
    });
    expect(next['NATIVE_FILTER-b']?.extraFormData).toEqual({});
    expect(next['12']).toBe(cross);
    expect(filterSetDataMask(saved, filters)).not.toHaveProperty('NATIVE_FILTER-gone');
  });

  it('rebuilds a stored selection from its values: SQL slipped into a set is not applied', () => {
    const crafted = {
      ...east,
      extraFormData: {
        ...east.extraFormData,
        adhoc_filters: [{ expressionType: 'SQL' as const, clause: 'WHERE' as const, sqlExpression: '1=1' }],
      },
    };
    const saved = set(JSON.stringify({ nativeFilters: {}, dataMask: { 'NATIVE_FILTER-a': crafted } }));
    const applied = filterSetDataMask(saved, filters)['NATIVE_FILTER-a'];
    expect(applied?.extraFormData).toEqual(east.extraFormData);
    expect(applied?.extraFormData).not.toHaveProperty('adhoc_filters');
  });

  it('tells whether the applied selection is the set', () => {
    const saved = set(filterSetMetadata(filters, { 'NATIVE_FILTER-a': east }));
    expect(
      isFilterSetApplied(saved, filters, { 'NATIVE_FILTER-a': { ...east, id: 'NATIVE_FILTER-a' } }),
    ).toBe(true);
    expect(isFilterSetApplied(saved, filters, {})).toBe(false);
  });
});
