import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.funnel.name',
  descriptionKey: 'viz.types.funnel.description',
  category: 'kpi',
  tags: ['business', 'progressive', 'report', 'sequential', 'trend', 'conversion'],
  icon: 'funnel',
  renderer: 'echarts',
  behaviors: ['interactiveChart', 'drillToDetail'],
  canBeAnnotationTypes: [],
};
