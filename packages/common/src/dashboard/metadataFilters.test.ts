import { describe, expect, it } from 'vitest';
import { nativeFilter } from '../filters/testFilters.ts';
import {
  chartConfigurationProblems,
  globalChartConfigurationProblems,
  nativeFilterProblems,
} from './metadataFilters.ts';
import { validateMetadata } from './metadataMigrate.ts';

describe('json_metadata filter checks', () => {
  it('accepts filters, dividers and cross-filter scoping in Superset shapes', () => {
    const region = nativeFilter('NATIVE_FILTER-region', 'filter_select');
    const city = nativeFilter('NATIVE_FILTER-city', 'filter_select', {
      cascadeParentIds: ['NATIVE_FILTER-region'],
    });
    expect(
      validateMetadata({
        native_filter_configuration: [
          region,
          city,
          { id: 'NATIVE_FILTER_DIVIDER-1', type: 'DIVIDER', title: 'Time', description: '' },
        ],
        chart_configuration: {
          '12': { id: 12, crossFilters: { scope: 'global', chartsInScope: [13] } },
          '13': {
            id: 13,
            crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [13] }, chartsInScope: [] },
          },
        },
        global_chart_configuration: {
          scope: { rootPath: ['ROOT_ID'], excluded: [] },
          chartsInScope: [12, 13],
        },
      }),
    ).toEqual([]);
    expect(globalChartConfigurationProblems({})).toEqual([]);
  });

  it('accepts a filter whose further targets map its column onto other datasets', () => {
    const mapped = nativeFilter('NATIVE_FILTER-country', 'filter_select', {
      targets: [
        { datasetId: 3, column: { name: 'country' } },
        { datasetId: 5, column: { name: 'country_code' } },
      ],
    });
    expect(nativeFilterProblems([mapped])).toEqual([]);
    expect(validateMetadata({ native_filter_configuration: [mapped] })).toEqual([]);
  });

  it('names the filter and the field of each problem in English', () => {
    const nameless = nativeFilter('NATIVE_FILTER-a', 'filter_select', { name: ' ' });
    const orphan = nativeFilter('NATIVE_FILTER-b', 'filter_select', {
      cascadeParentIds: ['NATIVE_FILTER-x'],
    });
    expect(nativeFilterProblems([nameless, orphan, { id: 'x' }])).toEqual([
      'NATIVE_FILTER-a name: Name is required',
      'x items: A filter must have an id and the type NATIVE_FILTER or DIVIDER',
      'NATIVE_FILTER-b cascadeParentIds: The parent filter does not exist',
    ]);
    expect(nativeFilterProblems({})).toEqual(['items: The filter configuration must be a list']);
    expect(validateMetadata({ native_filter_configuration: [nameless] })).toEqual([
      { field: 'native_filter_configuration', message: 'NATIVE_FILTER-a name: Name is required' },
    ]);
  });

  it('refuses cross-filter scoping of the wrong shape', () => {
    expect(
      chartConfigurationProblems({
        abc: {},
        '1': 'x',
        '2': { id: 3, crossFilters: { scope: 'everywhere', chartsInScope: ['a'] } },
        '4': { id: 4 },
      }),
    ).toEqual([
      '1: Not a valid mapping type.',
      '2: id must be the chart id 2',
      '2: crossFilters.scope must be "global" or {rootPath: [layout ids], excluded: [chart ids]}',
      '2: crossFilters.chartsInScope must be a list of chart ids',
      '4: crossFilters must be {scope, chartsInScope}',
      'abc: keys must be chart ids',
    ]);
    expect(chartConfigurationProblems([])).toEqual(['Not a valid mapping type.']);
    expect(
      globalChartConfigurationProblems({
        scope: { rootPath: 'ROOT_ID', excluded: [] },
        chartsInScope: [1.5],
      }),
    ).toEqual([
      'scope must be {rootPath: [layout ids], excluded: [chart ids]}',
      'chartsInScope must be a list of chart ids',
    ]);
  });
});
