import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Revenue and orders by region', ru: 'Выручка и заказы по регионам' },
  params: { query_mode: 'aggregate', groupby: ['region'], metrics: ['revenue', 'orders'], show_totals: true },
};
