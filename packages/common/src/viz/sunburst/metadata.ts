import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.sunburst.name',
  descriptionKey: 'viz.types.sunburst.description',
  category: 'partOfWhole',
  tags: ['hierarchical', 'circular', 'multi-levels', 'proportional', 'aesthetic'],
  icon: 'sunburst',
  renderer: 'echarts',
  behaviors: ['interactiveChart', 'drillToDetail'],
  canBeAnnotationTypes: [],
};
