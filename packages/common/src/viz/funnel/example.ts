import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Orders by channel', ru: 'Заказы по каналам' },
  params: { groupby: ['channel'], metric: 'orders' },
};
