import { describe, expect, it } from 'vitest';
import { baseFormData } from '../timeseries/__fixtures__/chartProps.ts';
import { buildQuery } from './buildQuery.ts';
import { migrate } from './migrate.ts';

const X_AXIS = {
  label: 'order_date',
  sqlExpression: 'order_date',
  expressionType: 'SQL',
  columnType: 'BASE_AXIS',
  isColumnReference: true,
  timeGrain: 'P1W',
};

describe('mixed chart buildQuery', () => {
  it('builds query A and query B on the shared x-axis, annotations with A only', () => {
    const formData = baseFormData({
      viz_type: 'mixed_timeseries',
      time_grain_sqla: 'P1W',
      metrics: ['orders'],
      groupby: ['country'],
      limit: 5,
      adhoc_filters: [
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'country', operator: '==', comparator: 'FR' },
      ],
      metrics_b: ['revenue'],
      groupby_b: [],
      row_limit_b: 500,
      rolling_type_b: 'cumsum',
      annotation_layers: [
        { name: 'Releases', annotationType: 'EVENT', sourceType: 'table', value: 3, show: true },
      ],
    });
    const context = buildQuery(formData);
    expect(context.datasource).toEqual({ id: 7, type: 'table' });
    expect(context.queries).toEqual([
      {
        filters: [{ col: 'country', op: '==', val: 'FR' }],
        extras: { time_grain_sqla: 'P1W' },
        row_limit: 10000,
        order_desc: true,
        applied_time_extras: {},
        columns: [X_AXIS, 'country'],
        metrics: ['orders'],
        series_columns: ['country'],
        orderby: [['orders', false]],
        series_limit: 5,
        time_offsets: [],
        annotation_layers: [
          { name: 'Releases', annotationType: 'EVENT', sourceType: 'table', value: 3, show: true },
        ],
        post_processing: [
          {
            operation: 'pivot',
            options: {
              index: ['order_date'],
              columns: ['country'],
              aggregates: { orders: { operator: 'mean' } },
              drop_missing_columns: false,
            },
          },
          { operation: 'rename', options: { columns: { orders: null }, level: 0, inplace: true } },
          { operation: 'flatten' },
        ],
      },
      {
        // Query B has no filters of its own: it keeps query A's.
        filters: [{ col: 'country', op: '==', val: 'FR' }],
        extras: { time_grain_sqla: 'P1W' },
        row_limit: 500,
        order_desc: true,
        applied_time_extras: {},
        columns: [X_AXIS],
        metrics: ['revenue'],
        series_columns: [],
        orderby: [['revenue', false]],
        series_limit: 5,
        time_offsets: [],
        post_processing: [
          {
            operation: 'pivot',
            options: {
              index: ['order_date'],
              columns: [],
              aggregates: { revenue: { operator: 'mean' } },
              drop_missing_columns: false,
            },
          },
          { operation: 'cum', options: { operator: 'sum', columns: { revenue: 'revenue' } } },
          { operation: 'flatten' },
        ],
      },
    ]);
  });

  it("builds a migrated dual-line chart: one metric per query, B's filters its own", () => {
    const context = buildQuery(
      migrate({
        datasource: '7__table',
        viz_type: 'mixed_timeseries',
        granularity_sqla: 'order_date',
        time_range: 'Last year',
        metric: 'orders',
        metric_2: 'revenue',
        y_axis_2_format: ',.0f',
      }),
    );
    const [a, b] = context.queries;
    expect(a?.metrics).toEqual(['orders']);
    expect(b?.metrics).toEqual(['revenue']);
    for (const query of [a, b])
      expect(query?.filters).toEqual([{ col: 'order_date', op: 'TEMPORAL_RANGE', val: 'Last year' }]);
  });
});
