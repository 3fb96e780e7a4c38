import { describe, expect, it } from 'vitest';
import { baseFormData, controlNames, controlOf, messagesOf } from '../timeseries/__fixtures__/chartProps.ts';
import { controlPanel } from './controlPanel.ts';

const formData = baseFormData({ viz_type: 'echarts_timeseries_bar' });

describe('bar chart control panel', () => {
  it('requires metrics and caps the row limit', () => {
    expect(messagesOf(controlPanel, 'metrics', [], formData)).toEqual([{ key: 'validation.nonEmpty' }]);
    expect(messagesOf(controlPanel, 'row_limit', 100001, formData)).toEqual([
      { key: 'validation.maxValue', params: { max: 100000 } },
    ]);
  });

  it('offers orientation and stacking with Expand, no markers or area', () => {
    const names = controlNames(controlPanel);
    expect(controlOf(controlPanel, 'orientation').default).toBe('vertical');
    expect(controlOf(controlPanel, 'stack').choices?.map((choice) => choice.value)).toEqual([
      null,
      'Stack',
      'Stream',
      'Expand',
    ]);
    expect(names).not.toContain('markerEnabled');
    expect(names).not.toContain('area');
  });
});
