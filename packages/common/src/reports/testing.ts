/** Test fixtures of dashboards as report forms read them (for common's and the web's tests). */

/** A value (select) filter on `column`, as json_metadata's native_filter_configuration stores it. */
export function selectFilterConfig(id: string, name: string, column: string): Record<string, unknown> {
  return {
    id,
    type: 'NATIVE_FILTER',
    name,
    filterType: 'filter_select',
    targets: [{ datasetId: 1, column: { name: column } }],
    controlValues: {},
    defaultDataMask: {},
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
  };
}
