import { encodeNativeFiltersParam, NATIVE_FILTERS_URL_PARAM } from '@vitrina/common';
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

function search(map: Parameters<typeof encodeNativeFiltersParam>[0]): URLSearchParams {
  return new URLSearchParams({ [NATIVE_FILTERS_URL_PARAM]: encodeNativeFiltersParam(map) });
}

describe('the selection a dashboard opens with', () => {
  it("preselects the URL's values through the filter's own mask", () => {
    const masks = initialDataMask(dashboard, search({ [region.id]: { filterState: { value: ['East'] } } }));
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
    );
    expect(masks[region.id]?.extraFormData).not.toHaveProperty('adhoc_filters');
    expect(masks).not.toHaveProperty('NATIVE_FILTER-unknown');
  });

  it('opens with the defaults when the parameter cannot be read', () => {
    const masks = initialDataMask(dashboard, new URLSearchParams({ [NATIVE_FILTERS_URL_PARAM]: '(((' }));
    expect(masks[region.id]?.extraFormData).toEqual({});
  });
});
