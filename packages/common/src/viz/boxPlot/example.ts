import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'City revenue by region', ru: 'Выручка городов по регионам' },
  params: { columns: ['city'], groupby: ['region'], metrics: ['revenue'] },
};
