import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Margin', ru: 'Маржа' },
  params: { metric: 'margin', min_val: 0, max_val: 1 },
};
