import { describe, expect, it } from 'vitest';
import { baseFormData, controlNames, controlOf, messagesOf } from '../timeseries/__fixtures__/chartProps.ts';
import { controlPanel } from './controlPanel.ts';

const formData = baseFormData({ viz_type: 'echarts_area' });

describe('area chart control panel', () => {
  it('requires metrics, caps the row limit and checks the opacity', () => {
    expect(messagesOf(controlPanel, 'metrics', null, formData)).toEqual([{ key: 'validation.nonEmpty' }]);
    expect(messagesOf(controlPanel, 'row_limit', 1_000_000, formData)).toEqual([
      { key: 'validation.maxValue', params: { max: 100000 } },
    ]);
    expect(messagesOf(controlPanel, 'opacity', 1.5, formData)).toEqual([{ key: 'validation.opacity' }]);
  });

  it('always shows the opacity, offers Expand and line shapes, but no area switch', () => {
    expect(controlOf(controlPanel, 'opacity').visibility).toBeUndefined();
    expect(controlOf(controlPanel, 'stack').choices?.map((choice) => choice.value)).toContain('Expand');
    expect(controlOf(controlPanel, 'seriesType').choices?.map((choice) => choice.value)).toEqual([
      'line',
      'smooth',
      'start',
      'middle',
      'end',
    ]);
    expect(controlNames(controlPanel)).not.toContain('area');
  });
});
