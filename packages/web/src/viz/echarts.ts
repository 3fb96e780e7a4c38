/**
 * ECharts' core: the canvas renderer, the label features every chart type may use, and the Russian
 * locale for axis and tooltip texts. Series and components load as options need them (echartsParts.ts).
 */
import { init, registerLocale, use } from 'echarts/core';
import { LabelLayout, LegacyGridContainLabel } from 'echarts/features';
import langRU from 'echarts/lib/i18n/langRU.js';
import { CanvasRenderer } from 'echarts/renderers';

use([
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
