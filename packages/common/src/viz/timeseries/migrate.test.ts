import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION, type FormData } from '../types.ts';
import { migrateTimeseries } from './migrate.ts';

const legacy = (fields: Record<string, unknown>): FormData => ({
  datasource: '7__table',
  viz_type: 'echarts_timeseries_line',
  ...fields,
});

describe('time-series form data migration', () => {
  it('turns the legacy time column and range into the x-axis and a temporal range filter', () => {
    const migrated = migrateTimeseries(
      legacy({
        granularity_sqla: 'order_date',
        time_range: 'Last quarter',
        time_grain_sqla: 'PT0.5H',
        metrics: ['orders'],
        groupby: ['country'],
        adhoc_filters: [
          {
            expressionType: 'SIMPLE',
            clause: 'WHERE',
            subject: 'country',
            operator: 'IN',
            comparator: ['FR'],
          },
        ],
      }),
    );
    expect(migrated).toEqual({
      datasource: '7__table',
      viz_type: 'echarts_timeseries_line',
      form_data_version: FORM_DATA_VERSION,
      x_axis: 'order_date',
      time_grain_sqla: 'PT30M',
      metrics: ['orders'],
      groupby: ['country'],
      adhoc_filters: [
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'country', operator: 'IN', comparator: ['FR'] },
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'order_date',
          operator: 'TEMPORAL_RANGE',
          comparator: 'Last quarter',
        },
      ],
    });
  });

  it('keeps an existing temporal range filter and x-axis', () => {
    const range = {
      expressionType: 'SIMPLE',
      clause: 'WHERE',
      subject: 'created_at',
      operator: 'TEMPORAL_RANGE',
      comparator: 'Last week',
    };
    const migrated = migrateTimeseries(
      legacy({ granularity_sqla: 'order_date', x_axis: 'created_at', adhoc_filters: [range] }),
    );
    expect(migrated.x_axis).toBe('created_at');
    expect(migrated.adhoc_filters).toEqual([range]);
    expect(migrated).not.toHaveProperty('granularity_sqla');
  });

  it('renames NVD3 line parameters as Superset does', () => {
    const migrated = migrateTimeseries(
      legacy({
        x_axis_format: '%Y-%m',
        x_axis_label: 'Month',
        bottom_margin: 'auto',
        y_axis_label: 'Orders',
        left_margin: 50,
        y_log_scale: true,
        y_axis_showminmax: false,
        x_ticks_layout: '45°',
        show_brush: 'yes',
        show_markers: true,
        contribution: true,
        rolling_type: 'None',
        time_compare: ['1 year', '28 days ago'],
        comparison_type: 'absolute',
        line_interpolation: 'linear',
        show_controls: true,
        groupby: ['country'],
      }),
    );
    expect(migrated).toMatchObject({
      x_axis_time_format: '%Y-%m',
      x_axis_title: 'Month',
      x_axis_title_margin: 30,
      y_axis_title: 'Orders',
      y_axis_title_margin: 50,
      logAxis: true,
      truncateYAxis: true,
      xAxisLabelRotation: 45,
      zoomable: true,
      markerEnabled: true,
      contributionMode: 'row',
      rolling_type: null,
      time_compare: ['1 year ago', '28 days ago'],
      comparison_type: 'difference',
      groupby: ['country'],
    });
    for (const key of [
      'x_axis_format',
      'x_axis_label',
      'bottom_margin',
      'y_log_scale',
      'y_axis_showminmax',
      'x_ticks_layout',
      'show_brush',
      'show_markers',
      'contribution',
      'line_interpolation',
      'show_controls',
    ])
      expect(migrated, key).not.toHaveProperty(key);
  });

  it('writes stacks as Superset names them', () => {
    expect(migrateTimeseries(legacy({ stack: true })).stack).toBe('Stack');
    expect(migrateTimeseries(legacy({ stack: false })).stack).toBeNull();
    expect(migrateTimeseries(legacy({ stacked_style: 'expand' })).stack).toBe('Expand');
    expect(migrateTimeseries(legacy({ bar_stacked: true, show_bar_value: true }))).toMatchObject({
      stack: 'Stack',
      show_value: true,
    });
  });

  it('never overwrites a current key with its legacy twin, and leaves current form data alone', () => {
    expect(
      migrateTimeseries(legacy({ x_axis_format: '%Y', x_axis_time_format: '%d' })).x_axis_time_format,
    ).toBe('%d');
    const current = legacy({ form_data_version: FORM_DATA_VERSION, x_axis_format: '%Y', stack: true });
    expect(migrateTimeseries(current)).toBe(current);
  });

  it('runs a type step before the shared ones and does not change its input', () => {
    const input = legacy({ metric: 'orders', granularity_sqla: 'ts' });
    const migrated = migrateTimeseries(input, (data) => {
      data.metrics = [data.metric];
      delete data.metric;
    });
    expect(migrated).toMatchObject({ metrics: ['orders'], x_axis: 'ts' });
    expect(input).toEqual(legacy({ metric: 'orders', granularity_sqla: 'ts' }));
  });
});
