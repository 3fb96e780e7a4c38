import { describe, expect, it } from 'vitest';
import { baseFormData, controlNames, controlOf, messagesOf } from '../timeseries/__fixtures__/chartProps.ts';
import { controlPanel } from './controlPanel.ts';

const formData = baseFormData({ viz_type: 'echarts_timeseries_scatter' });

describe('scatter chart control panel', () => {
  it('requires metrics and caps the row limit', () => {
    expect(messagesOf(controlPanel, 'metrics', [], formData)).toEqual([{ key: 'validation.nonEmpty' }]);
    expect(messagesOf(controlPanel, 'row_limit', 100000, formData)).toEqual([]);
    expect(messagesOf(controlPanel, 'row_limit', 100001, formData)).toEqual([
      { key: 'validation.maxValue', params: { max: 100000 } },
    ]);
  });

  it('always offers the marker size, and no stacking or area', () => {
    expect(controlOf(controlPanel, 'markerSize').visibility).toBeUndefined();
    const names = controlNames(controlPanel);
    expect(names).not.toContain('stack');
    expect(names).not.toContain('area');
    expect(names).not.toContain('markerEnabled');
  });
});
