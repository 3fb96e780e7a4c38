import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.mapbox.name',
  descriptionKey: 'viz.types.mapbox.description',
  category: 'map',
  tags: ['Map', 'Geo', 'Scatter', 'Points', 'Coordinates', 'Mapbox'],
  icon: 'map',
  renderer: 'echarts',
  behaviors: ['drillToDetail'],
  canBeAnnotationTypes: [],
};
