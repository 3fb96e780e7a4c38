import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION } from '../types.ts';
import { migrate } from './migrate.ts';

describe('scatter chart migrate', () => {
  it('upgrades the legacy time column, keeping the series dimensions', () => {
    expect(
      migrate({
        datasource: '7__table',
        viz_type: 'echarts_timeseries_scatter',
        granularity_sqla: 'order_date',
        time_range: 'Last month',
        groupby: ['country'],
        series_limit_metric: 'orders',
      }),
    ).toEqual({
      datasource: '7__table',
      viz_type: 'echarts_timeseries_scatter',
      form_data_version: FORM_DATA_VERSION,
      x_axis: 'order_date',
      groupby: ['country'],
      timeseries_limit_metric: 'orders',
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'order_date',
          operator: 'TEMPORAL_RANGE',
          comparator: 'Last month',
        },
      ],
    });
  });
});
