import { describe, expect, it } from 'vitest';
import { baseFormData } from '../timeseries/__fixtures__/chartProps.ts';
import { buildQuery } from './buildQuery.ts';
import { migrate } from './migrate.ts';

describe('bar chart buildQuery', () => {
  it('builds a categorical bar chart sorted by its metric', () => {
    const formData = baseFormData({
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'country',
      time_grain_sqla: null,
      metrics: ['revenue'],
      groupby: [],
      row_limit: 100,
      x_axis_sort: 'revenue',
      x_axis_sort_asc: false,
    });
    expect(buildQuery(formData).queries).toEqual([
      {
        filters: [],
        extras: {},
        row_limit: 100,
        order_desc: true,
        applied_time_extras: {},
        columns: [
          {
            label: 'country',
            sqlExpression: 'country',
            expressionType: 'SQL',
            columnType: 'BASE_AXIS',
            isColumnReference: true,
          },
        ],
        metrics: ['revenue'],
        series_columns: [],
        orderby: [['revenue', false]],
        time_offsets: [],
        post_processing: [
          {
            operation: 'pivot',
            options: {
              index: ['country'],
              columns: [],
              aggregates: { revenue: { operator: 'mean' } },
              drop_missing_columns: false,
            },
          },
          { operation: 'sort', options: { by: 'revenue', ascending: false } },
          { operation: 'flatten' },
        ],
      },
    ]);
  });

  it('builds a migrated dist_bar chart: first category on the x-axis, the rest as series', () => {
    const [query] = buildQuery(
      migrate({
        datasource: '7__table',
        viz_type: 'echarts_timeseries_bar',
        metrics: ['orders'],
        groupby: ['country', 'channel'],
        columns: ['segment'],
        bar_stacked: true,
        contribution: true,
      }),
    ).queries;
    expect(query?.columns).toEqual([
      expect.objectContaining({ label: 'country', columnType: 'BASE_AXIS' }),
      'channel',
      'segment',
    ]);
    expect(query?.series_columns).toEqual(['channel', 'segment']);
    expect(query?.post_processing?.map((step) => step.operation)).toEqual([
      'pivot',
      'rename',
      'contribution',
      'flatten',
    ]);
  });
});
