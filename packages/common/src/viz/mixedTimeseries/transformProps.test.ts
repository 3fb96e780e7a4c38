import { describe, expect, it } from 'vitest';
import {
  baseFormData,
  chartProps,
  DAY,
  JAN_1,
  type Loose,
  optionOf,
  result,
} from '../timeseries/__fixtures__/chartProps.ts';
import { transformProps } from './transformProps.ts';

const resultA = result(
  [
    { order_date: JAN_1, orders: 10 },
    { order_date: JAN_1 + DAY, orders: 12 },
  ],
  {},
  { annotation_data: { Releases: { colnames: ['at'], data: [{ at: JAN_1 + DAY }] } } },
);
const resultB = result([
  { order_date: JAN_1, profit: 1500 },
  { order_date: JAN_1 + DAY, profit: 1700 },
]);

function draw(overrides: Record<string, unknown>, results = [resultA, resultB]) {
  return optionOf(
    transformProps(
      chartProps(
        baseFormData({
          viz_type: 'mixed_timeseries',
          metrics: ['orders'],
          metrics_b: ['profit'],
          ...overrides,
        }),
        results,
      ),
    ),
  );
}

describe('mixed chart transformProps', () => {
  it("draws each query in its own style on its own axis, formatted with that axis' format", () => {
    const option = draw({
      seriesType: 'line',
      seriesTypeB: 'bar',
      yAxisIndexB: 1,
      y_axis_format: ',d',
      y_axis_format_secondary: ',.1f',
      yAxisTitleSecondary: 'Profit',
      logAxisSecondary: true,
    });
    expect(
      option.series.map((series: Loose) => [series.id, series.name, series.type, series.yAxisIndex]),
    ).toEqual([
      ['A:orders', 'Orders', 'line', undefined],
      ['B:profit', 'Profit', 'bar', 1],
    ]);
    expect(option.yAxis).toHaveLength(2);
    expect(option.yAxis[0]).toMatchObject({ type: 'value' });
    expect(option.yAxis[1]).toMatchObject({ type: 'log', position: 'right', name: 'Profit', min: 1000 });
    expect(option.yAxis[0].axisLabel.formatter(1234)).toBe('1,234');
    // The saved metric's currency stays with its values on the secondary axis.
    expect(option.yAxis[1].axisLabel.formatter(1500)).toBe('1,500.0\u00a0€');
    const html = option.tooltip.formatter([
      { seriesId: 'A:orders', seriesName: 'Orders', value: [JAN_1, 10], marker: '' },
      { seriesId: 'B:profit', seriesName: 'Profit', value: [JAN_1, 1500], marker: '' },
    ]);
    expect(html).toContain('>10<');
    expect(html).toContain('1,500.0\u00a0€');
    expect(html).not.toContain('Total');
  });

  it('stacks each query separately and names the queries when asked', () => {
    const option = draw({
      stack: true,
      stackB: true,
      show_query_identifiers: true,
      area: true,
      areaB: false,
    });
    expect(
      option.series.map((series: Loose) => [series.name, series.stack, Boolean(series.areaStyle)]),
    ).toEqual([
      ['Orders (Query A)', 'obsA', true],
      ['Profit (Query B)', 'obsB', false],
    ]);
    expect(option.legend.data).toEqual(['Orders (Query A)', 'Profit (Query B)']);
  });

  it('draws the annotations of query A and an empty chart without data', () => {
    const option = draw({
      annotation_layers: [
        { name: 'Releases', annotationType: 'EVENT', sourceType: 'table', value: 1, timeColumn: 'at' },
        { name: 'Goal', annotationType: 'FORMULA', value: '11' },
      ],
    });
    expect(option.series.map((series: Loose) => series.id)).toEqual([
      'A:orders',
      'B:profit',
      `event:Releases:Releases:${JAN_1 + DAY}`,
      'formula:Goal',
    ]);
    const empty = draw({}, [result([]), result([])]);
    expect(empty.series).toEqual([]);
    expect(empty.xAxis.type).toBe('time');
  });
});
