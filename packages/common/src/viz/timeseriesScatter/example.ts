import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Weekly orders', ru: 'Заказы по неделям' },
  params: { x_axis: 'order_ts', time_grain_sqla: 'P1W', metrics: ['orders'] },
};
