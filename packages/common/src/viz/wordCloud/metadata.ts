import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.wordCloud.name',
  descriptionKey: 'viz.types.wordCloud.description',
  category: 'ranking',
  tags: ['categorical', 'comparison', 'density', 'single metric', 'tag cloud'],
  icon: 'cloud',
  renderer: 'echarts',
  behaviors: ['interactiveChart', 'drillToDetail'],
  canBeAnnotationTypes: [],
};
