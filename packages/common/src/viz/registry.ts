/**
 * The one registry of chart types: adding a chart type is one folder and one line in CHART_PLUGINS. The
 * VizType union is its keys, and everything else the app knows per type is derived from it
 * (chartRegistry.ts).
 */

import { plugin as bigNumber } from './bigNumber/index.ts';
import { plugin as bigNumberTotal } from './bigNumberTotal/index.ts';
import { plugin as boxPlot } from './boxPlot/index.ts';
import { createChartRegistry } from './chartRegistry.ts';
import { plugin as funnel } from './funnel/index.ts';
import { plugin as gauge } from './gauge/index.ts';
import { plugin as heatmap } from './heatmap/index.ts';
import { plugin as histogram } from './histogram/index.ts';
import { LEGACY_VIZ_TYPES } from './legacyVizTypes.ts';
import { plugin as mapbox } from './mapbox/index.ts';
import { plugin as mixedTimeseries } from './mixedTimeseries/index.ts';
import { plugin as pie } from './pie/index.ts';
import { plugin as pivotTable } from './pivotTable/index.ts';
import { plugin as popKpi } from './popKpi/index.ts';
import { plugin as sankey } from './sankey/index.ts';
import { plugin as sunburst } from './sunburst/index.ts';
import { plugin as table } from './table/index.ts';
import { plugin as timeseriesArea } from './timeseriesArea/index.ts';
import { plugin as timeseriesBar } from './timeseriesBar/index.ts';
import { plugin as timeseriesLine } from './timeseriesLine/index.ts';
import { plugin as timeseriesScatter } from './timeseriesScatter/index.ts';
import { plugin as timeseriesSmooth } from './timeseriesSmooth/index.ts';
import { plugin as treemap } from './treemap/index.ts';
import type { ChartPlugin } from './types.ts';
import { plugin as wordCloud } from './wordCloud/index.ts';

export const CHART_PLUGINS = {
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

export type VizType = keyof typeof CHART_PLUGINS;

export const chartRegistry = createChartRegistry(CHART_PLUGINS, LEGACY_VIZ_TYPES);

/** Chart types in gallery order. */
export const VIZ_TYPES = chartRegistry.vizTypes;
export const { isVizType, currentVizType, migrateSavedFormData } = chartRegistry;

export function chartPlugin(vizType: VizType): ChartPlugin {
  return CHART_PLUGINS[vizType];
}
