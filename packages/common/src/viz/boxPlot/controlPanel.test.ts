import { describe, expect, it } from 'vitest';
import { validate } from '../../validation/index.ts';
import { controlDefaults } from '../shared/controls.ts';
import type { ControlConfig, FormData } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

const controls = controlPanel.sections.flatMap((section) => section.controlRows.flat());
const control = (name: string) => controls.find((candidate) => candidate.name === name) as ControlConfig;
const formData = { datasource: '1__table', viz_type: 'box_plot' } as FormData;

describe('box plot control panel', () => {
  it('requires columns to distribute across and metrics', () => {
    expect(validate([], formData, control('columns').validators)).toEqual([{ key: 'validation.nonEmpty' }]);
    expect(validate([], formData, control('metrics').validators)).toEqual([{ key: 'validation.nonEmpty' }]);
    expect(validate(['city'], formData, control('columns').validators)).toEqual([]);
    expect(control('groupby').validators ?? []).toEqual([]);
  });

  it("offers Superset's whisker options", () => {
    expect(control('whiskerOptions').choices?.map((choice) => choice.value)).toEqual([
      'Tukey',
      'Min/max (no outliers)',
      '2/98 percentiles',
      '9/91 percentiles',
    ]);
    expect(validate('5/95 percentiles', formData, control('whiskerOptions').validators)).toEqual([]);
    expect(validate('Fences', formData, control('whiskerOptions').validators)).toEqual([
      { key: 'viz.types.boxPlot.validation.whiskers' },
    ]);
    expect(controlDefaults(controlPanel.sections)).toMatchObject({
      whiskerOptions: 'Tukey',
      x_ticks_layout: 'auto',
      number_format: 'SMART_NUMBER',
      zoomable: false,
    });
  });
});
