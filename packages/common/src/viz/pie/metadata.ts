import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.pie.name',
  descriptionKey: 'viz.types.pie.description',
  category: 'partOfWhole',
  tags: ['categorical', 'circular', 'percentages', 'proportional', 'donut', 'popular'],
  icon: 'pie',
  renderer: 'echarts',
  behaviors: ['interactiveChart', 'drillToDetail'],
  canBeAnnotationTypes: [],
};
