import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION } from '../types.ts';
import { migrate } from './migrate.ts';

describe('mixed chart migrate', () => {
  it("upgrades Superset's dual-line chart", () => {
    expect(
      migrate({
        datasource: '7__table',
        viz_type: 'mixed_timeseries',
        metric: 'orders',
        metric_2: 'revenue',
        y_axis_format: ',d',
        y_axis_2_format: ',.2f',
        y_axis_2_bounds: [0, 100],
        x_axis_format: '%Y',
        adhoc_filters: [],
      }),
    ).toEqual({
      datasource: '7__table',
      viz_type: 'mixed_timeseries',
      form_data_version: FORM_DATA_VERSION,
      metrics: ['orders'],
      metrics_b: ['revenue'],
      yAxisIndex: 0,
      yAxisIndexB: 1,
      adhoc_filters: [],
      adhoc_filters_b: [],
      truncateYAxis: true,
      y_axis_format: ',d',
      y_axis_format_secondary: ',.2f',
      y_axis_bounds_secondary: [0, 100],
      x_axis_time_format: '%Y',
    });
  });

  it("puts the legacy time range on query B's own filters too", () => {
    const migrated = migrate({
      datasource: '7__table',
      viz_type: 'mixed_timeseries',
      granularity_sqla: 'order_date',
      time_range: 'Last week',
      adhoc_filters_b: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'amount > 0' }],
    });
    const range = {
      expressionType: 'SIMPLE',
      clause: 'WHERE',
      subject: 'order_date',
      operator: 'TEMPORAL_RANGE',
      comparator: 'Last week',
    };
    expect(migrated.adhoc_filters).toEqual([range]);
    expect(migrated.adhoc_filters_b).toEqual([
      { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'amount > 0' },
      range,
    ]);
  });
});
