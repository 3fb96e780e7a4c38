import { describe, expect, it } from 'vitest';
import { validate } from '../../validation/index.ts';
import { controlDefaults } from '../shared/controls.ts';
import type { ControlConfig, FormData } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

const controls = controlPanel.sections.flatMap((section) => section.controlRows.flat());
const control = (name: string) => controls.find((candidate) => candidate.name === name) as ControlConfig;
const formData = { datasource: '1__table', viz_type: 'histogram_v2' } as FormData;

describe('histogram control panel', () => {
  it('requires a column', () => {
    expect(validate(undefined, formData, control('column').validators)).toEqual([
      { key: 'validation.nonEmpty' },
    ]);
    expect(validate('age', formData, control('column').validators)).toEqual([]);
  });

  it('wants a whole number of bins up to the server maximum', () => {
    const check = (value: unknown) => validate(value, formData, control('bins').validators);
    expect(check(12)).toEqual([]);
    expect(check('7.5')).toEqual([{ key: 'validation.integer' }]);
    expect(check(5000)).toEqual([{ key: 'validation.maxValue', params: { max: 1000 } }]);
  });

  it("has Superset's defaults", () => {
    expect(controlDefaults(controlPanel.sections)).toMatchObject({
      bins: 5,
      normalize: false,
      cumulative: false,
      show_value: false,
      show_legend: true,
      x_axis_title: '',
      y_axis_title: '',
      x_axis_format: 'SMART_NUMBER',
      y_axis_format: 'SMART_NUMBER',
    });
  });
});
