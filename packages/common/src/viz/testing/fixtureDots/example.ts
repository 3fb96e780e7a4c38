import type { ChartExample } from '../../types.ts';

export const example: ChartExample = {
  name: { en: 'Revenue by region (dots)', ru: 'Выручка по регионам (точки)' },
  params: { groupby: ['region'], metric: 'revenue', dot_size: 12 },
};
