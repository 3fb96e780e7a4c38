import type { ChartDataResult, DatasourceMeta } from '@vitrina/common';
import type { CrossFilterValue } from '@vitrina/common/filters/crossFilter';
import { describe, expect, it } from 'vitest';
import type { CrossFilterTarget } from './clickTarget.ts';
import { DIMMED_OPACITY, type HighlightContext, highlightSelection } from './highlight.ts';

const datasource: DatasourceMeta = {
  id: 1,
  type: 'table',
  columns: [{ column_name: 'year', verbose_name: null, type_generic: 0, is_dttm: false }],
  metrics: [],
  verboseMap: {},
};
const withRows = (rows: Array<Record<string, unknown>> | null, horizontal = false): HighlightContext => ({
  horizontal,
  queriesData: rows ? ([{ data: rows }] as unknown as ChartDataResult[]) : null,
  formData: null,
  datasource,
  locale: 'en',
});
const context = withRows(null);
const one = (column: string, ...values: CrossFilterValue[]) => ({
  columns: [column],
  tuples: values.map((v) => [v]),
});
const DIM = { opacity: DIMMED_OPACITY };
type Data = Array<{ data: unknown[] }>;

describe('highlightSelection', () => {
  const series = (...columns: string[]): CrossFilterTarget => ({
    kind: 'series',
    queries: [{ prefix: '', columns }],
  });

  it('dims the series other than the selected dimension value', () => {
    const option = {
      series: [
        { id: 'revenue, East', type: 'line', itemStyle: { color: 'red' } },
        { id: 'revenue, West', type: 'line', itemStyle: { color: 'blue' } },
        { id: '__stream_baseline__', type: 'line', silent: true, itemStyle: { opacity: 0 } },
      ],
    };
    const result = highlightSelection(option, series('region'), one('region', 'East'), context);
    const [east, west, baseline] = result.series as Array<Record<string, unknown>>;
    expect(east).toBe(option.series[0]);
    expect(west?.itemStyle).toEqual({ color: 'blue', opacity: DIMMED_OPACITY });
    expect(west?.lineStyle).toEqual(DIM);
    expect(baseline).toBe(option.series[2]);
  });

  it('dims the series of other combinations of several dimensions', () => {
    const option = { series: [{ id: 'm, East, 2024' }, { id: 'm, East, 2023' }, { id: 'm, West, 2024' }] };
    const selected = { columns: ['region', 'year'], tuples: [['East', 2024]] };
    const result = highlightSelection(option, series('region', 'year'), selected, context);
    const [kept, ...dimmed] = result.series as Array<Record<string, unknown>>;
    expect(kept).toBe(option.series[0]);
    for (const entry of dimmed) expect(entry.itemStyle).toEqual(DIM);
    // A selection on other columns is not drawn.
    expect(highlightSelection(option, series('region'), selected, context)).toBe(option);
  });

  it('dims the bars of other categories, reading the category from the point', () => {
    const option = {
      series: [
        {
          type: 'bar',
          data: [
            ['East', 5],
            ['West', 3],
          ],
        },
      ],
    };
    const target: CrossFilterTarget = { kind: 'category', column: 'region' };
    const result = highlightSelection(option, target, one('region', 'West'), context);
    expect((result.series as Data)[0]?.data).toEqual([{ value: ['East', 5], itemStyle: DIM }, ['West', 3]]);
    const horizontal = { series: [{ type: 'bar', data: [[5, 'East']] }] };
    const kept = highlightSelection(horizontal, target, one('region', 'East'), withRows(null, true));
    expect((kept.series as Data)[0]?.data).toEqual([[5, 'East']]);
  });

  it('dims the pie slices and funnel steps whose row holds other values', () => {
    const rows = withRows([
      { region: 'North', city: 'A' },
      { region: 'South', city: 'B' },
    ]);
    const option = {
      series: [
        {
          type: 'pie',
          data: [
            { name: 'North, A', value: 1, itemStyle: { color: 'red' } },
            { name: 'South, B', value: 2 },
          ],
        },
      ],
    };
    const pie: CrossFilterTarget = { kind: 'row', element: 'pie', columns: ['region', 'city'], perRow: 1 };
    const result = highlightSelection(
      option,
      pie,
      { columns: ['region', 'city'], tuples: [['South', 'B']] },
      rows,
    );
    expect((result.series as Data)[0]?.data).toEqual([
      { name: 'North, A', value: 1, itemStyle: { color: 'red', opacity: DIMMED_OPACITY } },
      { name: 'South, B', value: 2 },
    ]);
    const funnel: CrossFilterTarget = { kind: 'row', element: 'funnel', columns: ['region'], perRow: 1 };
    const steps = { series: [{ type: 'funnel', data: [{ name: 'North' }, { name: 'South' }] }] };
    expect((highlightSelection(steps, funnel, one('region', 'North'), rows).series as Data)[0]?.data).toEqual(
      [{ name: 'North' }, { name: 'South', itemStyle: DIM }],
    );
  });

  it('dims the boxes of other rows, several boxes per row, and not the outliers', () => {
    const rows = withRows([{ region: 'North' }, { region: 'South' }]);
    const option = {
      series: [
        { type: 'boxplot', data: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }] },
        { type: 'scatter', data: [['a', 1]] },
      ],
    };
    const box: CrossFilterTarget = { kind: 'row', element: 'boxplot', columns: ['region'], perRow: 2 };
    const result = highlightSelection(option, box, one('region', 'South'), rows).series as Data;
    expect(result[0]?.data).toEqual([
      { name: 'a', itemStyle: DIM },
      { name: 'b', itemStyle: DIM },
      { name: 'c' },
      { name: 'd' },
    ]);
    expect(result[1]).toBe(option.series[1]);
  });

  it('dims the word cloud’s other words', () => {
    const rows = withRows([{ city: 'Oslo' }, { city: 'Rome' }]);
    const option = {
      graphic: {
        elements: [
          { type: 'text', info: { row: 0 }, style: { text: 'Oslo', fill: 'red' } },
          { type: 'text', info: { row: 1 }, style: { text: 'Rome' } },
        ],
      },
    };
    const words: CrossFilterTarget = { kind: 'row', element: 'graphic', columns: ['city'], perRow: 1 };
    const result = highlightSelection(option, words, one('city', 'Rome'), rows);
    const elements = (result.graphic as { elements: Array<Record<string, unknown>> }).elements;
    expect(elements[0]?.style).toEqual({ text: 'Oslo', fill: 'red', opacity: DIMMED_OPACITY });
    expect(elements[1]).toBe(option.graphic.elements[1]);
  });

  it('keeps the selected tree node’s branch and dims the others', () => {
    const rows = withRows([
      { region: 'Europe', city: 'Oslo' },
      { region: 'Europe', city: 'Rome' },
      { region: 'Asia', city: 'Tokyo' },
    ]);
    const tree = () => [
      {
        name: 'Europe',
        children: [{ name: 'Oslo' }, { name: 'Rome' }],
      },
      { name: 'Asia', children: [{ name: 'Tokyo' }] },
    ];
    const sunburst: CrossFilterTarget = { kind: 'tree', columns: ['region', 'city'], skip: 1 };
    const option = { series: [{ type: 'sunburst', data: tree() }] };
    const selected = { columns: ['region', 'city'], tuples: [['Europe', 'Rome']] };
    expect((highlightSelection(option, sunburst, selected, rows).series as Data)[0]?.data).toEqual([
      { name: 'Europe', children: [{ name: 'Oslo', itemStyle: DIM }, { name: 'Rome' }] },
      { name: 'Asia', itemStyle: DIM, children: [{ name: 'Tokyo', itemStyle: DIM }] },
    ]);
    // The treemap's metric node above the hierarchy is never dimmed; a level's selection keeps its children.
    const treemap: CrossFilterTarget = { kind: 'tree', columns: ['region', 'city'], skip: 2 };
    const boxes = { series: [{ type: 'treemap', data: [{ name: 'revenue', children: tree() }] }] };
    const byRegion = highlightSelection(boxes, treemap, one('region', 'Asia'), rows).series as Data;
    expect(byRegion[0]?.data).toEqual([
      {
        name: 'revenue',
        children: [
          {
            name: 'Europe',
            itemStyle: DIM,
            children: [
              { name: 'Oslo', itemStyle: DIM },
              { name: 'Rome', itemStyle: DIM },
            ],
          },
          { name: 'Asia', children: [{ name: 'Tokyo' }] },
        ],
      },
    ]);
  });

  it('dims the heatmap cells other than the selected x and y', () => {
    const rows = withRows([
      { region: 'West', year: 2023, revenue: 1 },
      { region: 'East', year: 2024, revenue: 2 },
    ]);
    const target: CrossFilterTarget = {
      kind: 'heatmap',
      x: 'region',
      y: 'year',
      metric: 'revenue',
      sortX: 'alpha_asc',
      sortY: 'alpha_asc',
    };
    const option = {
      series: [
        {
          type: 'heatmap',
          data: [
            [1, 0, 1],
            [0, 1, 2],
          ],
        },
      ],
    };
    const selected = { columns: ['region', 'year'], tuples: [['East', 2024]] };
    expect((highlightSelection(option, target, selected, rows).series as Data)[0]?.data).toEqual([
      { value: [1, 0, 1], itemStyle: DIM },
      [0, 1, 2],
    ]);
  });

  it('leaves the option alone without a selection', () => {
    const option = { series: [{ id: 'a, b' }] };
    expect(highlightSelection(option, series('x'), null, context)).toBe(option);
    expect(highlightSelection(option, series('x'), { columns: ['x'], tuples: [] }, context)).toBe(option);
  });
});
