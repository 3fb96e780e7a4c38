import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Revenue share by region', ru: 'Доля выручки по регионам' },
  params: {
    x_axis: 'order_ts',
    time_grain_sqla: 'P1M',
    metrics: ['revenue'],
    groupby: ['region'],
    stack: 'Stack',
  },
};
