/**
 * ECharts' core, as every ECharts chart needs it: tree-shaken `echarts/core` with the canvas renderer,
 * label layout (pie and funnel labels that move apart instead of overlapping) and the Russian locale
 * for axis and tooltip texts. The series and components load as options need them (echartsParts.ts).
 */
import { init, registerLocale, use } from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import langRU from 'echarts/lib/i18n/langRU.js';
import { CanvasRenderer } from 'echarts/renderers';

use([LabelLayout, CanvasRenderer]);

registerLocale('RU', langRU);

/** ECharts' locale name for the UI language. */
export function echartsLocale(language: string): 'EN' | 'RU' {
  return language.toLowerCase().startsWith('ru') ? 'RU' : 'EN';
}

export type { EChartsType } from 'echarts/core';
export { init };
