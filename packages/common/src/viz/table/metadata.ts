import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.table.name',
  descriptionKey: 'viz.types.table.description',
  category: 'table',
  tags: ['Tabular', 'Report', 'Popular', 'Pagination', 'Search', 'Totals', 'Conditional formatting'],
  renderer: 'table',
  behaviors: ['drillToDetail'],
};
