/**
 * Superset's older chart types and the type of ours that takes over their saved charts. The form data of
 * such a chart keeps its old `viz_type` while the new type's migrate runs (migrate recognises the legacy
 * keys), and gets the new name afterwards (registry.ts: currentVizType, migrateSavedFormData).
 */
import type { VizType } from './types.ts';

export const LEGACY_VIZ_TYPES: Readonly<Record<string, VizType>> = {
  line: 'echarts_timeseries_line',
  echarts_timeseries: 'echarts_timeseries_line',
  compare: 'echarts_timeseries_line',
  time_pivot: 'echarts_timeseries_line',
  bar: 'echarts_timeseries_bar',
  dist_bar: 'echarts_timeseries_bar',
  area: 'echarts_area',
  dual_line: 'mixed_timeseries',
  line_multi: 'mixed_timeseries',
  pivot_table: 'pivot_table_v2',
  heatmap: 'heatmap_v2',
  histogram: 'histogram_v2',
  sankey: 'sankey_v2',
  treemap: 'treemap_v2',
  sunburst: 'sunburst_v2',
};
