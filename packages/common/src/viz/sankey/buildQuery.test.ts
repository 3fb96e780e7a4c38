import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery.ts';

describe('sankey buildQuery', () => {
  it('asks for the metric by source and target, biggest flows first', () => {
    const formData = {
      datasource: '10__table',
      viz_type: 'sankey_v2' as const,
      source: 'from_stage',
      target: 'to_stage',
      metric: 'count',
    };
    expect(buildQuery(formData)).toEqual({
      datasource: { id: 10, type: 'table' },
      force: false,
      queries: [
        {
          filters: [],
          extras: {},
          row_limit: 10000,
          order_desc: true,
          applied_time_extras: {},
          columns: ['from_stage', 'to_stage'],
          metrics: ['count'],
          orderby: [['count', false]],
        },
      ],
      form_data: formData,
      result_format: 'json',
      result_type: 'full',
    });
  });
});
