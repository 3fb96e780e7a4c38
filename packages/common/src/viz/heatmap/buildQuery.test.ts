import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery.ts';

const base = {
  datasource: '5__table',
  viz_type: 'heatmap_v2' as const,
  x_axis: 'day_of_week',
  groupby: 'hour',
  metric: 'count',
};

describe('heatmap buildQuery', () => {
  it('asks for the metric by x and y, sorted by both axes, with a rank for the colour scale', () => {
    expect(buildQuery(base)).toEqual({
      datasource: { id: 5, type: 'table' },
      force: false,
      queries: [
        {
          filters: [],
          // The default grain travels with the axis; the compiler ignores it on a non-temporal column.
          extras: { time_grain_sqla: 'P1D' },
          row_limit: 10000,
          order_desc: true,
          applied_time_extras: {},
          columns: [
            {
              label: 'day_of_week',
              sqlExpression: 'day_of_week',
              expressionType: 'SQL',
              columnType: 'BASE_AXIS',
              isColumnReference: true,
              timeGrain: 'P1D',
            },
            'hour',
          ],
          metrics: ['count'],
          orderby: [
            ['day_of_week', true],
            ['hour', true],
          ],
          post_processing: [{ operation: 'rank', options: { metric: 'count' } }],
        },
      ],
      form_data: base,
      result_format: 'json',
      result_type: 'full',
    });
  });

  it('buckets a temporal x-axis by the time grain and ranks within x when normalising across x', () => {
    const query = buildQuery({
      ...base,
      x_axis: 'order_date',
      groupby: ['product'],
      time_grain_sqla: 'P1M',
      normalize_across: 'x',
      sort_x_axis: 'alpha_desc',
    }).queries[0];
    expect(query?.columns?.[0]).toMatchObject({
      label: 'order_date',
      timeGrain: 'P1M',
      columnType: 'BASE_AXIS',
    });
    expect(query?.extras).toEqual({ time_grain_sqla: 'P1M' });
    expect(query?.orderby).toEqual([
      ['order_date', false],
      ['product', true],
    ]);
    expect(query?.post_processing).toEqual([
      { operation: 'rank', options: { metric: 'count', group_by: 'order_date' } },
    ]);
  });

  it('leaves sorting by the metric to the chart and ranks within y when normalising across y', () => {
    const query = buildQuery({
      ...base,
      sort_x_axis: 'value_desc',
      sort_y_axis: 'value_asc',
      normalize_across: 'y',
    }).queries[0];
    expect(query?.orderby).toEqual([]);
    expect(query?.post_processing).toEqual([
      { operation: 'rank', options: { metric: 'count', group_by: 'hour' } },
    ]);
  });
});
