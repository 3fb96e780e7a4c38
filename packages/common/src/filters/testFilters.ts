/** Filters for the filter tests. */
import type { FilterType, NativeFilter } from './types.ts';

export function nativeFilter(
  id: string,
  filterType: FilterType,
  overrides: Partial<NativeFilter> = {},
): NativeFilter {
  return {
    id,
    type: 'NATIVE_FILTER',
    name: id,
    filterType,
    targets: [{ datasetId: 3, column: { name: 'country' } }],
    controlValues: {},
    defaultDataMask: {},
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
    ...overrides,
  };
}
