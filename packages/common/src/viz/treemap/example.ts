import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Revenue by country', ru: 'Выручка по странам' },
  params: { groupby: ['region', 'country'], metric: 'revenue' },
};
