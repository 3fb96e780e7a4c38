import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Revenue by region and country', ru: 'Выручка по регионам и странам' },
  params: { columns: ['region', 'country'], metric: 'revenue' },
};
