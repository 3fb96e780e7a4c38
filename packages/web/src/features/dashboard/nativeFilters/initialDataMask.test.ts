import {
  encodeNativeFiltersParam,
  NATIVE_FILTERS_URL_PARAM,
  PRESELECT_FILTERS_URL_PARAM,
  parseLayout,
  readDashboardUrlParams,
} from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { initialDataMask } from './initialDataMask.ts';

const region = {
  id: 'NATIVE_FILTER-region',
  type: 'NATIVE_FILTER',
  name: 'Region',
  filterType: 'filter_select',
  targets: [{ datasetId: 1, column: { name: 'region' } }],
  controlValues: { multiSelect: true },
  defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
};
const dashboard = { json_metadata: JSON.stringify({ native_filter_configuration: [region] }) };
/** Charts 1 and 2 on dataset 1 (the filters'), chart 3 on dataset 2. */
const layout = parseLayout(null, [
  { id: 1, slice_name: 'Sales' },
  { id: 2, slice_name: 'Orders' },
  { id: 3, slice_name: 'Stock' },
]);
const sources = {
  layout,
  chartDatasets: new Map([
    [1, 1],
    [2, 1],
    [3, 2],
  ]),
};

function search(map: Parameters<typeof encodeNativeFiltersParam>[0]): URLSearchParams {
  return new URLSearchParams({ [NATIVE_FILTERS_URL_PARAM]: encodeNativeFiltersParam(map) });
}

