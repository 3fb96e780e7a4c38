import { describe, expect, it } from 'vitest';
import { controlDefaults } from '../shared/controls.ts';
import type { FormData } from '../types.ts';
import { lineSeriesRows, timeseriesControlPanel } from './controlPanel.ts';
import {
  annotationSourcesChosen,
  boundsInOrder,
  formulasParse,
  timeseriesControls,
  twinControl,
} from './controls.ts';
import { formDataOfQuery } from './formData.ts';

const formData: FormData = { datasource: '1__table', viz_type: 'echarts_timeseries_line' };

describe('time-series controls', () => {
  it('checks the y-axis bounds are in order', () => {
    expect(boundsInOrder([10, 5], formData)).toEqual({ key: 'viz.timeseries.validation.boundsOrder' });
    expect(boundsInOrder([5, 5], formData)).toEqual({ key: 'viz.timeseries.validation.boundsOrder' });
    expect(boundsInOrder([null, 5], formData)).toBeNull();
    expect(boundsInOrder(['1', '2'], formData)).toBeNull();
  });

  it('checks formula layers parse and sourced layers have a source', () => {
    const layers = [
      { name: 'Good', annotationType: 'FORMULA', value: '2x', show: true },
      { name: 'Bad', annotationType: 'FORMULA', value: '2x +', show: true },
    ];
    expect(formulasParse(layers, formData)).toEqual({
      key: 'viz.timeseries.validation.invalidFormula',
      params: { name: 'Bad' },
    });
    expect(formulasParse(layers.slice(0, 1), formData)).toBeNull();
    expect(
      annotationSourcesChosen(
        [{ name: 'Events', annotationType: 'EVENT', sourceType: 'table', value: '' }],
        formData,
      ),
    ).toEqual({ key: 'viz.timeseries.validation.annotationSource', params: { name: 'Events' } });
  });

  it('shows dependent controls only when they apply', () => {
    const { rolling_periods, comparison_type, opacity, markerSize, only_total, y_axis_bounds } =
      timeseriesControls;
    expect(rolling_periods.visibility({ ...formData, rolling_type: 'mean' })).toBe(true);
    expect(rolling_periods.visibility({ ...formData, rolling_type: 'cumsum' })).toBe(false);
    expect(comparison_type.visibility({ ...formData, time_compare: [] })).toBe(false);
    expect(comparison_type.visibility({ ...formData, time_compare: ['1 year ago'] })).toBe(true);
    expect(opacity.visibility({ ...formData, area: true })).toBe(true);
    expect(markerSize.visibility(formData)).toBe(false);
    expect(only_total.visibility({ ...formData, show_value: true, stack: 'Stack' })).toBe(true);
    expect(only_total.visibility({ ...formData, show_value: true, stack: null })).toBe(false);
    expect(y_axis_bounds.visibility({ ...formData, truncateYAxis: true })).toBe(true);
  });

  it('makes twins that read their own part of the form', () => {
    const twin = twinControl(timeseriesControls.rolling_periods, '_b', (fd) => formDataOfQuery(fd, 'B'));
    expect(twin.name).toBe('rolling_periods_b');
    expect(twin.visibility?.({ ...formData, rolling_type: 'mean', rolling_type_b: 'cumsum' })).toBe(false);
    expect(twin.validators?.[0]?.('2.5', formData)).toEqual({ key: 'validation.integer' });
  });

  it("has Superset's defaults", () => {
    expect(controlDefaults(timeseriesControlPanel({ seriesRows: lineSeriesRows() }).sections)).toMatchObject({
      time_grain_sqla: 'P1D',
      metrics: [],
      groupby: [],
      row_limit: 10000,
      order_desc: true,
      truncate_metric: true,
      show_empty_columns: true,
      comparison_type: 'values',
      time_compare: [],
      annotation_layers: [],
      stack: null,
      area: false,
      opacity: 0.2,
      markerEnabled: false,
      markerSize: 6,
      zoomable: false,
      show_legend: true,
      legendType: 'scroll',
      legendOrientation: 'top',
      rich_tooltip: true,
      x_axis_time_format: 'smart_date',
      y_axis_format: 'SMART_NUMBER',
      sort_series_type: 'sum',
    });
  });
});
