import { describe, expect, it } from 'vitest';
import { chartProps, optionOf, result } from '../echartsShared/testing.ts';
import { sortAxis } from './axes.ts';
import { transformProps } from './transformProps.ts';

const rows = [
  { day: 'Tue', hour: 9, count: 10, rank: 0.5 },
  { day: 'Mon', hour: 9, count: 30, rank: 1 },
  { day: 'Mon', hour: 10, count: 20, rank: 0.75 },
  { day: 'Tue', hour: 10, count: 5, rank: 0.25 },
];
const heatmap = (extra: Record<string, unknown> = {}, data: Parameters<typeof chartProps>[1] = rows) =>
  optionOf(
    transformProps(
      chartProps(
        { viz_type: 'heatmap_v2', x_axis: 'day', groupby: ['hour'], metric: 'count', ...extra },
        data,
      ),
    ),
  );

describe('heatmap transformProps', () => {
  it('places cells by sorted axis indices and colours them on the sequential scheme', () => {
    const option = heatmap();
    expect(option.xAxis.data).toEqual(['Mon', 'Tue']);
    expect(option.yAxis.data).toEqual(['9', '10']);
    expect(option.series[0].data).toEqual([
      [1, 0, 10],
      [0, 0, 30],
      [0, 1, 20],
      [1, 1, 5],
    ]);
    expect(option.visualMap).toMatchObject({
      type: 'continuous',
      min: 5,
      max: 30,
      dimension: 2,
      inRange: { color: ['#ddf1fd', '#1FA8C9', '#084f61'] },
    });
  });

  it('sorts axes by metric totals when asked', () => {
    const option = heatmap({ sort_x_axis: 'value_asc', sort_y_axis: 'value_desc' });
    expect(option.xAxis.data).toEqual(['Tue', 'Mon']);
    expect(option.yAxis.data).toEqual(['9', '10']);
    expect(sortAxis(['b10', 'b9', 'a'], [], 'alpha_asc', 'x', 'm')).toEqual(['a', 'b9', 'b10']);
  });

  it('colours by rank when normalised and honours value bounds', () => {
    const option = heatmap({ normalized: true, value_bounds: [0, null] });
    expect(option.series[0].data[0]).toEqual([1, 0, 10, 0.5]);
    expect(option.visualMap).toMatchObject({ dimension: 3, min: 0, max: 1 });
    expect(option.visualMap.formatter(0.5)).toBe('50.00%');
  });

  it('gives shares of the heatmap, the column or the row in tooltips', () => {
    const tooltip = (normalize_across: string) =>
      heatmap({ normalize_across, y_axis_format: ',d' }).tooltip.formatter({ value: [0, 0, 30] });
    expect(tooltip('heatmap')).toContain('46.15% (heatmap)');
    expect(tooltip('x')).toContain('60.00% (Mon)');
    expect(tooltip('y')).toContain('75.00% (9)');
    expect(tooltip('heatmap')).toContain('Mon (9)');
    expect(tooltip('heatmap')).toContain('Count');
    expect(heatmap({ show_percentage: false }).tooltip.formatter({ value: [0, 0, 30] })).not.toContain('%');
  });

  it('formats temporal x values, cell labels and axis intervals', () => {
    const data = result(
      [
        { ds: Date.UTC(2024, 0, 1), hour: 1, revenue: 1500 },
        { ds: Date.UTC(2024, 1, 1), hour: 1, revenue: 2500 },
      ],
      { ds: 2 },
    );
    const option = optionOf(
      transformProps(
        chartProps(
          {
            viz_type: 'heatmap_v2',
            x_axis: 'ds',
            groupby: 'hour',
            metric: 'revenue',
            x_axis_time_format: '%b %Y',
            show_values: true,
            xscale_interval: 2,
            left_margin: 100,
          },
          data,
          { locale: 'ru' },
        ),
      ),
    );
    expect(option.xAxis.data).toEqual(['янв 2024', 'фев 2024']);
    expect(option.xAxis.axisLabel.interval).toBe(1);
    expect(option.yAxis.axisLabel.interval).toBe('auto');
    expect(option.grid.left).toBe(100);
    // The saved metric's own format and currency apply when the chart sets none.
    expect(option.series[0].label.formatter({ value: [0, 0, 1500] })).toBe('1\u00a0500,0\u00a0€');
  });
});
