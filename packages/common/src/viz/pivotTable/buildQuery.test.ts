import { describe, expect, it } from 'vitest';
import type { FormData } from '../types.ts';
import { buildQuery } from './buildQuery.ts';

const avg = {
  expressionType: 'SIMPLE' as const,
  column: { column_name: 'price' },
  aggregate: 'AVG' as const,
  label: 'AVG(price)',
};

const formData = (extra: Partial<FormData>): FormData => ({
  datasource: '7__table',
  viz_type: 'pivot_table_v2',
  groupbyRows: ['region', 'country'],
  groupbyColumns: ['year'],
  metrics: [avg, 'count'],
  ...extra,
});

describe('pivot table buildQuery', () => {
  it('groups by the column then the row dimensions and orders by the first metric', () => {
    expect(buildQuery(formData({ row_limit: 5000 }))).toEqual({
      datasource: { id: 7, type: 'table' },
      force: false,
      queries: [
        {
          filters: [],
          extras: {},
          row_limit: 5000,
          order_desc: true,
          applied_time_extras: {},
          columns: ['year', 'region', 'country'],
          metrics: [avg, 'count'],
          orderby: [[avg, false]],
        },
      ],
      form_data: expect.objectContaining({ viz_type: 'pivot_table_v2' }),
      result_format: 'json',
      result_type: 'full',
    });
  });

  it('groups once by a dimension on both axes', () => {
    const context = buildQuery(formData({ groupbyRows: ['year', 'region'], groupbyColumns: ['year'] }));
    expect(context.queries[0]?.columns).toEqual(['year', 'region']);
  });

  it('limits cells by the sort metric in the chosen direction', () => {
    const context = buildQuery(
      formData({ series_limit: 10, series_limit_metric: 'count', order_desc: false }),
    );
    expect(context.queries[0]).toMatchObject({
      orderby: [['count', true]],
      series_limit: 10,
      series_limit_metric: 'count',
    });
  });

  it('buckets temporal dimensions and the legacy time column by the grain', () => {
    const context = buildQuery(
      formData({
        groupbyRows: ['order_date'],
        groupbyColumns: ['ds'],
        time_grain_sqla: 'P1Y',
        temporal_columns_lookup: { order_date: true },
        granularity_sqla: 'ds',
      }),
    );
    const bucket = (name: string) => ({
      label: name,
      sqlExpression: name,
      expressionType: 'SQL',
      columnType: 'BASE_AXIS',
      timeGrain: 'P1Y',
      isColumnReference: true,
    });
    expect(context.queries[0]?.columns).toEqual([bucket('ds'), bucket('order_date')]);
  });

  it('passes the adhoc filters', () => {
    const context = buildQuery(
      formData({
        adhoc_filters: [
          { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'year', operator: '>=', comparator: 2020 },
        ],
      }),
    );
    expect(context.queries[0]?.filters).toEqual([{ col: 'year', op: '>=', val: 2020 }]);
  });
});
