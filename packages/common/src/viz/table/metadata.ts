import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.table.name',
  descriptionKey: 'viz.types.table.description',
  category: 'table',
  tags: ['Tabular', 'Report', 'Popular', 'Pagination', 'Search', 'Totals', 'Conditional formatting'],
  icon: 'table',
  renderer: 'table',
  behaviors: ['interactiveChart', 'drillToDetail'],
  canBeAnnotationTypes: ['EVENT', 'INTERVAL'],
};
