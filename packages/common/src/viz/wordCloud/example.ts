import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Cities by revenue', ru: 'Города по выручке' },
  params: { series: 'city', metric: 'revenue' },
};
