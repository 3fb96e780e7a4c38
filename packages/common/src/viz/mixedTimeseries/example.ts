import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Revenue and orders', ru: 'Выручка и заказы' },
  params: {
    x_axis: 'order_ts',
    time_grain_sqla: 'P1M',
    metrics: ['revenue'],
    metrics_b: ['orders'],
    yAxisIndexB: 1,
  },
};
