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

describe('smooth line transformProps', () => {
  it('draws smooth lines and formats the tooltip time', () => {
    const data = result([
      { order_date: JAN_1, orders: 3 },
      { order_date: JAN_1 + DAY, orders: 4 },
    ]);
    const option = optionOf(
      transformProps(
        chartProps(
          baseFormData({
            viz_type: 'echarts_timeseries_smooth',
            seriesType: 'line',
            tooltipTimeFormat: '%d %B %Y',
          }),
          [data],
          { locale: 'ru' },
        ),
      ),
    );
    expect(option.series[0]).toMatchObject({ type: 'line', smooth: true });
    expect(
      option.tooltip.formatter([
        { seriesId: 'orders', seriesName: 'Orders', value: [JAN_1 + DAY, 4], marker: '' },
      ]),
    ).toContain('02 январь 2024');
  });
});
