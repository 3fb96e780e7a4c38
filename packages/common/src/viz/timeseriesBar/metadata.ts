import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.timeseriesBar.name',
  descriptionKey: 'viz.types.timeseriesBar.description',
  category: 'evolution',
  tags: [
    'Bar',
    'Column',
    'Time',
    'Aggregation',
    'Stacked',
    'Vertical',
    'Horizontal',
    'Advanced analytics',
    'Annotation',
    'Popular',
    'ECharts',
  ],
  icon: 'bar',
  renderer: 'echarts',
  behaviors: ['interactiveChart', 'drillToDetail'],
  canBeAnnotationTypes: ['TIME_SERIES'],
};
