import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery.ts';

describe('sunburst buildQuery', () => {
  it('asks for the primary and secondary metrics by the hierarchy, biggest first', () => {
    const formData = {
      datasource: '9__table',
      viz_type: 'sunburst_v2' as const,
      columns: ['region', 'country'],
      metric: 'revenue',
      secondary_metric: 'count',
    };
    expect(buildQuery(formData)).toEqual({
      datasource: { id: 9, type: 'table' },
      force: false,
      queries: [
        {
          filters: [],
          extras: {},
          row_limit: 10000,
          order_desc: true,
          applied_time_extras: {},
          columns: ['region', 'country'],
          metrics: ['revenue', 'count'],
          orderby: [['revenue', false]],
        },
      ],
      form_data: formData,
      result_format: 'json',
      result_type: 'full',
    });
  });

  it('asks once for a secondary metric equal to the primary one', () => {
    const query = buildQuery({
      datasource: '9__table',
      viz_type: 'sunburst_v2',
      columns: ['region'],
      metric: 'revenue',
      secondary_metric: 'revenue',
      sort_by_metric: false,
    }).queries[0];
    expect(query?.metrics).toEqual(['revenue']);
    expect(query).not.toHaveProperty('orderby');
  });
});
