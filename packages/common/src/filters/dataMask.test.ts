import { describe, expect, it } from 'vitest';
import { tabsLayout } from '../layout/testLayouts.ts';
import { applyExtraFormData, defaultDataMask, extraFormDataForChart, type MaskContext } from './dataMask.ts';
import { nativeFilter } from './testFilters.ts';
import type { FilterDivider } from './types.ts';

const country = nativeFilter('NATIVE_FILTER-country', 'filter_select');
const range = nativeFilter('NATIVE_FILTER-time', 'filter_time', {
  targets: [{}],
  scope: { rootPath: ['ROOT_ID'], excluded: [2] },
});
const divider: FilterDivider = {
  id: 'NATIVE_FILTER_DIVIDER-1',
  type: 'DIVIDER',
  title: 'Section',
  description: '',
};

function context(overrides: Partial<MaskContext> = {}): MaskContext {
  return {
    filters: [divider, country, range],
    dataMask: {
      'NATIVE_FILTER-country': { extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['FR'] }] } },
      'NATIVE_FILTER-time': { extraFormData: { time_range: 'Last week' } },
    },
    layout: tabsLayout(),
    crossFiltersEnabled: true,
    ...overrides,
  };
}

describe('extraFormDataForChart', () => {
  it('merges the masks of the native filters whose scope holds the chart', () => {
    expect(extraFormDataForChart(1, context())).toEqual({
      extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['FR'] }], time_range: 'Last week' },
      appliedFilterIds: ['NATIVE_FILTER-country', 'NATIVE_FILTER-time'],
    });
  });

  it('leaves out a filter that excludes the chart', () => {
    expect(extraFormDataForChart(2, context())).toEqual({
      extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['FR'] }] },
      appliedFilterIds: ['NATIVE_FILTER-country'],
    });
  });

  it('skips filters without a selection', () => {
    const ctx = context({ dataMask: { 'NATIVE_FILTER-country': { extraFormData: {} } } });
    expect(extraFormDataForChart(1, ctx)).toEqual({ extraFormData: {}, appliedFilterIds: [] });
  });

  it('applies a column filter only to charts of its dataset, and the time range to any', () => {
    const ctx = context({ chartDatasets: { 1: 3, 2: 7 } });
    expect(extraFormDataForChart(1, ctx).appliedFilterIds).toEqual([
      'NATIVE_FILTER-country',
      'NATIVE_FILTER-time',
    ]);
    const other = context({ chartDatasets: { 1: 7 } });
    expect(extraFormDataForChart(1, other)).toEqual({
      extraFormData: { time_range: 'Last week' },
      appliedFilterIds: ['NATIVE_FILTER-time'],
    });
  });

  it('maps the column for another dataset listed among the targets', () => {
    const mapped = nativeFilter('NATIVE_FILTER-country', 'filter_select', {
      targets: [
        { datasetId: 3, column: { name: 'country' } },
        { datasetId: 7, column: { name: 'country_code' } },
      ],
    });
    const ctx = context({ filters: [mapped], chartDatasets: { 1: 7, 2: 3 } });
    expect(extraFormDataForChart(1, ctx)).toEqual({
      extraFormData: { filters: [{ col: 'country_code', op: 'IN', val: ['FR'] }] },
      appliedFilterIds: ['NATIVE_FILTER-country'],
    });
    // The chart of the filter's own dataset keeps the own column; one of an unmapped dataset gets nothing.
    expect(extraFormDataForChart(2, ctx).extraFormData).toEqual({
      filters: [{ col: 'country', op: 'IN', val: ['FR'] }],
    });
    expect(extraFormDataForChart(2, { ...ctx, chartDatasets: { 2: 9 } }).appliedFilterIds).toEqual([]);
  });

  it('adds the cross-filters of other charts whose scope holds the chart', () => {
    const dataMask = {
      '2': { extraFormData: { filters: [{ col: 'city', op: 'IN' as const, val: ['Paris'] }] } },
    };
    const ctx = context({ filters: [], dataMask });
    expect(extraFormDataForChart(1, ctx)).toEqual({
      extraFormData: { filters: [{ col: 'city', op: 'IN', val: ['Paris'] }] },
      appliedFilterIds: ['2'],
    });
    // A chart never filters itself, and nothing applies with cross-filters off.
    expect(extraFormDataForChart(2, ctx).appliedFilterIds).toEqual([]);
    expect(extraFormDataForChart(1, { ...ctx, crossFiltersEnabled: false }).appliedFilterIds).toEqual([]);
  });

  it('reaches a chart the layout does not place when the scope is the whole dashboard', () => {
    expect(extraFormDataForChart(42, context()).appliedFilterIds).toEqual([
      'NATIVE_FILTER-country',
      'NATIVE_FILTER-time',
    ]);
  });

  it('follows the chart configuration of a cross-filter', () => {
    const dataMask = {
      '2': { extraFormData: { filters: [{ col: 'city', op: 'IN' as const, val: ['Paris'] }] } },
    };
    const chartConfiguration = {
      '2': { id: 2, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [1] }, chartsInScope: [] } },
    };
    expect(
      extraFormDataForChart(1, context({ filters: [], dataMask, chartConfiguration })).appliedFilterIds,
    ).toEqual([]);
  });
});

describe('applyExtraFormData', () => {
  it('attaches the extra form data, merged with any the form data has already', () => {
    const formData = {
      datasource: '3__table',
      viz_type: 'pie' as const,
      extra_form_data: { filters: [{ col: 'a', op: '==' as const, val: 1 }], time_grain_sqla: 'P1D' },
    };
    expect(
      applyExtraFormData(formData, { filters: [{ col: 'b', op: '==', val: 2 }], time_grain_sqla: 'P1M' }),
    ).toEqual({
      datasource: '3__table',
      viz_type: 'pie',
      extra_form_data: {
        filters: [
          { col: 'a', op: '==', val: 1 },
          { col: 'b', op: '==', val: 2 },
        ],
        time_grain_sqla: 'P1M',
      },
    });
  });
});

describe('defaultDataMask', () => {
  it('maps every native filter to its default mask and skips dividers', () => {
    const withDefault = nativeFilter('NATIVE_FILTER-a', 'filter_select', {
      defaultDataMask: {
        extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['FR'] }] },
        filterState: { value: ['FR'] },
      },
    });
    expect(defaultDataMask([divider, withDefault, range])).toEqual({
      'NATIVE_FILTER-a': {
        id: 'NATIVE_FILTER-a',
        extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['FR'] }] },
        filterState: { value: ['FR'] },
        ownState: {},
      },
      'NATIVE_FILTER-time': { id: 'NATIVE_FILTER-time', extraFormData: {}, filterState: {}, ownState: {} },
    });
  });

  it('makes the extra form data of a default that stores only its value', () => {
    const valueOnly = nativeFilter('NATIVE_FILTER-g', 'filter_timegrain', {
      defaultDataMask: { filterState: { value: ['P1M'] } },
    });
    expect(defaultDataMask([valueOnly])['NATIVE_FILTER-g']?.extraFormData).toEqual({
      time_grain_sqla: 'P1M',
    });
  });
});
