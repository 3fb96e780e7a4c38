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

const data = result([
  { order_date: JAN_1, orders: 3 },
  { order_date: JAN_1 + DAY, orders: 5 },
]);

describe('line chart transformProps', () => {
  it('draws straight lines whatever series style saved form data names', () => {
    const render = transformProps(chartProps(baseFormData({ seriesType: 'bar' }), [data]));
    expect(render).toMatchObject({ renderer: 'echarts', width: 800, height: 600 });
    const option = optionOf(render);
    expect(option.series).toEqual([
      expect.objectContaining({
        id: 'orders',
        name: 'Orders',
        type: 'line',
        showSymbol: false,
        data: [
          [JAN_1, 3],
          [JAN_1 + DAY, 5],
        ],
      }),
    ]);
    expect(option.series[0]).not.toHaveProperty('smooth');
    expect(option.series[0]).not.toHaveProperty('areaStyle');
  });

  it('fills the area under lines when area is on', () => {
    const option = optionOf(transformProps(chartProps(baseFormData({ area: true, opacity: 0.5 }), [data])));
    expect(option.series[0].areaStyle).toEqual({ opacity: 0.5 });
  });
});
