import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Revenue by month and region', ru: 'Выручка по месяцам и регионам' },
  params: { x_axis: 'order_ts', time_grain_sqla: 'P1M', metrics: ['revenue'], groupby: ['region'] },
};
