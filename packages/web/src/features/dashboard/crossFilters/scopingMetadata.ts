import {
  type ChartConfiguration,
  chartsInScope,
  crossFilterScope,
  type DashboardLayout,
  type DashboardMetadata,
  defaultFilterScope,
  type FilterScope,
  type GlobalChartConfiguration,
} from '@vitrina/common';

function chartConfigurationOf(metadata: DashboardMetadata): ChartConfiguration {
  return (metadata.chart_configuration ?? {}) as ChartConfiguration;
}

/** The dashboard's global cross-filter scope (every chart when none is stored). */
export function globalScopeOf(metadata: DashboardMetadata): FilterScope {
  const global = metadata.global_chart_configuration as GlobalChartConfiguration | undefined;
  return global?.scope ?? defaultFilterScope();
}

/** A chart's own cross-filter scope, or 'global' when it follows the dashboard's. */
export function chartScopeOf(metadata: DashboardMetadata, chartId: number): 'global' | FilterScope {
  return chartConfigurationOf(metadata)[String(chartId)]?.crossFilters.scope ?? 'global';
}

/** Recomputes every stored chart's `chartsInScope` (kept for Superset) against the layout. */
function withChartsInScope(
  configuration: ChartConfiguration,
  global: GlobalChartConfiguration,
  layout: DashboardLayout,
): ChartConfiguration {
  const next: ChartConfiguration = {};
  for (const [key, entry] of Object.entries(configuration)) {
    next[key] = {
      ...entry,
      crossFilters: {
        scope: entry.crossFilters.scope,
        chartsInScope: crossFilterScope(entry.id, configuration, global, layout),
      },
    };
  }
  return next;
}

/** The metadata with one chart's cross-filter scope set (json_metadata.chart_configuration). */
export function withChartScoping(
  metadata: DashboardMetadata,
  layout: DashboardLayout,
  chartId: number,
  scope: 'global' | FilterScope,
): DashboardMetadata {
  const global = {
    scope: globalScopeOf(metadata),
    chartsInScope: chartsInScope(layout, globalScopeOf(metadata)),
  };
  const configuration: ChartConfiguration = {
    ...chartConfigurationOf(metadata),
    [String(chartId)]: { id: chartId, crossFilters: { scope, chartsInScope: [] } },
  };
  return {
    ...metadata,
    global_chart_configuration: global as unknown as Record<string, unknown>,
    chart_configuration: withChartsInScope(configuration, global, layout) as unknown as Record<
      string,
      unknown
    >,
  };
}

/** The metadata with the dashboard's default cross-filter scope set (global_chart_configuration). */
export function withGlobalScoping(
  metadata: DashboardMetadata,
  layout: DashboardLayout,
  scope: FilterScope,
): DashboardMetadata {
  const global: GlobalChartConfiguration = { scope, chartsInScope: chartsInScope(layout, scope) };
  return {
    ...metadata,
    global_chart_configuration: global as unknown as Record<string, unknown>,
    chart_configuration: withChartsInScope(
      chartConfigurationOf(metadata),
      global,
      layout,
    ) as unknown as Record<string, unknown>,
  };
}
