import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.heatmap.name',
  descriptionKey: 'viz.types.heatmap.description',
  category: 'correlation',
  tags: ['business', 'intensity', 'density', 'single metric', 'matrix', 'popular'],
  icon: 'heatmap',
  renderer: 'echarts',
  behaviors: ['interactiveChart', 'drillToDetail'],
  canBeAnnotationTypes: [],
};
