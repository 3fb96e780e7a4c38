import { describe, expect, it } from 'vitest';
import { tabsLayout } from '../layout/testLayouts.ts';
import type { MaskContext } from './dataMask.ts';
import { appliedFilterCount, filterIndicatorsForChart } from './indicators.ts';
import { nativeFilter } from './testFilters.ts';

const country = nativeFilter('NATIVE_FILTER-country', 'filter_select', { name: 'Country' });
const grain = nativeFilter('NATIVE_FILTER-grain', 'filter_timegrain', {
  name: 'Grain',
  targets: [{ datasetId: 3 }],
});
const city = nativeFilter('NATIVE_FILTER-city', 'filter_select', {
  name: 'City',
  targets: [{ datasetId: 3, column: { name: 'city' } }],
});

const ctx: MaskContext = {
  filters: [country, grain, city],
  dataMask: {
    'NATIVE_FILTER-country': {
      extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['FR', 'DE'] }] },
      filterState: { value: ['FR', 'DE'] },
    },
    'NATIVE_FILTER-grain': {
      extraFormData: { time_grain_sqla: 'P1M' },
      filterState: { value: ['P1M'], label: 'Month' },
    },
    '2': {
      extraFormData: { filters: [{ col: 'region', op: 'IN', val: ['EU'] }] },
      filterState: { value: ['EU'], label: 'EU' },
    },
  },
  layout: tabsLayout(),
  crossFiltersEnabled: true,
};

describe('filterIndicatorsForChart', () => {
  it('lists the filters reaching the chart with their values and statuses', () => {
    const indicators = filterIndicatorsForChart(1, ctx, {
      applied_filters: [{ column: 'country' }, { column: 'region' }],
      rejected_filters: [{ column: '__time_grain', reason: 'no_temporal_column' }],
    });
    expect(indicators).toEqual([
      {
        id: 'NATIVE_FILTER-country',
        kind: 'nativeFilter',
        name: 'Country',
        column: 'country',
        value: 'FR, DE',
        status: 'applied',
      },
      {
        id: 'NATIVE_FILTER-grain',
        kind: 'nativeFilter',
        name: 'Grain',
        column: '__time_grain',
        value: 'Month',
        status: 'incompatible',
      },
      {
        id: 'NATIVE_FILTER-city',
        kind: 'nativeFilter',
        name: 'City',
        column: 'city',
        value: '',
        status: 'unset',
      },
      {
        id: '2',
        kind: 'crossFilter',
        name: 'Chart 2',
        column: 'region',
        value: 'EU',
        status: 'crossFilterApplied',
      },
    ]);
    expect(appliedFilterCount(indicators)).toBe(2);
  });

  it('leaves out filters on other datasets and the chart’s own cross-filter', () => {
    const indicators = filterIndicatorsForChart(2, { ...ctx, chartDatasets: { 2: 9 } });
    expect(indicators.map((entry) => entry.id)).toEqual(['NATIVE_FILTER-grain']);
  });
});
