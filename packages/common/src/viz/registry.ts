/**
 * The one registry of chart types: adding a chart type is one folder and one line in CHART_TYPES. The
 * VizType union is its keys, and everything else the app knows per type is derived from it
 * (chartRegistry.ts). What it holds of each type is light (names, metadata, migrate, texts); a type's
 * code (controls, query building, drawing) loads with loadChartPlugin, one chunk per type in the web
 * app, so a dashboard downloads only the types it draws.
 */
import { chartType as bigNumber } from './bigNumber/type.ts';
import { chartType as bigNumberTotal } from './bigNumberTotal/type.ts';
import { chartType as boxPlot } from './boxPlot/type.ts';
import { createChartRegistry } from './chartRegistry.ts';
import { chartType as funnel } from './funnel/type.ts';
import { chartType as gauge } from './gauge/type.ts';
import { chartType as heatmap } from './heatmap/type.ts';
import { chartType as histogram } from './histogram/type.ts';
import { LEGACY_VIZ_TYPES } from './legacyVizTypes.ts';
import { chartType as mapbox } from './mapbox/type.ts';
import { chartType as mixedTimeseries } from './mixedTimeseries/type.ts';
import { chartType as pie } from './pie/type.ts';
import { chartType as pivotTable } from './pivotTable/type.ts';
import { chartType as popKpi } from './popKpi/type.ts';
import { chartType as sankey } from './sankey/type.ts';
import { chartType as sunburst } from './sunburst/type.ts';
import { chartType as table } from './table/type.ts';
import { chartType as timeseriesArea } from './timeseriesArea/type.ts';
import { chartType as timeseriesBar } from './timeseriesBar/type.ts';
import { chartType as timeseriesLine } from './timeseriesLine/type.ts';
import { chartType as timeseriesScatter } from './timeseriesScatter/type.ts';
import { chartType as timeseriesSmooth } from './timeseriesSmooth/type.ts';
import { chartType as treemap } from './treemap/type.ts';
import type { ChartPlugin } from './types.ts';
import { chartType as wordCloud } from './wordCloud/type.ts';

export const CHART_TYPES = {
  table,
  pivot_table_v2: pivotTable,
  big_number_total: bigNumberTotal,
  big_number: bigNumber,
  pop_kpi: popKpi,
  echarts_timeseries_line: timeseriesLine,
  echarts_timeseries_bar: timeseriesBar,
  echarts_area: timeseriesArea,
  echarts_timeseries_scatter: timeseriesScatter,
  echarts_timeseries_smooth: timeseriesSmooth,
  mixed_timeseries: mixedTimeseries,
  pie,
  funnel,
  gauge_chart: gauge,
  heatmap_v2: heatmap,
  histogram_v2: histogram,
  box_plot: boxPlot,
  treemap_v2: treemap,
  sunburst_v2: sunburst,
  sankey_v2: sankey,
  word_cloud: wordCloud,
  mapbox,
};

export type VizType = keyof typeof CHART_TYPES;

export const chartRegistry = createChartRegistry(CHART_TYPES, LEGACY_VIZ_TYPES);

/** Chart types in gallery order. */
export const VIZ_TYPES = chartRegistry.vizTypes;
export const { isVizType, currentVizType, migrateSavedFormData } = chartRegistry;

export type ChartPlugins = Record<VizType, ChartPlugin>;

const loaded = new Map<VizType, ChartPlugin>();
const loading = new Map<VizType, Promise<ChartPlugin>>();

/** A type's code, downloaded once on first use; a failed download is tried again on the next call. */
export function loadChartPlugin<T extends VizType>(vizType: T): Promise<ChartPlugin<T>> {
  let plugin = loading.get(vizType);
  if (!plugin) {
    plugin = CHART_TYPES[vizType].load().then((code: ChartPlugin) => {
      loaded.set(vizType, code);
      return code;
    });
    plugin.catch(() => loading.delete(vizType));
    loading.set(vizType, plugin);
  }
  return plugin as Promise<ChartPlugin<T>>;
}

/** A type's code when it has loaded already (drawing without a frame's wait); undefined before. */
export function loadedChartPlugin<T extends VizType>(vizType: T): ChartPlugin<T> | undefined {
  return loaded.get(vizType) as ChartPlugin<T> | undefined;
}

/** Every type's code: the server, explore and tests, which may use any type. */
export async function loadAllChartPlugins(): Promise<ChartPlugins> {
  const plugins = await Promise.all(VIZ_TYPES.map((vizType) => loadChartPlugin(vizType)));
  return Object.fromEntries(plugins.map((plugin) => [plugin.vizType, plugin])) as ChartPlugins;
}
