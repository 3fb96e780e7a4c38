import { describe, expect, it } from 'vitest';
import { baseFormData, controlNames, controlOf, messagesOf } from '../timeseries/__fixtures__/chartProps.ts';
import { controlPanel } from './controlPanel.ts';

const formData = baseFormData({ viz_type: 'mixed_timeseries' });

describe('mixed chart control panel', () => {
  it('requires the metrics of both queries and caps both row limits', () => {
    expect(messagesOf(controlPanel, 'metrics', [], formData)).toEqual([{ key: 'validation.nonEmpty' }]);
    expect(messagesOf(controlPanel, 'metrics_b', [], formData)).toEqual([{ key: 'validation.nonEmpty' }]);
    expect(messagesOf(controlPanel, 'row_limit_b', 100001, formData)).toEqual([
      { key: 'validation.maxValue', params: { max: 100000 } },
    ]);
  });

  it('has a twin of every query control and look control for query B', () => {
    const names = controlNames(controlPanel);
    for (const name of [
      'groupby',
      'adhoc_filters',
      'limit',
      'timeseries_limit_metric',
      'order_desc',
      'rolling_type',
      'time_compare',
    ])
      expect(names).toContain(`${name}_b`);
    for (const name of [
      'seriesType',
      'stack',
      'area',
      'opacity',
      'markerEnabled',
      'markerSize',
      'show_value',
      'yAxisIndex',
    ])
      expect(names).toContain(`${name}B`);
    expect(names).toContain('y_axis_format_secondary');
    expect(new Set(names).size).toBe(names.length);
  });

  it("shows query B's dependent controls from query B's values", () => {
    const opacityB = controlOf(controlPanel, 'opacityB');
    expect(opacityB.visibility?.({ ...formData, area: true, areaB: false })).toBe(false);
    expect(opacityB.visibility?.({ ...formData, area: false, areaB: true })).toBe(true);
    const orderB = controlOf(controlPanel, 'order_desc_b');
    expect(orderB.visibility?.({ ...formData, timeseries_limit_metric: 'orders' })).toBe(true);
    expect(
      orderB.visibility?.({ ...formData, timeseries_limit_metric: null, timeseries_limit_metric_b: null }),
    ).toBe(false);
    expect(controlOf(controlPanel, 'yAxisIndexB').default).toBe(0);
  });
});
