import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.bigNumberTotal.name',
  descriptionKey: 'viz.types.bigNumberTotal.description',
  category: 'kpi',
  tags: ['Formattable', 'Popular', 'Report', 'Description', 'Conditional formatting'],
  icon: 'number',
  renderer: 'bigNumber',
  behaviors: ['drillToDetail'],
  canBeAnnotationTypes: [],
};
