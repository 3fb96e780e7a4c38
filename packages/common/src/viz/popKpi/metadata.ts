import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.popKpi.name',
  descriptionKey: 'viz.types.popKpi.description',
  category: 'kpi',
  tags: ['Comparison', 'Business', 'Percentages', 'Report', 'Advanced-Analytics', 'Period', 'Time'],
  icon: 'number',
  renderer: 'popKpi',
  behaviors: [],
  canBeAnnotationTypes: [],
};
