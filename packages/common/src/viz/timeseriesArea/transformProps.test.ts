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

const data = result([
  { order_date: JAN_1, FR: 0.75, DE: 0.25 },
  { order_date: JAN_1 + DAY, FR: 0.5, DE: 0.5 },
]);
const draw = (overrides: Record<string, unknown>) =>
  optionOf(
    transformProps(
      chartProps(baseFormData({ viz_type: 'echarts_area', groupby: ['country'], ...overrides }), [data]),
    ),
  );

describe('area chart transformProps', () => {
  it('always fills, even when form data from a line chart says area is off', () => {
    const option = draw({ area: false, opacity: 0.6 });
    for (const series of option.series) expect(series.areaStyle).toEqual({ opacity: 0.6 });
  });

  it('draws stacked row contributions from 0 to 100%', () => {
    const option = draw({ stack: 'Stack', contributionMode: 'row' });
    expect(option.series.every((series: Loose) => series.stack === 'obs')).toBe(true);
    expect(option.yAxis).toMatchObject({ min: 0, max: 1 });
    expect(option.yAxis.axisLabel.formatter(0.75)).toBe('75.0%');
    expect(
      option.tooltip.formatter([{ seriesId: 'FR', seriesName: 'FR', value: [JAN_1, 0.75], marker: '' }]),
    ).toContain('75.0%');
  });

  it('can take a smooth or stepped line, never bars', () => {
    expect(draw({ seriesType: 'smooth' }).series[0].smooth).toBe(true);
    expect(draw({ seriesType: 'end' }).series[0].step).toBe('end');
    expect(draw({ seriesType: 'bar' }).series[0].type).toBe('line');
  });
});
