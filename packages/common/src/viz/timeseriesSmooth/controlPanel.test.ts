import { describe, expect, it } from 'vitest';
import { baseFormData, controlNames, messagesOf } from '../timeseries/__fixtures__/chartProps.ts';
import { controlPanel } from './controlPanel.ts';

const formData = baseFormData({ viz_type: 'echarts_timeseries_smooth' });

describe('smooth line control panel', () => {
  it('requires metrics and caps the row limit', () => {
    expect(messagesOf(controlPanel, 'metrics', [], formData)).toEqual([{ key: 'validation.nonEmpty' }]);
    expect(messagesOf(controlPanel, 'row_limit', 'many', formData)).toEqual([{ key: 'validation.integer' }]);
    expect(messagesOf(controlPanel, 'row_limit', 250000, formData)).toEqual([
      { key: 'validation.maxValue', params: { max: 100000 } },
    ]);
  });

  it('checks annotation formulas and y-axis bounds', () => {
    expect(
      messagesOf(
        controlPanel,
        'annotation_layers',
        [{ name: 'T', annotationType: 'FORMULA', value: ')' }],
        formData,
      ),
    ).toEqual([{ key: 'viz.timeseries.validation.invalidFormula', params: { name: 'T' } }]);
    expect(messagesOf(controlPanel, 'y_axis_bounds', [3, 1], formData)).toEqual([
      { key: 'viz.timeseries.validation.boundsOrder' },
    ]);
    expect(controlNames(controlPanel)).toContain('markerEnabled');
  });
});
