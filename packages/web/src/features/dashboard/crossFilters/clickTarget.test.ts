import type { ChartDataResult, DatasourceMeta, FormData } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import {
  type ClickContext,
  type CrossFilterTarget,
  crossFilterTarget,
  selectionFromCell,
  selectionFromClick,
  selectionFromDimensions,
  supportsCrossFilters,
} from './clickTarget.ts';

const datasource: DatasourceMeta = {
  id: 1,
  type: 'table',
  columns: [
    { column_name: 'region', verbose_name: null, type_generic: 1, is_dttm: false },
    { column_name: 'city', verbose_name: null, type_generic: 1, is_dttm: false },
    { column_name: 'year', verbose_name: null, type_generic: 0, is_dttm: false },
    { column_name: 'returned', verbose_name: null, type_generic: 3, is_dttm: false },
    { column_name: 'order_ts', verbose_name: null, type_generic: 2, is_dttm: true },
  ],
  metrics: [],
  verboseMap: {},
};

const form = (vizType: string, extra: Record<string, unknown>): FormData =>
  ({ viz_type: vizType, datasource: '1__table', ...extra }) as FormData;

const adhoc = { label: 'Upper region', sqlExpression: 'upper(region)', expressionType: 'SQL' as const };

const context = (rows: Array<Record<string, unknown>> | null, formData?: FormData): ClickContext => ({
  queriesData: rows
    ? ([{ data: rows, colnames: [], coltypes: [], rowcount: rows.length }] as ChartDataResult[])
    : null,
  formData: formData ?? null,
  datasource,
  locale: 'en',
});
const none = context(null);

const click = (target: CrossFilterTarget, params: Record<string, unknown>, at: ClickContext = none) =>
  selectionFromClick(target, { componentType: 'series', ...params }, at);

