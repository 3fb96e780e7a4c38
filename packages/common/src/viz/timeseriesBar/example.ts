import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Quarterly revenue by channel', ru: 'Выручка по кварталам и каналам' },
  params: {
    x_axis: 'order_ts',
    time_grain_sqla: 'P3M',
    metrics: ['revenue'],
    groupby: ['channel'],
    stack: 'Stack',
  },
};
