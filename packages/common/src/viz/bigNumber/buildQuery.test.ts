import { describe, expect, it } from 'vitest';
import type { FormData } from '../types.ts';
import { buildQuery } from './buildQuery.ts';

const formData = (extra: Partial<FormData> = {}): FormData => ({
  datasource: '4__table',
  viz_type: 'big_number',
  x_axis: 'order_date',
  time_grain_sqla: 'P1M',
  metric: 'count',
  ...extra,
});

const axis = {
  label: 'order_date',
  sqlExpression: 'order_date',
  expressionType: 'SQL',
  columnType: 'BASE_AXIS',
  isColumnReference: true,
  timeGrain: 'P1M',
};

describe('big number with trendline buildQuery', () => {
  it('asks for the metric per time bucket, latest first, pivoted and flattened', () => {
    expect(buildQuery(formData())).toEqual({
      datasource: { id: 4, type: 'table' },
      force: false,
      queries: [
        {
          filters: [],
          extras: { time_grain_sqla: 'P1M' },
          row_limit: 10000,
          order_desc: true,
          applied_time_extras: {},
          columns: [axis],
          metrics: ['count'],
          orderby: [['order_date', false]],
          post_processing: [
            {
              operation: 'pivot',
              options: {
                index: ['order_date'],
                columns: [],
                aggregates: { count: { operator: 'mean' } },
                drop_missing_columns: true,
              },
            },
            { operation: 'flatten' },
          ],
        },
      ],
      form_data: expect.objectContaining({ viz_type: 'big_number' }),
      result_format: 'json',
      result_type: 'full',
    });
  });

  it('adds the rolling window or the cumulative sum', () => {
    const rolling = buildQuery(formData({ rolling_type: 'mean', rolling_periods: '7', min_periods: 3 }));
    expect(rolling.queries[0]?.post_processing?.[1]).toEqual({
      operation: 'rolling',
      options: { rolling_type: 'mean', window: 7, min_periods: 3, columns: { count: 'count' } },
    });
    const cumulative = buildQuery(formData({ rolling_type: 'cumsum' }));
    expect(cumulative.queries[0]?.post_processing?.[1]).toEqual({
      operation: 'cum',
      options: { operator: 'sum', columns: { count: 'count' } },
    });
    expect(buildQuery(formData({ rolling_type: 'None' })).queries[0]?.post_processing).toHaveLength(2);
  });

  it('falls back to the legacy time column as a timeseries query', () => {
    const query = buildQuery(formData({ x_axis: undefined, granularity_sqla: 'ds', time_range: 'Last week' }))
      .queries[0];
    expect(query).toMatchObject({
      columns: [],
      is_timeseries: true,
      granularity: 'ds',
      time_range: 'Last week',
      orderby: [['__timestamp', false]],
    });
  });
});
