import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery.ts';

describe('gauge buildQuery', () => {
  it('asks for the metric, by group when there is one, ten rows, biggest first', () => {
    const formData = {
      datasource: '2__table',
      viz_type: 'gauge_chart' as const,
      metric: 'count',
      groupby: ['region'],
    };
    expect(buildQuery(formData)).toEqual({
      datasource: { id: 2, type: 'table' },
      force: false,
      queries: [
        {
          filters: [],
          extras: {},
          row_limit: 10,
          order_desc: true,
          applied_time_extras: {},
          columns: ['region'],
          metrics: ['count'],
          orderby: [['count', false]],
        },
      ],
      form_data: formData,
      result_format: 'json',
      result_type: 'full',
    });
  });

  it('asks for one total without groups', () => {
    const query = buildQuery({
      datasource: '2__table',
      viz_type: 'gauge_chart',
      metric: 'count',
      sort_by_metric: false,
    }).queries[0];
    expect(query?.columns).toEqual([]);
    expect(query).not.toHaveProperty('orderby');
  });
});
