import { describe, expect, it } from 'vitest';
import { validate } from '../../validation/index.ts';
import { controlDefaults } from '../shared/controls.ts';
import type { ControlConfig, FormData } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

const controls = controlPanel.sections.flatMap((section) => section.controlRows.flat());
const control = (name: string) => controls.find((candidate) => candidate.name === name) as ControlConfig;
const formData = { datasource: '1__table', viz_type: 'funnel' } as FormData;

describe('funnel control panel', () => {
  it('requires a metric', () => {
    expect(validate(null, formData, control('metric').validators)).toEqual([{ key: 'validation.nonEmpty' }]);
  });

  it("has Superset's defaults and percent calculations", () => {
    expect(controlDefaults(controlPanel.sections)).toMatchObject({
      row_limit: 10,
      sort_by_metric: true,
      percent_calculation_type: 'first_step',
      label_type: 'key',
      tooltip_label_type: 'key_value_percent',
      show_labels: true,
      show_tooltip_labels: true,
    });
    expect(control('percent_calculation_type').choices?.map((choice) => choice.value)).toEqual([
      'first_step',
      'prev_step',
      'total',
    ]);
  });
});
