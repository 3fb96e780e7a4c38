import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Revenue by region and channel (heatmap)', ru: 'Тепловая карта выручки по регионам и каналам' },
  params: { x_axis: 'region', groupby: 'channel', metric: 'revenue' },
};
