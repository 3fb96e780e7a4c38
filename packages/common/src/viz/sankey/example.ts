import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Revenue from regions to channels', ru: 'Выручка: регионы и каналы' },
  params: { source: 'region', target: 'channel', metric: 'revenue' },
};
