import type { ChartDataResult, DatasourceMeta, FormData } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import {
  crossFilterTarget,
  selectionFromCell,
  selectionFromClick,
  supportsCrossFilters,
} from './clickTarget.ts';

const datasource: DatasourceMeta = {
  id: 1,
  type: 'table',
  columns: [
    { column_name: 'region', verbose_name: null, type_generic: 1, is_dttm: false },
    { column_name: 'order_ts', verbose_name: null, type_generic: 2, is_dttm: true },
  ],
  metrics: [],
  verboseMap: {},
};

const form = (vizType: string, extra: Record<string, unknown>): FormData =>
  ({ viz_type: vizType, datasource: '1__table', ...extra }) as FormData;

describe('crossFilterTarget', () => {
  it('filters a timeseries chart with one dimension on its series', () => {
    const formData = form('echarts_timeseries_bar', {
      x_axis: 'order_ts',
      groupby: ['region'],
      metrics: ['revenue'],
    });
    expect(crossFilterTarget('echarts_timeseries_bar', formData, datasource)).toEqual({
      kind: 'series',
      column: 'region',
    });
  });

  it('filters a bar chart without dimensions on its category axis, never on a temporal one', () => {
    const byRegion = form('echarts_timeseries_bar', { x_axis: 'region', groupby: [], metrics: ['revenue'] });
    expect(crossFilterTarget('echarts_timeseries_bar', byRegion, datasource)).toEqual({
      kind: 'category',
      column: 'region',
    });
    const byTime = form('echarts_timeseries_bar', { x_axis: 'order_ts', groupby: [], metrics: ['revenue'] });
    expect(crossFilterTarget('echarts_timeseries_bar', byTime, datasource)).toBeNull();
    // Without the dataset the axis type is unknown, so no filter is offered.
    expect(crossFilterTarget('echarts_timeseries_bar', byRegion, null)).toBeNull();
  });

  it('filters a pie on its one dimension and a table on its cells', () => {
    expect(crossFilterTarget('pie', form('pie', { groupby: ['region'] }), datasource)).toEqual({
      kind: 'slice',
      column: 'region',
    });
    expect(crossFilterTarget('pie', form('pie', { groupby: ['region', 'city'] }), datasource)).toBeNull();
    expect(crossFilterTarget('table', form('table', {}), datasource)).toEqual({ kind: 'cell' });
  });

  it('refuses adhoc dimensions and types that do not cross-filter', () => {
    const adhoc = form('pie', {
      groupby: [{ label: 'r', sqlExpression: 'upper(region)', expressionType: 'SQL' }],
    });
    expect(crossFilterTarget('pie', adhoc, datasource)).toBeNull();
    expect(crossFilterTarget('big_number_total', form('big_number_total', {}), datasource)).toBeNull();
    expect(supportsCrossFilters('big_number_total')).toBe(false);
    expect(supportsCrossFilters('echarts_area')).toBe(true);
  });
});

describe('selectionFromClick', () => {
  it('reads the dimension value from the last level of the series id', () => {
    const target = { kind: 'series', column: 'region' } as const;
    expect(selectionFromClick(target, { componentType: 'series', seriesId: 'revenue, East' }, null)).toEqual({
      column: 'region',
      value: 'East',
    });
    expect(
      selectionFromClick(target, { componentType: 'series', seriesId: 'revenue, <NULL>' }, null),
    ).toEqual({
      column: 'region',
      value: null,
    });
    expect(
      selectionFromClick(target, { componentType: 'series', seriesId: 'formula:Goal' }, null),
    ).toBeNull();
    expect(
      selectionFromClick(target, { componentType: 'markLine', seriesId: 'revenue, East' }, null),
    ).toBeNull();
  });

  it('reads a category from the clicked name and a slice from its row', () => {
    expect(
      selectionFromClick(
        { kind: 'category', column: 'region' },
        { componentType: 'series', name: 'West' },
        null,
      ),
    ).toEqual({ column: 'region', value: 'West' });
    const rows = [
      {
        data: [
          { region: 'North', revenue: 1 },
          { region: 7, revenue: 2 },
        ],
      },
    ] as unknown as ChartDataResult[];
    expect(
      selectionFromClick(
        { kind: 'slice', column: 'region' },
        { componentType: 'series', dataIndex: 1 },
        rows,
      ),
    ).toEqual({ column: 'region', value: 7 });
    expect(
      selectionFromClick(
        { kind: 'slice', column: 'region' },
        { componentType: 'series', dataIndex: 5 },
        rows,
      ),
    ).toBeNull();
  });

  it('takes a table cell as it is, a missing value as null', () => {
    expect(selectionFromCell('region', 'East')).toEqual({ column: 'region', value: 'East' });
    expect(selectionFromCell('region', undefined)).toEqual({ column: 'region', value: null });
  });
});
