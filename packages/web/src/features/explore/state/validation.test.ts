import { describe, expect, it } from 'vitest';
import { barPlugin, dataset } from '../testing/fixtures.ts';
import { prepareFormData } from './formData.ts';
import { failingControls, hasControlErrors, validateControls } from './validation.ts';

const panel = barPlugin.controlPanel;

describe('validateControls', () => {
  it('collects the messages of every failing control and blocks the run', () => {
    const formData = prepareFormData({ x_axis: null, row_limit: '12a' }, barPlugin, {
      ...dataset,
      main_dttm_col: null,
      columns: [],
    });
    const errors = validateControls(formData, panel);
    expect(errors).toEqual({
      x_axis: [{ key: 'validation.nonEmpty' }],
      metrics: [{ key: 'validation.nonEmpty' }],
      row_limit: [{ key: 'validation.integer' }],
    });
    expect(hasControlErrors(errors)).toBe(true);
    expect(failingControls(errors, panel).map(({ control }) => control.name)).toEqual([
      'x_axis',
      'metrics',
      'row_limit',
    ]);
  });

  it('reports a row limit over the maximum with its parameter', () => {
    const formData = prepareFormData({ metrics: ['count'], row_limit: 200000 }, barPlugin, dataset);
    expect(validateControls(formData, panel)).toEqual({
      row_limit: [{ key: 'validation.maxValue', params: { max: 100000 } }],
    });
  });

  it('lets a valid form run', () => {
    const formData = prepareFormData({ metrics: ['count'] }, barPlugin, dataset);
    expect(hasControlErrors(validateControls(formData, panel))).toBe(false);
  });

  it('skips hidden controls', () => {
    const hidden = prepareFormData({ metrics: ['count'], order_desc: false }, barPlugin, dataset);
    expect(validateControls(hidden, panel)).toEqual({});
    const shown = { ...hidden, timeseries_limit_metric: 'count' };
    expect(validateControls(shown, panel)).toEqual({ order_desc: [{ key: 'validation.nonEmpty' }] });
  });
});
