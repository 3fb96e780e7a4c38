import { describe, expect, it } from 'vitest';
import { baseFormData } from '../timeseries/__fixtures__/chartProps.ts';
import { buildQuery } from './buildQuery.ts';
import { migrate } from './migrate.ts';

describe('line chart buildQuery', () => {
  it('builds the query context of a line chart with a rolling mean and a year-ago comparison', () => {
    const formData = baseFormData({
      time_grain_sqla: 'P1M',
      metrics: ['orders'],
      groupby: ['country'],
      limit: 10,
      rolling_type: 'mean',
      rolling_periods: 3,
      min_periods: 1,
      time_compare: ['1 year ago'],
      comparison_type: 'values',
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'country',
          operator: 'IN',
          comparator: ['FR', 'DE'],
        },
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'amount > 0' },
      ],
    });
    expect(buildQuery(formData)).toEqual({
      datasource: { id: 7, type: 'table' },
      force: false,
      form_data: formData,
      result_format: 'json',
      result_type: 'full',
      queries: [
        {
          filters: [{ col: 'country', op: 'IN', val: ['FR', 'DE'] }],
          extras: { where: '(amount > 0)', time_grain_sqla: 'P1M' },
          row_limit: 10000,
          order_desc: true,
          applied_time_extras: {},
          columns: [
            {
              label: 'order_date',
              sqlExpression: 'order_date',
              expressionType: 'SQL',
              columnType: 'BASE_AXIS',
              isColumnReference: true,
              timeGrain: 'P1M',
            },
            'country',
          ],
          metrics: ['orders'],
          series_columns: ['country'],
          orderby: [['orders', false]],
          series_limit: 10,
          time_offsets: ['1 year ago'],
          post_processing: [
            {
              operation: 'pivot',
              options: {
                index: ['order_date'],
                columns: ['country'],
                aggregates: { orders: { operator: 'mean' }, 'orders__1 year ago': { operator: 'mean' } },
                drop_missing_columns: false,
              },
            },
            {
              operation: 'rolling',
              options: {
                rolling_type: 'mean',
                window: 3,
                min_periods: 1,
                columns: { orders: 'orders', 'orders__1 year ago': 'orders__1 year ago' },
              },
            },
            {
              operation: 'rename',
              options: {
                columns: { 'orders__1 year ago': '1 year ago', orders: null },
                level: 0,
                inplace: true,
              },
            },
            { operation: 'flatten' },
          ],
        },
      ],
    });
  });

  it('builds the same query from a migrated NVD3 line chart', () => {
    const legacy = migrate({
      datasource: '7__table',
      viz_type: 'echarts_timeseries_line',
      granularity_sqla: 'order_date',
      time_range: 'Last year',
      time_grain_sqla: 'P1W',
      metrics: ['orders'],
      groupby: [],
      time_compare: '1 year',
      comparison_type: 'absolute',
      x_axis_format: '%Y-%m-%d',
    });
    const [query] = buildQuery(legacy).queries;
    expect(query?.filters).toEqual([{ col: 'order_date', op: 'TEMPORAL_RANGE', val: 'Last year' }]);
    expect(query?.columns).toEqual([expect.objectContaining({ label: 'order_date', timeGrain: 'P1W' })]);
    expect(query?.time_offsets).toEqual(['1 year ago']);
    expect(query?.post_processing?.map((step) => step.operation)).toEqual(['pivot', 'compare', 'flatten']);
    expect(query).not.toHaveProperty('granularity');
  });
});
