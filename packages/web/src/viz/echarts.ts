/**
 * The one place ECharts is assembled: only the series, components and renderer the chart types draw
 * with are registered (tree-shaken `echarts/core`), plus the Russian locale for axis and tooltip texts.
 */
import {
  BarChart,
  BoxplotChart,
  CustomChart,
  FunnelChart,
  GaugeChart,
  HeatmapChart,
  LineChart,
  PieChart,
  SankeyChart,
  ScatterChart,
  SunburstChart,
  TreemapChart,
} from 'echarts/charts';
import {
  DatasetComponent,
  DataZoomComponent,
  GraphicComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TitleComponent,
  ToolboxComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { init, registerLocale, use } from 'echarts/core';
import { LabelLayout, LegacyGridContainLabel } from 'echarts/features';
import langRU from 'echarts/lib/i18n/langRU.js';
import { CanvasRenderer } from 'echarts/renderers';

use([
  LineChart,
  BarChart,
  ScatterChart,
  PieChart,
  FunnelChart,
  GaugeChart,
  HeatmapChart,
  BoxplotChart,
  TreemapChart,
  SunburstChart,
  SankeyChart,
  CustomChart,
  GridComponent,
  TooltipComponent,
  // Plain and scroll legends both.
  LegendComponent,
  // Inside and slider zoom both.
  DataZoomComponent,
  MarkLineComponent,
  MarkAreaComponent,
  MarkPointComponent,
  VisualMapComponent,
  TitleComponent,
  GraphicComponent,
  DatasetComponent,
  // The zoom buttons of zoomable time series and box plots.
  ToolboxComponent,
  // Pie and funnel labels that move apart instead of overlapping.
  LabelLayout,
  // `grid.containLabel` as ECharts 5 laid it out (heatmap axes).
  LegacyGridContainLabel,
  CanvasRenderer,
]);

registerLocale('RU', langRU);

/** ECharts' locale name for the UI language. */
export function echartsLocale(language: string): 'EN' | 'RU' {
  return language.toLowerCase().startsWith('ru') ? 'RU' : 'EN';
}

export type { EChartsType } from 'echarts/core';
export { init };
