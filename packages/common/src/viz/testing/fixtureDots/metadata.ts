import type { ChartMetadata } from '../../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.fixtureDots.name',
  descriptionKey: 'viz.types.fixtureDots.description',
  category: 'ranking',
  tags: ['fixture'],
  icon: 'bar',
  renderer: 'echarts',
  behaviors: ['interactiveChart', 'drillToDetail'],
  canBeAnnotationTypes: ['EVENT'],
};
