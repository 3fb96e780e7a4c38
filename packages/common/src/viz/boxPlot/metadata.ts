import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.boxPlot.name',
  descriptionKey: 'viz.types.boxPlot.description',
  category: 'distribution',
  tags: ['distribution', 'statistical', 'quartiles', 'outliers', 'whiskers'],
  icon: 'boxPlot',
  renderer: 'echarts',
  behaviors: ['interactiveChart', 'drillToDetail'],
  canBeAnnotationTypes: [],
};
