import { describe, expect, it } from 'vitest';
import { baseFormData } from '../timeseries/__fixtures__/chartProps.ts';
import { buildQuery } from './buildQuery.ts';

describe('scatter chart buildQuery', () => {
  it('builds one query with a HAVING filter and a series limit by another metric, ascending', () => {
    const formData = baseFormData({
      viz_type: 'echarts_timeseries_scatter',
      time_grain_sqla: 'PT1H',
      metrics: ['revenue'],
      groupby: ['country'],
      limit: 25,
      timeseries_limit_metric: 'orders',
      order_desc: false,
      truncate_metric: false,
      adhoc_filters: [{ expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'SUM(amount) > 10' }],
    });
    const context = buildQuery(formData);
    expect(context.queries).toHaveLength(1);
    expect(context.queries[0]).toEqual({
      filters: [],
      extras: { having: '(SUM(amount) > 10)', time_grain_sqla: 'PT1H' },
      row_limit: 10000,
      order_desc: false,
      applied_time_extras: {},
      columns: [
        {
          label: 'order_date',
          sqlExpression: 'order_date',
          expressionType: 'SQL',
          columnType: 'BASE_AXIS',
          isColumnReference: true,
          timeGrain: 'PT1H',
        },
        'country',
      ],
      metrics: ['revenue'],
      series_columns: ['country'],
      orderby: [['orders', true]],
      series_limit: 25,
      series_limit_metric: 'orders',
      time_offsets: [],
      post_processing: [
        {
          operation: 'pivot',
          options: {
            index: ['order_date'],
            columns: ['country'],
            aggregates: { revenue: { operator: 'mean' } },
            drop_missing_columns: false,
          },
        },
        { operation: 'flatten' },
      ],
    });
  });
});
