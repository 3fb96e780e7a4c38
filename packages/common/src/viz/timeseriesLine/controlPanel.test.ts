import { describe, expect, it } from 'vitest';
import { baseFormData, controlNames, messagesOf } from '../timeseries/__fixtures__/chartProps.ts';
import { controlPanel } from './controlPanel.ts';

const formData = baseFormData();

describe('line chart control panel', () => {
  it('requires metrics and an x-axis', () => {
    expect(messagesOf(controlPanel, 'metrics', [], formData)).toEqual([{ key: 'validation.nonEmpty' }]);
    expect(messagesOf(controlPanel, 'metrics', ['orders'], formData)).toEqual([]);
    expect(messagesOf(controlPanel, 'x_axis', null, formData)).toEqual([{ key: 'validation.nonEmpty' }]);
  });

  it('caps the row limit and wants whole numbers', () => {
    expect(messagesOf(controlPanel, 'row_limit', 200000, formData)).toEqual([
      { key: 'validation.maxValue', params: { max: 100000 } },
    ]);
    expect(messagesOf(controlPanel, 'row_limit', '1.5', formData)).toEqual([{ key: 'validation.integer' }]);
    expect(messagesOf(controlPanel, 'row_limit', 50000, formData)).toEqual([]);
    expect(messagesOf(controlPanel, 'rolling_periods', '2.5', formData)).toEqual([
      { key: 'validation.integer' },
    ]);
  });

  it('offers lines with stacking, area, markers and values, but no bar orientation', () => {
    const names = controlNames(controlPanel);
    for (const name of [
      'stack',
      'area',
      'opacity',
      'markerEnabled',
      'markerSize',
      'show_value',
      'annotation_layers',
    ])
      expect(names).toContain(name);
    expect(names).not.toContain('orientation');
    expect(new Set(names).size).toBe(names.length);
  });
});
