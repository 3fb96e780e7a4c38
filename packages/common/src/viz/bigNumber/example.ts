import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Monthly revenue trend', ru: 'Динамика выручки по месяцам' },
  params: {
    metric: 'revenue',
    x_axis: 'order_ts',
    time_grain_sqla: 'P1M',
    compare_lag: 12,
    compare_suffix: 'YoY',
  },
};
