import {
  type ChartConfiguration,
  chartsInScope,
  type DashboardLayout,
  defaultFilterScope,
  type GlobalChartConfiguration,
  NATIVE_FILTER_PREFIX,
  type NativeFilter,
  SELECT_DEFAULTS,
  tabsInScope,
} from '@vitrina/common';

/**
 * The native filters and cross-filter scoping of the example dashboards, so a new user finds them
 * working at once: value filters on dimensions (a child narrows to its parent's selection), a time
 * range and a time grain, all over the whole dashboard; every chart's cross-filters reach the others.
 */

/** One filter of an example: a value filter names its column and, in a cascade, its parent's key. */
export type ExampleFilter =
  | { key: string; name: string; type: 'filter_select'; column: string; parent?: string }
  | { key: string; name: string; type: 'filter_time' | 'filter_timegrain' };

const filterId = (slug: string, key: string) => `${NATIVE_FILTER_PREFIX}${slug}-${key}`;

export function exampleNativeFilters(
  slug: string,
  filters: readonly ExampleFilter[],
  datasetId: number,
  layout: DashboardLayout,
): NativeFilter[] {
  const scope = defaultFilterScope();
  return filters.map((filter) => ({
    id: filterId(slug, filter.key),
    type: 'NATIVE_FILTER',
    name: filter.name,
    filterType: filter.type,
    targets:
      filter.type === 'filter_select'
        ? [{ datasetId, column: { name: filter.column } }]
        : filter.type === 'filter_timegrain'
          ? [{ datasetId }]
          : [{}],
    controlValues: filter.type === 'filter_select' ? { ...SELECT_DEFAULTS } : {},
    defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
    cascadeParentIds: filter.type === 'filter_select' && filter.parent ? [filterId(slug, filter.parent)] : [],
    scope,
    description: '',
    adhoc_filters: [],
    sortMetric: null,
    requiredFirst: false,
    chartsInScope: chartsInScope(layout, scope),
    tabsInScope: tabsInScope(layout, scope),
  }));
}

/** Cross-filters on: each chart's reach every other chart of the dashboard. */
export function exampleCrossFilters(chartIds: readonly number[]) {
  // A literal type (not the interface) so it also fits metadata's opaque Record<string, unknown>.
  const global = {
    scope: defaultFilterScope(),
    chartsInScope: [...chartIds],
  } satisfies GlobalChartConfiguration;
  const perChart: ChartConfiguration = Object.fromEntries(
    chartIds.map((id) => [
      String(id),
      {
        id,
        crossFilters: { scope: 'global' as const, chartsInScope: chartIds.filter((other) => other !== id) },
      },
    ]),
  );
  return { chart_configuration: perChart, global_chart_configuration: global };
}
