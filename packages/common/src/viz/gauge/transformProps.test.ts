import { describe, expect, it } from 'vitest';
import { chartProps, optionOf } from '../echartsShared/testing.ts';
import { intervalStops, parseNumberList } from './intervals.ts';
import { gaugeRange, transformProps } from './transformProps.ts';

const gauge = (
  extra: Record<string, unknown>,
  rows: Array<Record<string, unknown>>,
  locale: 'en' | 'ru' = 'en',
) =>
  optionOf(
    transformProps(chartProps({ viz_type: 'gauge_chart', metric: 'count', ...extra }, rows, { locale })),
  ).series[0];

describe('gauge transformProps', () => {
  it('shows one value named by its metric, on a dial to twice the value', () => {
    const series = gauge({}, [{ count: 40 }]);
    expect(series).toMatchObject({
      type: 'gauge',
      min: 0,
      max: 80,
      startAngle: 225,
      endAngle: -45,
      splitNumber: 10,
    });
    expect(series.data).toHaveLength(1);
    expect(series.data[0]).toMatchObject({ name: 'Count', value: 40, itemStyle: { color: '#1FA8C9' } });
    expect(series.detail.formatter(40)).toBe('40');
  });

  it('names grouped values by their verbose columns and stacks their titles', () => {
    const series = gauge({ groupby: ['country'], min_val: 0, max_val: 100 }, [
      { country: 'France', count: 70 },
      { country: 'Spain', count: 20 },
    ]);
    expect(series.data.map((item: { name: string }) => item.name)).toEqual([
      'Country: France',
      'Country: Spain',
    ]);
    expect(series.data[1].title.offsetCenter).toEqual(['0%', '50%']);
    expect(series.max).toBe(100);
  });

  it('formats the value with the number format, the value template and the locale', () => {
    const series = gauge(
      { number_format: ',.1f', value_formatter: '{value} km' },
      [{ count: 1234.56 }],
      'ru',
    );
    expect(series.detail.formatter(1234.56)).toBe('1\u00a0234,6 km');
    expect(series.axisLabel.formatter(500)).toBe('500,0');
  });

  it('colours intervals from the scheme by 1-based indices', () => {
    const series = gauge({ min_val: 0, max_val: 100, intervals: '50,80', interval_color_indices: '3,1' }, [
      { count: 60 },
    ]);
    expect(series.axisLine.lineStyle.color).toEqual([
      [0.5, '#5AC189'],
      [0.8, '#1FA8C9'],
      [1, '#E0E0E0'],
    ]);
    expect(series.pointer.itemStyle).toEqual({ color: 'auto' });
  });

  it('computes ranges and interval stops', () => {
    expect(gaugeRange([-5, 10], null, null)).toEqual([-10, 20]);
    expect(gaugeRange([0], null, null)).toEqual([0, 1]);
    expect(gaugeRange([5], 0, 10)).toEqual([0, 10]);
    expect(parseNumberList('1, 2.5')).toEqual([1, 2.5]);
    expect(parseNumberList('')).toEqual([]);
    expect(parseNumberList('a')).toBeNull();
    expect(intervalStops([150, 100], [], ['#a', '#b'], 100, 200, '#rest')).toEqual([
      [0, '#b'],
      [0.5, '#a'],
      [1, '#rest'],
    ]);
  });

  it('draws progress bars side by side unless they overlap', () => {
    const rows = [{ count: 1 }, { count: 2 }];
    expect(gauge({ overlap: false, font_size: 10 }, rows).axisLine.lineStyle.width).toBe(20);
    expect(gauge({ overlap: true, font_size: 10 }, rows).axisLine.lineStyle.width).toBe(10);
  });
});
