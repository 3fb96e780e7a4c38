import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Monthly profit', ru: 'Прибыль по месяцам' },
  params: { x_axis: 'order_ts', time_grain_sqla: 'P1M', metrics: ['profit'] },
};
