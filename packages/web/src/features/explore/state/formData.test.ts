import { FORM_DATA_VERSION, type FormData } from '@vitrina/common';
import { CHART_PLUGINS } from '@vitrina/common/viz/registry';
import { describe, expect, it } from 'vitest';
import { barPlugin, dataset, numberPlugin } from '../testing/fixtures.ts';
import {
  changedKeys,
  dropUnknownChoices,
  prepareFormData,
  resolveVizType,
  switchVizType,
} from './formData.ts';

describe('prepareFormData', () => {
  it('takes the server-migrated form data as it is and stamps the current version', () => {
    // The server migrates saved form data; explore does not run the chain a second time.
    const formData = prepareFormData(
      { viz_type: 'echarts_timeseries_bar', granularity_sqla: 'kept', x_axis: 'region', metrics: ['count'] },
      barPlugin,
      dataset,
    );
    expect(formData.granularity_sqla).toBe('kept');
    expect(formData.x_axis).toBe('region');
    expect(formData.form_data_version).toBe(FORM_DATA_VERSION);
    expect(formData.datasource).toBe('7__table');
  });

  it('fills control defaults and starts a temporal x-axis on the main time column', () => {
    const formData = prepareFormData({}, barPlugin, dataset);
    expect(formData).toMatchObject({
      viz_type: 'echarts_timeseries_bar',
      metrics: [],
      row_limit: 10000,
      orientation: 'vertical',
      show_legend: true,
      x_axis: 'order_ts',
    });
  });

  it('tells table-like charts which columns are temporal (temporal_columns_lookup)', () => {
    expect(prepareFormData({}, barPlugin, dataset).temporal_columns_lookup).toEqual({
      order_ts: true,
      region: false,
      revenue: false,
    });
  });

  it('starts a new chart with a No filter time range on the time column, but not a saved one', () => {
    expect(prepareFormData({}, barPlugin, dataset).adhoc_filters).toEqual([
      {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'order_ts',
        operator: 'TEMPORAL_RANGE',
        operatorId: 'TEMPORAL_RANGE',
        comparator: 'No filter',
        filterOptionName: 'filter_time_range_order_ts',
      },
    ]);
    expect(prepareFormData({ adhoc_filters: [] }, barPlugin, dataset).adhoc_filters).toEqual([]);
    const noTime = { ...dataset, main_dttm_col: null, columns: dataset.columns.filter((c) => !c.is_dttm) };
    expect(prepareFormData({}, barPlugin, noTime).adhoc_filters).toEqual([]);
  });

  it('keeps saved values over defaults and drops select values that are no longer choices', () => {
    const formData = prepareFormData(
      { row_limit: 500, orientation: 'diagonal', show_legend: false, unknown_key: 'kept' },
      barPlugin,
      dataset,
    );
    expect(formData.row_limit).toBe(500);
    expect(formData.orientation).toBe('vertical');
    expect(formData.show_legend).toBe(false);
    expect(formData.unknown_key).toBe('kept');
  });
});

describe('dropUnknownChoices', () => {
  it('leaves free-form selects alone', () => {
    const formData = { datasource: '7__table', viz_type: 'table', row_limit: 1234 } as FormData;
    expect(dropUnknownChoices(formData, barPlugin.controlPanel).row_limit).toBe(1234);
  });
});

describe('resolveVizType', () => {
  it('takes the first given type and falls back to table for unknown ones', () => {
    expect(resolveVizType(null, 'pie', 'table')).toEqual({ vizType: 'pie', unknown: null });
    expect(resolveVizType(undefined, '')).toEqual({ vizType: 'table', unknown: null });
    expect(resolveVizType('dist_bar')).toEqual({ vizType: 'echarts_timeseries_bar', unknown: null });
    expect(resolveVizType('deck_arc')).toEqual({ vizType: 'table', unknown: 'deck_arc' });
  });
});

describe('switchVizType', () => {
  const bar = prepareFormData(
    { metrics: ['count', 'revenue_sum'], adhoc_filters: [], row_limit: 100, groupby: ['region'] },
    barPlugin,
    dataset,
  );

  it('keeps shared control values and crosses metrics into the single-metric control', () => {
    const number = switchVizType(bar, numberPlugin, dataset);
    expect(number.viz_type).toBe('big_number_total');
    expect(number.metric).toBe('count');
    expect(number.adhoc_filters).toEqual([]);
    expect(number.header_font_size).toBe(0.4);
    // Values of controls the new type lacks stay for a switch back.
    expect(number.groupby).toEqual(['region']);
    const back = switchVizType(number, barPlugin, dataset);
    expect(back.metrics).toEqual(['count', 'revenue_sum']);
    expect(back.row_limit).toBe(100);
  });

  it('carries the table dimensions into the pivot table rows, and the pivot dimensions back', () => {
    const table = prepareFormData(
      { query_mode: 'aggregate', groupby: ['region', 'channel'], metrics: ['count'] },
      CHART_PLUGINS.table,
      dataset,
    );
    const pivot = switchVizType(table, CHART_PLUGINS.pivot_table_v2, dataset);
    expect(pivot.groupbyRows).toEqual(['region', 'channel']);
    expect(pivot.groupbyColumns).toEqual([]);
    expect(pivot.metrics).toEqual(['count']);
    const fromPivot = prepareFormData(
      { groupbyRows: ['region'], groupbyColumns: ['channel'], metrics: ['count'] },
      CHART_PLUGINS.pivot_table_v2,
      dataset,
    );
    expect(switchVizType(fromPivot, CHART_PLUGINS.table, dataset).groupby).toEqual(['region', 'channel']);
  });

  it('turns a single metric into the metrics list', () => {
    const number = prepareFormData({ metric: 'count' }, numberPlugin, dataset);
    expect(switchVizType(number, barPlugin, dataset).metrics).toEqual(['count']);
  });
});

describe('changedKeys', () => {
  it('compares values structurally, regardless of key order', () => {
    const a = { datasource: '1__table', viz_type: 'table', m: { a: 1, b: 2 } } as FormData;
    const b = { viz_type: 'table', datasource: '1__table', m: { b: 2, a: 1 } } as FormData;
    expect(changedKeys(a, b)).toEqual([]);
    expect(changedKeys(a, { ...b, row_limit: 5 })).toEqual(['row_limit']);
  });
});