describe('the selection a dashboard opens with', () => {
  it("preselects the URL's values through the filter's own mask", () => {
    const masks = initialDataMask(
      dashboard,
      search({ [region.id]: { filterState: { value: ['East'] } } }),
      sources,
    );
    expect(masks[region.id]?.extraFormData?.filters).toEqual([{ col: 'region', op: 'IN', val: ['East'] }]);
  });

  it('drops what a crafted link adds besides the values: SQL, unknown filters', () => {
    const masks = initialDataMask(
      dashboard,
      search({
        [region.id]: {
          filterState: { value: ['East'] },
          extraFormData: {
            adhoc_filters: [
              { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'pg_sleep(10) IS NULL' },
            ],
          },
        },
        'NATIVE_FILTER-unknown': { extraFormData: { filters: [{ col: 'x', op: '==', val: 1 }] } },
      }),
      sources,
    );
    expect(masks[region.id]?.extraFormData).not.toHaveProperty('adhoc_filters');
    expect(masks).not.toHaveProperty('NATIVE_FILTER-unknown');
  });

  it('opens with the defaults when the parameter cannot be read', () => {
    const masks = initialDataMask(
      dashboard,
      new URLSearchParams({ [NATIVE_FILTERS_URL_PARAM]: '(((' }),
      sources,
    );
    expect(masks[region.id]?.extraFormData).toEqual({});
  });

  it("opens with a permalink's selection over the URL's, rebuilt from the filter's value", () => {
    const city = {
      ...region,
      id: 'NATIVE_FILTER-city',
      name: 'City',
      targets: [{ datasetId: 1, column: { name: 'city' } }],
    };
    const withCity = { json_metadata: JSON.stringify({ native_filter_configuration: [region, city] }) };
    const masks = initialDataMask(withCity, search({ [region.id]: { filterState: { value: ['West'] } } }), {
      ...sources,
      restored: {
        [region.id]: {
          filterState: { value: ['East'] },
          extraFormData: {
            adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: '1=1' }],
          },
        },
        'NATIVE_FILTER-unknown': { extraFormData: { filters: [{ col: 'x', op: '==', val: 1 }] } },
      },
    });
    expect(masks[region.id]?.extraFormData).toEqual({
      filters: [{ col: 'region', op: 'IN', val: ['East'] }],
    });
    expect(masks).not.toHaveProperty('NATIVE_FILTER-unknown');
    // A filter the permalink does not name (added after the link was made) keeps its default.
    expect(masks[city.id]?.extraFormData).toEqual({});
  });

  describe('preselect_filters', () => {
    const city = {
      ...region,
      id: 'NATIVE_FILTER-city',
      name: 'City',
      targets: [{ datasetId: 1, column: { name: 'city' } }],
      defaultDataMask: { filterState: { value: ['Paris'] } },
      // City filters every chart but chart 2.
      scope: { rootPath: ['ROOT_ID'], excluded: [2] },
    };
    const withCity = { json_metadata: JSON.stringify({ native_filter_configuration: [region, city] }) };
    const preselect = (value: unknown, extra: Record<string, string> = {}) =>
      new URLSearchParams({ [PRESELECT_FILTERS_URL_PARAM]: JSON.stringify(value), ...extra });

    it('preselects the filters on the column whose scope holds the chart, over their defaults', () => {
      const masks = initialDataMask(
        withCity,
        preselect({ 1: { region: ['East', 'West'], city: 'Lyon' } }),
        sources,
      );
      expect(masks[region.id]?.extraFormData?.filters).toEqual([
        { col: 'region', op: 'IN', val: ['East', 'West'] },
      ]);
      expect(masks[city.id]?.extraFormData?.filters).toEqual([{ col: 'city', op: 'IN', val: ['Lyon'] }]);
    });

    it('leaves a filter alone when the chart is out of its scope or on another dataset', () => {
      const masks = initialDataMask(
        withCity,
        preselect({ 2: { city: ['Lyon'] }, 3: { region: ['East'] } }),
        sources,
      );
      expect(masks[city.id]?.filterState?.value).toEqual(['Paris']);
      expect(masks[region.id]?.extraFormData).toEqual({});
    });

    it('ranks below the native_filters parameter and the permalink', () => {
      const url = preselect(
        { 1: { region: ['North'], city: ['Lyon'] } },
        {
          [NATIVE_FILTERS_URL_PARAM]: encodeNativeFiltersParam({
            [region.id]: { filterState: { value: ['West'] } },
          }),
        },
      );
      const fromUrl = initialDataMask(withCity, url, sources);
      expect(fromUrl[region.id]?.filterState?.value).toEqual(['West']);
      expect(fromUrl[city.id]?.filterState?.value).toEqual(['Lyon']);
      const restored = initialDataMask(withCity, url, {
        ...sources,
        restored: { [city.id]: { filterState: { value: ['Nice'] } } },
      });
      expect(restored[city.id]?.filterState?.value).toEqual(['Nice']);
      expect(restored[region.id]?.filterState?.value).toEqual(['West']);
    });

    it('keeps only legal values from a crafted link', () => {
      const masks = initialDataMask(
        withCity,
        preselect({
          1: {
            region: ["East' OR '1'='1", { expressionType: 'SQL', sqlExpression: 'pg_sleep(10) IS NULL' }],
            'region OR 1=1': ['x'],
          },
        }),
        sources,
      );
      expect(masks[region.id]?.extraFormData).toEqual({
        filters: [{ col: 'region', op: 'IN', val: ["East' OR '1'='1"] }],
      });
      expect(Object.keys(masks).sort()).toEqual([city.id, region.id].sort());
    });

    it('applies the readable entries when others fail, and the page learns why', () => {
      const url = preselect({ abc: { region: ['East'] }, 1: { region: ['West'] } });
      const masks = initialDataMask(withCity, url, sources);
      expect(masks[region.id]?.filterState?.value).toEqual(['West']);
      const { errors } = readDashboardUrlParams(url).preselectFilters;
      expect(errors.map((error) => error.messageKey)).toEqual(['nativeFilters.errors.invalidFilterKey']);
    });

    it('opens with the defaults when the JSON is malformed', () => {
      const url = new URLSearchParams({ [PRESELECT_FILTERS_URL_PARAM]: '{"1": {"region": ["East"]' });
      const masks = initialDataMask(withCity, url, sources);
      expect(masks[region.id]?.extraFormData).toEqual({});
      expect(masks[city.id]?.filterState?.value).toEqual(['Paris']);
      expect(readDashboardUrlParams(url).preselectFilters.errors.map((error) => error.messageKey)).toEqual([
        'nativeFilters.errors.invalidPreselectFilters',
      ]);
    });
  });
});
