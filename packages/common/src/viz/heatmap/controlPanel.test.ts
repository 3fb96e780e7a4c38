import { describe, expect, it } from 'vitest';
import { validate } from '../../validation/index.ts';
import { controlDefaults } from '../shared/controls.ts';
import type { ControlConfig, FormData } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

const controls = controlPanel.sections.flatMap((section) => section.controlRows.flat());
const control = (name: string) => controls.find((candidate) => candidate.name === name) as ControlConfig;
const formData = { datasource: '1__table', viz_type: 'heatmap_v2' } as FormData;

describe('heatmap control panel', () => {
  it('requires an x-axis, a y-axis and a metric', () => {
    for (const name of ['x_axis', 'groupby', 'metric'])
      expect(validate([], formData, control(name).validators), name).toEqual([
        { key: 'validation.nonEmpty' },
      ]);
    expect(validate(['hour'], formData, control('groupby').validators)).toEqual([]);
    expect(control('groupby').multi).toBe(false);
  });

  it('accepts auto or a number of pixels as margins', () => {
    expect(validate('auto', formData, control('left_margin').validators)).toEqual([]);
    expect(validate(120, formData, control('left_margin').validators)).toEqual([]);
    expect(validate('wide', formData, control('bottom_margin').validators)).toEqual([
      { key: 'validation.number' },
    ]);
  });

  it("has Superset's defaults, with the day grain", () => {
    const defaults = controlDefaults(controlPanel.sections);
    expect(defaults).toMatchObject({
      sort_x_axis: 'alpha_asc',
      sort_y_axis: 'alpha_asc',
      normalize_across: 'heatmap',
      legend_type: 'continuous',
      linear_color_scheme: 'superset_seq_1',
      xscale_interval: -1,
      yscale_interval: -1,
      left_margin: 'auto',
      bottom_margin: 'auto',
      show_legend: true,
      show_percentage: true,
      show_values: false,
      normalized: false,
    });
    expect(defaults).toHaveProperty('time_grain_sqla', 'P1D');
    expect(control('linear_color_scheme').choices?.map((choice) => choice.value)).toContain(
      'red_yellow_blue',
    );
  });
});
