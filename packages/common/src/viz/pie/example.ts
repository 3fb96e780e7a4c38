import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Revenue by region', ru: 'Выручка по регионам' },
  params: { groupby: ['region'], metric: 'revenue', donut: true },
};
