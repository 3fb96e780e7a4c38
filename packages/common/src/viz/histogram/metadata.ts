import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.histogram.name',
  descriptionKey: 'viz.types.histogram.description',
  category: 'distribution',
  tags: ['comparison', 'distribution', 'bins', 'frequency', 'popular'],
  icon: 'bar',
  renderer: 'echarts',
  behaviors: ['drillToDetail'],
  canBeAnnotationTypes: [],
};
