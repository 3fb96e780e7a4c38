import { describe, expect, it } from 'vitest';
import { baseFormData } from '../timeseries/__fixtures__/chartProps.ts';
import { buildQuery } from './buildQuery.ts';

describe('area chart buildQuery', () => {
  it('builds shares of each day across countries, with a year grain and a custom SQL x-axis', () => {
    const xAxis = {
      label: 'Order month',
      sqlExpression: "date_trunc('month', order_date)",
      expressionType: 'SQL',
    };
    const formData = baseFormData({
      viz_type: 'echarts_area',
      x_axis: xAxis,
      time_grain_sqla: 'P1Y',
      metrics: ['orders'],
      groupby: ['country'],
      contributionMode: 'row',
      stack: 'Stack',
      show_empty_columns: false,
      truncate_metric: false,
      row_limit: '5000',
    });
    expect(buildQuery(formData).queries).toEqual([
      {
        filters: [],
        extras: { time_grain_sqla: 'P1Y' },
        row_limit: 5000,
        order_desc: true,
        applied_time_extras: {},
        columns: [{ ...xAxis, columnType: 'BASE_AXIS', timeGrain: 'P1Y' }, 'country'],
        metrics: ['orders'],
        series_columns: ['country'],
        orderby: [['orders', false]],
        time_offsets: [],
        post_processing: [
          {
            operation: 'pivot',
            options: {
              index: ['Order month'],
              columns: ['country'],
              aggregates: { orders: { operator: 'mean' } },
              drop_missing_columns: true,
            },
          },
          { operation: 'contribution', options: { orientation: 'row' } },
          { operation: 'flatten' },
        ],
      },
    ]);
  });
});
