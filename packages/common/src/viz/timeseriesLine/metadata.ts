import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.timeseriesLine.name',
  descriptionKey: 'viz.types.timeseriesLine.description',
  category: 'evolution',
  tags: ['Line', 'Time', 'Trend', 'Aggregation', 'Advanced analytics', 'Annotation', 'Popular', 'ECharts'],
  icon: 'line',
  renderer: 'echarts',
  behaviors: ['interactiveChart', 'drillToDetail'],
  canBeAnnotationTypes: ['TIME_SERIES'],
};
