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
  viz_type: 'table',
  ...extra,
});

const messages = (name: string, data: FormData) => validate(data[name], data, control(name).validators);

describe('table control panel', () => {
  it('needs dimensions, metrics or percentage metrics in aggregate mode', () => {
    const empty = formData({ query_mode: 'aggregate', groupby: [], metrics: [], percent_metrics: [] });
    const expected = [{ key: 'viz.types.table.validation.aggregateNeedsValue' }];
    expect(messages('metrics', empty)).toEqual(expected);
    expect(messages('groupby', empty)).toEqual(expected);
    expect(messages('percent_metrics', empty)).toEqual(expected);
    expect(messages('metrics', { ...empty, metrics: ['count'] })).toEqual([]);
    expect(messages('metrics', { ...empty, groupby: ['country'] })).toEqual([]);
  });

  it('needs columns in raw mode and nothing of the aggregate controls', () => {
    const raw = formData({ query_mode: 'raw', all_columns: [] });
    expect(messages('all_columns', raw)).toEqual([{ key: 'validation.nonEmpty' }]);
    expect(messages('metrics', raw)).toEqual([]);
    expect(messages('all_columns', formData({ query_mode: 'aggregate', all_columns: [] }))).toEqual([]);
  });

  it('refuses a row limit above 100000', () => {
    expect(messages('row_limit', formData({ row_limit: 100001 }))).toEqual([
      { key: 'validation.maxValue', params: { max: 100000 } },
    ]);
    expect(messages('row_limit', formData({ row_limit: 'ten' }))).toEqual([{ key: 'validation.integer' }]);
    expect(messages('row_limit', formData({ row_limit: 100000 }))).toEqual([]);
  });

  it('shows the controls of the chosen query mode', () => {
    const aggregate = formData({ query_mode: 'aggregate' });
    const raw = formData({ query_mode: 'raw' });
    for (const name of [
      'groupby',
      'metrics',
      'percent_metrics',
      'timeseries_limit_metric',
      'show_totals',
      'time_grain_sqla',
    ]) {
      expect(control(name).visibility?.(aggregate), name).toBe(true);
      expect(control(name).visibility?.(raw), name).toBe(false);
    }
    for (const name of ['all_columns', 'order_by_cols']) {
      expect(control(name).visibility?.(raw), name).toBe(true);
      expect(control(name).visibility?.(aggregate), name).toBe(false);
    }
  });

  it('offers the server page length only with server pagination, the page length only without', () => {
    expect(control('server_page_length').visibility?.(formData({ server_pagination: true }))).toBe(true);
    expect(control('server_page_length').visibility?.(formData({}))).toBe(false);
    expect(control('page_length').visibility?.(formData({ server_pagination: true }))).toBe(false);
  });

  it("has Superset's defaults", () => {
    expect(controlDefaults(controlPanel.sections)).toMatchObject({
      query_mode: 'aggregate',
      groupby: [],
      metrics: [],
      percent_metrics: [],
      all_columns: [],
      row_limit: 10000,
      server_pagination: false,
      server_page_length: 10,
      show_totals: false,
      table_timestamp_format: 'smart_date',
      include_search: false,
      show_cell_bars: true,
      align_pn: false,
      color_pn: true,
      order_desc: true,
    });
  });
});

describe('order_by_cols', () => {
  it('says "Found invalid orderby options" for a typed option that is not ["column", ascending]', () => {
    const rawMode = formData({ query_mode: 'raw' });
    const check = (value: unknown) => validate(value, rawMode, control('order_by_cols').validators);
    expect(check(['["name", true]'])).toEqual([]);
    expect(check(['name desc'])).toEqual([{ key: 'validation.invalidOrderby' }]);
  });
});
