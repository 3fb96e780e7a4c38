import { describe, expect, it } from 'vitest';
import { validate } from '../../validation/index.ts';
import { controlDefaults } from '../shared/controls.ts';
import type { ControlConfig, FormData } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

function control(name: string): ControlConfig {
  for (const section of controlPanel.sections)
    for (const row of section.controlRows) for (const item of row) if (item.name === name) return item;
  throw new Error(`no control ${name}`);
}

const formData = (extra: Partial<FormData>): FormData => ({
  datasource: '1__table',
  viz_type: 'pivot_table_v2',
  ...extra,
});
const messages = (name: string, data: FormData) => validate(data[name], data, control(name).validators);

describe('pivot table control panel', () => {
  it('requires metrics', () => {
    expect(messages('metrics', formData({ metrics: [] }))).toEqual([{ key: 'validation.nonEmpty' }]);
    expect(messages('metrics', formData({ metrics: ['count'] }))).toEqual([]);
  });

  it('caps the row limit at 100000 and wants whole numbers for the cell limit', () => {
    expect(messages('row_limit', formData({ row_limit: 200000 }))).toEqual([
      { key: 'validation.maxValue', params: { max: 100000 } },
    ]);
    expect(messages('series_limit', formData({ series_limit: '1.5' }))).toEqual([
      { key: 'validation.integer' },
    ]);
  });

  it('offers every aggregation and the four key orders', () => {
    expect(control('aggregateFunction').choices?.map((c) => c.value)).toContain(
      'Count as Fraction of Columns',
    );
    expect(control('aggregateFunction').choices).toHaveLength(18);
    expect(control('rowOrder').choices?.map((c) => c.value)).toEqual([
      'key_a_to_z',
      'key_z_to_a',
      'value_a_to_z',
      'value_z_to_a',
    ]);
  });

  it('shows the sort direction only with a sort metric', () => {
    expect(control('order_desc').visibility?.(formData({ series_limit_metric: 'count' }))).toBe(true);
    expect(control('order_desc').visibility?.(formData({}))).toBe(false);
  });

  it("has Superset's defaults", () => {
    expect(controlDefaults(controlPanel.sections)).toMatchObject({
      groupbyRows: [],
      groupbyColumns: [],
      metricsLayout: 'COLUMNS',
      aggregateFunction: 'Sum',
      rowTotals: false,
      colTotals: false,
      rowSubTotals: false,
      colSubTotals: false,
      transposePivot: false,
      combineMetric: false,
      valueFormat: 'SMART_NUMBER',
      date_format: 'smart_date',
      rowOrder: 'key_a_to_z',
      colOrder: 'key_a_to_z',
      row_limit: 10000,
    });
  });
});
