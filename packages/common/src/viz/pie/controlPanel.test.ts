import { describe, expect, it } from 'vitest';
import { validate } from '../../validation/index.ts';
import { controlDefaults } from '../shared/controls.ts';
import type { ControlConfig, FormData } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

const controls = controlPanel.sections.flatMap((section) => section.controlRows.flat());
const control = (name: string) => controls.find((candidate) => candidate.name === name) as ControlConfig;
const formData = { datasource: '1__table', viz_type: 'pie' } as FormData;

describe('pie control panel', () => {
  it('requires a metric', () => {
    expect(validate(undefined, formData, control('metric').validators)).toEqual([
      { key: 'validation.nonEmpty' },
    ]);
    expect(validate('count', formData, control('metric').validators)).toEqual([]);
  });

  it("has Superset's defaults", () => {
    expect(controlDefaults(controlPanel.sections)).toMatchObject({
      row_limit: 100,
      sort_by_metric: true,
      label_type: 'key',
      number_format: 'SMART_NUMBER',
      show_labels: true,
      labels_outside: true,
      label_line: false,
      show_total: false,
      donut: false,
      innerRadius: 30,
      outerRadius: 70,
      show_legend: true,
      legendOrientation: 'top',
    });
  });

  it('offers every label type and shows the inner radius only for donuts', () => {
    expect(control('label_type').choices?.map((choice) => choice.value)).toEqual([
      'key',
      'value',
      'percent',
      'key_value',
      'key_percent',
      'key_value_percent',
      'value_percent',
    ]);
    expect(control('innerRadius').visibility?.({ ...formData, donut: false })).toBe(false);
    expect(control('innerRadius').visibility?.({ ...formData, donut: true })).toBe(true);
  });
});
