import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.treemap.name',
  descriptionKey: 'viz.types.treemap.description',
  category: 'partOfWhole',
  tags: ['categorical', 'comparison', 'hierarchical', 'proportional', 'multi-levels'],
  icon: 'treemap',
  renderer: 'echarts',
  behaviors: ['interactiveChart', 'drillToDetail'],
  canBeAnnotationTypes: [],
};
