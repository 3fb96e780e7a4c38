import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery.ts';

describe('pie buildQuery', () => {
  it('groups the metric by the dimensions, sorted by the metric, with the pie row limit', () => {
    const metric = {
      expressionType: 'SIMPLE' as const,
      column: { column_name: 'amount' },
      aggregate: 'SUM' as const,
      label: 'SUM(amount)',
    };
    const formData = {
      datasource: '3__table',
      viz_type: 'pie' as const,
      groupby: ['country'],
      metric,
      adhoc_filters: [
        {
          expressionType: 'SIMPLE' as const,
          clause: 'WHERE' as const,
          subject: 'country',
          operator: 'IN',
          comparator: ['FR', 'DE'],
        },
      ],
    };
    expect(buildQuery(formData)).toEqual({
      datasource: { id: 3, type: 'table' },
      force: false,
      queries: [
        {
          filters: [{ col: 'country', op: 'IN', val: ['FR', 'DE'] }],
          extras: {},
          row_limit: 100,
          order_desc: true,
          applied_time_extras: {},
          columns: ['country'],
          metrics: [metric],
          orderby: [[metric, false]],
        },
      ],
      form_data: formData,
      result_format: 'json',
      result_type: 'full',
    });
  });

  it('keeps the query order when not sorting by the metric and honours the row limit', () => {
    const query = buildQuery({
      datasource: '3__table',
      viz_type: 'pie',
      groupby: ['country', 'city'],
      metric: 'count',
      sort_by_metric: false,
      row_limit: 25,
    }).queries[0];
    expect(query?.orderby).toBeUndefined();
    expect(query?.row_limit).toBe(25);
    expect(query?.columns).toEqual(['country', 'city']);
    expect(query?.metrics).toEqual(['count']);
  });
});
