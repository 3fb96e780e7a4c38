import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.timeseriesSmooth.name',
  descriptionKey: 'viz.types.timeseriesSmooth.description',
  category: 'evolution',
  tags: ['Line', 'Smooth', 'Time', 'Trend', 'Aggregation', 'Advanced analytics', 'Annotation', 'ECharts'],
  icon: 'smoothLine',
  renderer: 'echarts',
  behaviors: ['interactiveChart', 'drillToDetail'],
  canBeAnnotationTypes: ['TIME_SERIES'],
};