describe('crossFilterTarget', () => {
  it('filters a timeseries chart on all its dimensions, adhoc ones included', () => {
    const formData = form('echarts_timeseries_bar', {
      x_axis: 'order_ts',
      groupby: ['region', adhoc],
      metrics: ['revenue'],
    });
    expect(crossFilterTarget('echarts_timeseries_bar', formData, datasource)).toEqual({
      kind: 'series',
      queries: [{ prefix: '', columns: ['region', adhoc] }],
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

  it('filters the mixed chart on each query’s own dimensions', () => {
    const formData = form('mixed_timeseries', { groupby: ['region'], groupby_b: ['city', 'year'] });
    expect(crossFilterTarget('mixed_timeseries', formData, datasource)).toEqual({
      kind: 'series',
      queries: [
        { prefix: 'A:', columns: ['region'] },
        { prefix: 'B:', columns: ['city', 'year'] },
      ],
    });
    expect(
      crossFilterTarget(
        'mixed_timeseries',
        form('mixed_timeseries', { groupby: [], groupby_b: [] }),
        datasource,
      ),
    ).toBeNull();
  });

  it('filters row charts on their dimensions: pie, funnel, gauge, box plot, word cloud', () => {
    expect(crossFilterTarget('pie', form('pie', { groupby: ['region', 'city'] }), datasource)).toEqual({
      kind: 'row',
      element: 'pie',
      columns: ['region', 'city'],
      perRow: 1,
    });
    expect(crossFilterTarget('funnel', form('funnel', { groupby: [adhoc] }), datasource)).toMatchObject({
      element: 'funnel',
      columns: [adhoc],
    });
    expect(
      crossFilterTarget('gauge_chart', form('gauge_chart', { groupby: ['region'] }), datasource),
    ).toMatchObject({
      element: 'gauge',
    });
    expect(
      crossFilterTarget(
        'box_plot',
        form('box_plot', { groupby: ['region'], columns: ['city'], metrics: ['a', 'b'] }),
        datasource,
      ),
    ).toEqual({ kind: 'row', element: 'boxplot', columns: ['region'], perRow: 2 });
    expect(crossFilterTarget('word_cloud', form('word_cloud', { series: 'city' }), datasource)).toMatchObject(
      {
        element: 'graphic',
        columns: ['city'],
      },
    );
    // Without a dimension there is nothing to filter on.
    expect(crossFilterTarget('pie', form('pie', { groupby: [] }), datasource)).toBeNull();
    expect(crossFilterTarget('gauge_chart', form('gauge_chart', {}), datasource)).toBeNull();
  });

  it('filters trees on their hierarchy and the heatmap on its two axes', () => {
    expect(
      crossFilterTarget('treemap_v2', form('treemap_v2', { groupby: ['region', 'city'] }), datasource),
    ).toEqual({
      kind: 'tree',
      columns: ['region', 'city'],
      skip: 2,
    });
    expect(
      crossFilterTarget('sunburst_v2', form('sunburst_v2', { columns: ['region'] }), datasource),
    ).toEqual({
      kind: 'tree',
      columns: ['region'],
      skip: 1,
    });
    expect(
      crossFilterTarget(
        'heatmap_v2',
        form('heatmap_v2', {
          x_axis: 'region',
          groupby: ['year'],
          metric: 'revenue',
          sort_y_axis: 'alpha_desc',
        }),
        datasource,
      ),
    ).toEqual({
      kind: 'heatmap',
      x: 'region',
      y: 'year',
      metric: 'revenue',
      sortX: 'alpha_asc',
      sortY: 'alpha_desc',
    });
    expect(crossFilterTarget('table', form('table', {}), datasource)).toEqual({ kind: 'cell' });
  });

  it('filters a pivot table on its row and column dimensions', () => {
    const formData = form('pivot_table_v2', { groupbyRows: ['region', adhoc], groupbyColumns: ['year'] });
    expect(crossFilterTarget('pivot_table_v2', formData, datasource)).toEqual({
      kind: 'dimensions',
      columns: ['region', adhoc, 'year'],
    });
    const metricsOnly = form('pivot_table_v2', { groupbyRows: [], groupbyColumns: [], metrics: ['revenue'] });
    expect(crossFilterTarget('pivot_table_v2', metricsOnly, datasource)).toBeNull();
  });

  it('offers nothing on types that do not cross-filter', () => {
    expect(crossFilterTarget('big_number_total', form('big_number_total', {}), datasource)).toBeNull();
    expect(
      crossFilterTarget('sankey_v2', form('sankey_v2', { source: 'a', target: 'b' }), datasource),
    ).toBeNull();
    expect(supportsCrossFilters('big_number_total')).toBe(false);
    expect(supportsCrossFilters('histogram_v2')).toBe(false);
    for (const vizType of [
      'echarts_area',
      'funnel',
      'treemap_v2',
      'sunburst_v2',
      'heatmap_v2',
      'mixed_timeseries',
    ])
      expect(supportsCrossFilters(vizType)).toBe(true);
  });
});

describe('selectionFromClick', () => {
  const one: CrossFilterTarget = { kind: 'series', queries: [{ prefix: '', columns: ['region'] }] };

  it('reads a dimension value from the last level of the series id', () => {
    expect(click(one, { seriesId: 'revenue, East' })).toEqual([{ column: 'region', value: 'East' }]);
    expect(click(one, { seriesId: 'revenue, <NULL>' })).toEqual([{ column: 'region', value: null }]);
    expect(click(one, { seriesId: 'formula:Goal' })).toBeNull();
    expect(
      selectionFromClick(one, { componentType: 'markLine', seriesId: 'revenue, East' }, none),
    ).toBeNull();
  });

  it('reads one value per dimension from the series id, typed as the dataset says', () => {
    const target: CrossFilterTarget = {
      kind: 'series',
      queries: [{ prefix: '', columns: ['region', adhoc, 'year', 'returned'] }],
    };
    // A separator inside a value is escaped in the id, so it stays one value.
    expect(click(target, { seriesId: 'revenue, East, NORTH\\, WEST, 2024, True' })).toEqual([
      { column: 'region', value: 'East' },
      { column: adhoc, value: 'NORTH, WEST' },
      { column: 'year', value: 2024 },
      { column: 'returned', value: true },
    ]);
    expect(click(target, { seriesId: 'revenue, East' })).toBeNull();
  });

  it('reads the mixed chart’s clicked query from the series id prefix', () => {
    const target: CrossFilterTarget = {
      kind: 'series',
      queries: [
        { prefix: 'A:', columns: ['region'] },
        { prefix: 'B:', columns: [] },
      ],
    };
    expect(click(target, { seriesId: 'A:revenue, East' })).toEqual([{ column: 'region', value: 'East' }]);
    expect(click(target, { seriesId: 'B:orders' })).toBeNull();
  });

  it('reads a category from the clicked name', () => {
    expect(click({ kind: 'category', column: 'region' }, { name: 'West' })).toEqual([
      { column: 'region', value: 'West' },
    ]);
  });

  it('reads a row element’s values from its row, per row of elements', () => {
    const rows = context([
      { region: 'North', city: 'Oslo', revenue: 1 },
      { region: 7, city: null, revenue: 2 },
    ]);
    const pie: CrossFilterTarget = { kind: 'row', element: 'pie', columns: ['region', 'city'], perRow: 1 };
    expect(click(pie, { seriesType: 'pie', dataIndex: 1 }, rows)).toEqual([
      { column: 'region', value: 7 },
      { column: 'city', value: null },
    ]);
    expect(click(pie, { seriesType: 'pie', dataIndex: 5 }, rows)).toBeNull();
    const box: CrossFilterTarget = { kind: 'row', element: 'boxplot', columns: ['region'], perRow: 2 };
    expect(click(box, { seriesType: 'boxplot', dataIndex: 3 }, rows)).toEqual([
      { column: 'region', value: 7 },
    ]);
    // The outliers' scatter series is not a box.
    expect(click(box, { seriesType: 'scatter', dataIndex: 0 }, rows)).toBeNull();
    const funnel: CrossFilterTarget = { kind: 'row', element: 'funnel', columns: [adhoc], perRow: 1 };
    const upper = context([{ 'Upper region': 'NORTH', revenue: 3 }]);
    expect(click(funnel, { seriesType: 'funnel', dataIndex: 0 }, upper)).toEqual([
      { column: adhoc, value: 'NORTH' },
    ]);
    const gauge: CrossFilterTarget = { kind: 'row', element: 'gauge', columns: ['region'], perRow: 1 };
    expect(click(gauge, { seriesType: 'gauge', dataIndex: 0 }, rows)).toEqual([
      { column: 'region', value: 'North' },
    ]);
  });

  it('reads a word cloud’s word from the row its graphic element carries', () => {
    const target: CrossFilterTarget = { kind: 'row', element: 'graphic', columns: ['city'], perRow: 1 };
    const rows = context([{ city: 'Oslo' }, { city: 'Rome' }]);
    expect(selectionFromClick(target, { componentType: 'graphic', info: { row: 1 } }, rows)).toEqual([
      { column: 'city', value: 'Rome' },
    ]);
    expect(selectionFromClick(target, { componentType: 'graphic' }, rows)).toBeNull();
  });

  it('reads a tree node’s path as one value per level, from its row', () => {
    const rows = context([
      { region: 'Europe', city: 'Oslo', revenue: 1 },
      { region: 'Europe', city: null, revenue: 2 },
      { region: 'Asia', city: 'Tokyo', revenue: 3 },
    ]);
    const treemap: CrossFilterTarget = { kind: 'tree', columns: ['region', 'city'], skip: 2 };
    const path = (...names: string[]) => ({ treePathInfo: names.map((name) => ({ name })) });
    expect(click(treemap, path('revenue', 'revenue', 'Europe', 'Oslo'), rows)).toEqual([
      { column: 'region', value: 'Europe' },
      { column: 'city', value: 'Oslo' },
    ]);
    expect(click(treemap, path('revenue', 'revenue', 'Asia'), rows)).toEqual([
      { column: 'region', value: 'Asia' },
    ]);
    // The metric's node above the hierarchy selects nothing.
    expect(click(treemap, path('revenue', 'revenue'), rows)).toBeNull();
    const sunburst: CrossFilterTarget = { kind: 'tree', columns: ['region', 'city'], skip: 1 };
    expect(click(sunburst, path('', 'Europe', '<NULL>'), rows)).toEqual([
      { column: 'region', value: 'Europe' },
      { column: 'city', value: null },
    ]);
  });

  it('reads a heatmap cell’s x and y values from the sorted axes', () => {
    const rows = context([
      { region: 'West', year: 2023, revenue: 1 },
      { region: 'East', year: 2024, revenue: 2 },
    ]);
    const target: CrossFilterTarget = {
      kind: 'heatmap',
      x: 'region',
      y: 'year',
      metric: 'revenue',
      sortX: 'alpha_asc',
      sortY: 'alpha_desc',
    };
    // x sorted: East, West; y sorted descending: 2024, 2023.
    expect(click(target, { value: [1, 0, 5] }, rows)).toEqual([
      { column: 'region', value: 'West' },
      { column: 'year', value: 2024 },
    ]);
    expect(click(target, { value: [4, 0, 5] }, rows)).toBeNull();
  });

  it('takes a table cell as it is, a missing value as null', () => {
    expect(selectionFromCell('region', 'East')).toEqual([{ column: 'region', value: 'East' }]);
    expect(selectionFromCell('region', undefined)).toEqual([{ column: 'region', value: null }]);
  });

  it('takes a pivot header’s or cell’s dimensions, adhoc ones as their column objects', () => {
    const target: CrossFilterTarget = { kind: 'dimensions', columns: ['region', adhoc, 'year'] };
    expect(selectionFromDimensions(target, { region: 'East', 'Upper region': null, year: 2024 })).toEqual([
      { column: 'region', value: 'East' },
      { column: adhoc, value: null },
      { column: 'year', value: 2024 },
    ]);
  });
});
