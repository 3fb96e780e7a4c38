import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.bigNumber.name',
  descriptionKey: 'viz.types.bigNumber.description',
  category: 'kpi',
  tags: ['Formattable', 'Popular', 'Report', 'Trend', 'Comparison', 'Line'],
  renderer: 'bigNumber',
  behaviors: ['drillToDetail'],
};
