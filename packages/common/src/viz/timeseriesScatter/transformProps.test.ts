import { describe, expect, it } from 'vitest';
import {
  baseFormData,
  chartProps,
  DAY,
  JAN_1,
  optionOf,
  result,
} from '../timeseries/__fixtures__/chartProps.ts';
import { transformProps } from './transformProps.ts';

describe('scatter chart transformProps', () => {
  it('draws points with markers of the chosen size, never stacked or filled', () => {
    const data = result([
      { order_date: JAN_1, revenue: 1200 },
      { order_date: JAN_1 + DAY, revenue: null },
    ]);
    const option = optionOf(
      transformProps(
        chartProps(
          baseFormData({
            viz_type: 'echarts_timeseries_scatter',
            metrics: ['revenue'],
            markerEnabled: false,
            markerSize: 12,
            stack: 'Stack',
            area: true,
          }),
          [data],
        ),
      ),
    );
    expect(option.series).toEqual([
      expect.objectContaining({
        type: 'scatter',
        showSymbol: true,
        symbolSize: 12,
        data: [
          [JAN_1, 1200],
          [JAN_1 + DAY, null],
        ],
      }),
    ]);
    expect(option.series[0]).not.toHaveProperty('stack');
    expect(option.series[0]).not.toHaveProperty('areaStyle');
    // The saved metric's format (',.2f') formats the axis.
    expect(option.yAxis.axisLabel.formatter(1200)).toBe('1,200.00');
  });
});
