import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Unit price distribution', ru: 'Распределение цен' },
  params: { column: 'unit_price', groupby: [], bins: 20 },
};
