import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.sankey.name',
  descriptionKey: 'viz.types.sankey.description',
  category: 'flow',
  tags: ['directional', 'distribution', 'flow', 'network', 'relational'],
  icon: 'flow',
  renderer: 'echarts',
  behaviors: ['drillToDetail'],
  canBeAnnotationTypes: [],
};
