import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery.ts';

describe('treemap buildQuery', () => {
  it('asks for the metric by the hierarchy, biggest first', () => {
    const formData = {
      datasource: '8__table',
      viz_type: 'treemap_v2' as const,
      groupby: ['region', 'country'],
      metric: 'revenue',
      row_limit: 500,
    };
    expect(buildQuery(formData)).toEqual({
      datasource: { id: 8, type: 'table' },
      force: false,
      queries: [
        {
          filters: [],
          extras: {},
          row_limit: 500,
          order_desc: true,
          applied_time_extras: {},
          columns: ['region', 'country'],
          metrics: ['revenue'],
          orderby: [['revenue', false]],
        },
      ],
      form_data: formData,
      result_format: 'json',
      result_type: 'full',
    });
  });
});
