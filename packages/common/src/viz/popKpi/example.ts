import type { ChartExample } from '../types.ts';

export const example: ChartExample = {
  name: { en: 'Revenue against the year before', ru: 'Выручка в сравнении с прошлым годом' },
  params: {
    metric: 'revenue',
    adhoc_filters: [
      {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'order_ts',
        operator: 'TEMPORAL_RANGE',
        operatorId: 'TEMPORAL_RANGE',
        comparator: '2025-01-01 : 2026-01-01',
      },
    ],
    time_comparison: 'y',
    comparison_color_enabled: true,
  },
};
