import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.timeseriesScatter.name',
  descriptionKey: 'viz.types.timeseriesScatter.description',
  category: 'evolution',
  tags: ['Scatter', 'Point', 'Time', 'Aggregation', 'Advanced analytics', 'Annotation', 'ECharts'],
  icon: 'scatter',
  renderer: 'echarts',
  behaviors: ['interactiveChart', 'drillToDetail'],
  canBeAnnotationTypes: ['TIME_SERIES'],
};
