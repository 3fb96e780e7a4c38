import { describe, expect, it } from 'vitest';
import { validate } from '../../validation/index.ts';
import { controlDefaults } from '../shared/controls.ts';
import type { ControlConfig, FormData } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

const controls = controlPanel.sections.flatMap((section) => section.controlRows.flat());
const control = (name: string) => controls.find((candidate) => candidate.name === name) as ControlConfig;
const formData = { datasource: '1__table', viz_type: 'gauge_chart' } as FormData;

describe('gauge control panel', () => {
  it('requires a metric and numeric bounds', () => {
    expect(validate('', formData, control('metric').validators)).toEqual([{ key: 'validation.nonEmpty' }]);
    expect(validate('abc', formData, control('min_val').validators)).toEqual([{ key: 'validation.number' }]);
    expect(validate('10.5', formData, control('max_val').validators)).toEqual([]);
  });

  it('checks interval lists', () => {
    const check = (value: string) => validate(value, formData, control('intervals').validators);
    expect(check('10, 20,30')).toEqual([]);
    expect(check('10,,30')).toEqual([{ key: 'viz.types.gauge.validation.numberList' }]);
    expect(check('10,x')).toEqual([{ key: 'viz.types.gauge.validation.numberList' }]);
  });

  it("has Superset's defaults", () => {
    expect(controlDefaults(controlPanel.sections)).toMatchObject({
      row_limit: 10,
      start_angle: 225,
      end_angle: -45,
      font_size: 15,
      value_formatter: '{value}',
      show_pointer: true,
      animation: true,
      show_axis_line_ticks: false,
      show_split_line: false,
      split_number: 10,
      show_progress: true,
      overlap: true,
      round_cap: false,
      intervals: '',
      interval_color_indices: '',
    });
  });
});
