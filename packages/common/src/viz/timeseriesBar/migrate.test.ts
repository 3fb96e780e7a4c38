import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION } from '../types.ts';
import { migrate } from './migrate.ts';

describe('bar chart migrate', () => {
  it("upgrades Superset's categorical bar chart parameters", () => {
    expect(
      migrate({
        datasource: '7__table',
        viz_type: 'echarts_timeseries_bar',
        metrics: ['orders'],
        groupby: ['country'],
        columns: [],
        bar_stacked: false,
        show_bar_value: true,
        y_axis_label: 'Orders',
      }),
    ).toEqual({
      datasource: '7__table',
      viz_type: 'echarts_timeseries_bar',
      form_data_version: FORM_DATA_VERSION,
      metrics: ['orders'],
      x_axis: 'country',
      groupby: [],
      stack: null,
      show_value: true,
      y_axis_title: 'Orders',
      y_axis_title_margin: 30,
      xAxisLabelRotation: 45,
    });
  });

  it('leaves a time-series bar chart with an x-axis as it is apart from the version', () => {
    const formData = {
      datasource: '7__table',
      viz_type: 'echarts_timeseries_bar' as const,
      x_axis: 'order_date',
      groupby: ['country'],
      orientation: 'horizontal',
    };
    expect(migrate(formData)).toEqual({ ...formData, form_data_version: FORM_DATA_VERSION });
  });
});
