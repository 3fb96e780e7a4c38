import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.gauge.name',
  descriptionKey: 'viz.types.gauge.description',
  category: 'kpi',
  tags: ['business', 'comparison', 'report', 'progress', 'speedometer', 'dial'],
  icon: 'gauge',
  renderer: 'echarts',
  behaviors: ['interactiveChart', 'drillToDetail'],
  canBeAnnotationTypes: [],
};
