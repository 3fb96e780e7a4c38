import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery.ts';

describe('funnel buildQuery', () => {
  it('asks for the metric by step, biggest first, ten steps by default', () => {
    const formData = {
      datasource: '7__table',
      viz_type: 'funnel' as const,
      groupby: ['stage'],
      metric: 'count',
      adhoc_filters: [
        { expressionType: 'SQL' as const, clause: 'WHERE' as const, sqlExpression: "channel = 'web'" },
      ],
    };
    expect(buildQuery(formData)).toEqual({
      datasource: { id: 7, type: 'table' },
      force: false,
      queries: [
        {
          filters: [],
          extras: { where: "(channel = 'web')" },
          row_limit: 10,
          order_desc: true,
          applied_time_extras: {},
          columns: ['stage'],
          metrics: ['count'],
          orderby: [['count', false]],
        },
      ],
      form_data: formData,
      result_format: 'json',
      result_type: 'full',
    });
  });

  it('leaves the order to the data when not sorting by the metric', () => {
    const query = buildQuery({
      datasource: '7__table',
      viz_type: 'funnel',
      groupby: ['stage'],
      metric: 'count',
      sort_by_metric: false,
    }).queries[0];
    expect(query).not.toHaveProperty('orderby');
  });
});
