import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.timeseriesArea.name',
  descriptionKey: 'viz.types.timeseriesArea.description',
  category: 'evolution',
  tags: [
    'Area',
    'Stacked',
    'Time',
    'Trend',
    'Aggregation',
    'Advanced analytics',
    'Annotation',
    'Popular',
    'ECharts',
  ],
  icon: 'area',
  renderer: 'echarts',
  behaviors: ['interactiveChart', 'drillToDetail'],
  canBeAnnotationTypes: ['TIME_SERIES'],
};
