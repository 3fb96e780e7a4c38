import type { ChartMetadata } from '../types.ts';

export const metadata: ChartMetadata = {
  nameKey: 'viz.types.pivotTable.name',
  descriptionKey: 'viz.types.pivotTable.description',
  category: 'table',
  tags: ['Tabular', 'Report', 'Popular', 'Pivot', 'Totals', 'Subtotals', 'Aggregation'],
  icon: 'pivotTable',
  renderer: 'pivotTable',
  behaviors: ['interactiveChart', 'drillToDetail'],
  canBeAnnotationTypes: [],
};
