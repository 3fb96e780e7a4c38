import { describe, expect, it } from 'vitest';
import {
  baseFormData,
  chartProps,
  type Loose,
  optionOf,
  result,
} from '../timeseries/__fixtures__/chartProps.ts';
import { transformProps } from './transformProps.ts';

const byCountry = result(
  [
    { country: 'FR', 'orders, online': 10, 'orders, shop': 5 },
    { country: 'DE', 'orders, online': 4, 'orders, shop': null },
  ],
  { country: 1 },
);
const draw = (overrides: Record<string, unknown>) =>
  optionOf(
    transformProps(
      chartProps(
        baseFormData({
          viz_type: 'echarts_timeseries_bar',
          x_axis: 'country',
          groupby: ['channel'],
          truncate_metric: false,
          ...overrides,
        }),
        [byCountry],
      ),
    ),
  );

describe('bar chart transformProps', () => {
  it('draws vertical bars on a category axis, side by side', () => {
    const option = draw({ area: true, markerEnabled: true });
    expect(option.xAxis.type).toBe('category');
    expect(option.series.map((series: Loose) => [series.name, series.type, series.stack])).toEqual([
      ['Orders, online', 'bar', undefined],
      ['Orders, shop', 'bar', undefined],
    ]);
    expect(option.series[0].data).toEqual([
      ['FR', 10],
      ['DE', 4],
    ]);
    // Bars have neither fill below nor markers.
    expect(option.series[0]).not.toHaveProperty('areaStyle');
    expect(option.series[0]).not.toHaveProperty('showSymbol');
  });

  it('stacks, expands and lies down horizontally', () => {
    const stacked = draw({ stack: 'Stack', show_value: true, only_total: true });
    expect(stacked.series.every((series: Loose) => series.stack === 'obs')).toBe(true);
    expect(stacked.series[1].label.formatter({ dataIndex: 0 })).toBe('15');
    const expanded = draw({ stack: 'Expand' });
    expect(expanded.series[0].data[0]).toEqual(['FR', 10 / 15]);
    const horizontal = draw({ orientation: 'horizontal' });
    expect(horizontal.yAxis).toMatchObject({ type: 'category', inverse: true });
    expect(horizontal.xAxis.type).toBe('value');
    expect(horizontal.series[0].data[0]).toEqual([10, 'FR']);
    expect(horizontal.series[0].label).toBeUndefined();
    expect(
      horizontal.tooltip.formatter([
        { seriesId: 'orders, online', seriesName: 'Orders, online', value: [10, 'FR'] },
      ]),
    ).toContain('FR');
  });
});
