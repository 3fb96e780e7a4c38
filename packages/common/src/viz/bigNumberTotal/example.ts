import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Total revenue', ru: 'Общая выручка' },
  params: { metric: 'revenue', subheader: '2023–2025' },
};
