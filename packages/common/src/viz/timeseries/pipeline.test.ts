/**
 * buildQuery and transformProps must agree on the names post-processing gives columns: raw rows go
 * through the query's own pipeline (as the server runs it) and the chart reads the result.
 */
import { describe, expect, it } from 'vitest';
import { baseFormData, chartProps, DAY, JAN_1, optionOf, serverResult } from './__fixtures__/chartProps.ts';
import { buildTimeseriesQuery } from './buildQuery.ts';
import { transformTimeseries } from './transformProps.ts';

const rows = [
  { order_date: JAN_1, country: 'FR', orders: 10, 'orders__1 year ago': 8, revenue: 100 },
  { order_date: JAN_1, country: 'DE', orders: 4, 'orders__1 year ago': 5, revenue: 40 },
  { order_date: JAN_1 + DAY, country: 'FR', orders: 12, 'orders__1 year ago': 6, revenue: 120 },
  { order_date: JAN_1 + DAY, country: 'DE', orders: 6, 'orders__1 year ago': 3, revenue: 60 },
];

/** The same data grouped by day only, as a query without dimensions answers. */
const dailyRows = [
  { order_date: JAN_1, orders: 14, 'orders__1 year ago': 13 },
  { order_date: JAN_1 + DAY, orders: 18, 'orders__1 year ago': 9 },
];

function draw(overrides: Record<string, unknown>) {
  const formData = baseFormData(overrides);
  const context = buildTimeseriesQuery(formData);
  const data = serverResult(
    context,
    0,
    Array.isArray(formData.groupby) && formData.groupby.length ? rows : dailyRows,
  );
  return {
    data,
    option: optionOf(transformTimeseries(chartProps(formData, [data]), { seriesType: 'line' })),
  };
}

const byName = (option: { series: Array<{ name?: string; data: unknown[] }> }) =>
  Object.fromEntries(option.series.map((series) => [series.name, series.data]));

describe('time-series pipeline end to end', () => {
  it('one series per metric and dimension value, named with verbose metric names', () => {
    const { data, option } = draw({ metrics: ['orders', 'revenue'], groupby: ['country'] });
    expect(data.colnames).toEqual(['order_date', 'orders, DE', 'orders, FR', 'revenue, DE', 'revenue, FR']);
    expect(byName(option)).toEqual({
      'Revenue, FR': [
        [JAN_1, 100],
        [JAN_1 + DAY, 120],
      ],
      'Revenue, DE': [
        [JAN_1, 40],
        [JAN_1 + DAY, 60],
      ],
      'Orders, FR': [
        [JAN_1, 10],
        [JAN_1 + DAY, 12],
      ],
      'Orders, DE': [
        [JAN_1, 4],
        [JAN_1 + DAY, 6],
      ],
    });
  });

  it('truncates a single metric to its dimension values, and offset series keep their offset', () => {
    const { data, option } = draw({ groupby: ['country'], time_compare: ['1 year ago'] });
    expect(data.colnames).toEqual(['order_date', 'DE', 'FR', '1 year ago, DE', '1 year ago, FR']);
    const fr = option.series.find((series: { name: string }) => series.name === 'FR');
    const frLastYear = option.series.find((series: { name: string }) => series.name === '1 year ago, FR');
    expect(frLastYear.data).toEqual([
      [JAN_1, 8],
      [JAN_1 + DAY, 6],
    ]);
    expect(frLastYear.lineStyle).toEqual({ type: 'dashed' });
    expect(fr.lineStyle).toEqual({});
    // An offset series has its base series' colour.
    expect(frLastYear.itemStyle.color).toBe(fr.itemStyle.color);
  });

  it('draws difference comparisons as their own series', () => {
    const { data, option } = draw({ time_compare: ['1 year ago'], comparison_type: 'difference' });
    expect(data.colnames).toEqual(['order_date', 'difference__orders__orders__1 year ago']);
    expect(option.series).toHaveLength(1);
    expect(option.series[0].name).toBe('difference__Orders__Orders__1 year ago');
    expect(option.series[0].data).toEqual([
      [JAN_1, 14 - 13],
      [JAN_1 + DAY, 18 - 9],
    ]);
  });

  it('cumulates and shows row contributions as percentages', () => {
    const cumulative = draw({ rolling_type: 'cumsum' }).option;
    expect(cumulative.series[0].data).toEqual([
      [JAN_1, 14],
      [JAN_1 + DAY, 32],
    ]);
    const shares = draw({ groupby: ['country'], contributionMode: 'row' }).option;
    expect(byName(shares).FR).toEqual([
      [JAN_1, 10 / 14],
      [JAN_1 + DAY, 12 / 18],
    ]);
    expect(shares.yAxis.axisLabel.formatter(0.5)).toBe('50.0%');
  });
});
