import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.bigNumber.name',
  descriptionKey: 'viz.types.bigNumber.description',
  category: 'kpi',
  tags: ['Formattable', 'Popular', 'Report', 'Trend', 'Comparison', 'Line'],
  icon: 'trend',
  renderer: 'bigNumber',
  behaviors: ['drillToDetail'],
  canBeAnnotationTypes: ['TIME_SERIES'],
};
