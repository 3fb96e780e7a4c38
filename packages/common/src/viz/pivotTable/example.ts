import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Revenue by region and channel', ru: 'Выручка по регионам и каналам' },
  params: {
    groupbyRows: ['region'],
    groupbyColumns: ['channel'],
    metrics: ['revenue'],
    rowTotals: true,
    colTotals: true,
  },
};
