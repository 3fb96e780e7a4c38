import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.mixedTimeseries.name',
  descriptionKey: 'viz.types.mixedTimeseries.description',
  category: 'evolution',
  tags: [
    'Multi-Variables',
    'Multi-Layers',
    'Line',
    'Bar',
    'Dual axis',
    'Time',
    'Advanced analytics',
    'ECharts',
  ],
  icon: 'mixed',
  renderer: 'echarts',
  behaviors: ['interactiveChart', 'drillToDetail'],
  canBeAnnotationTypes: ['TIME_SERIES'],
};
