import { describe, expect, it } from 'vitest';
import { validate } from '../../validation/index.ts';
import { controlDefaults } from '../shared/controls.ts';
import type { ControlConfig, FormData } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

const controls = controlPanel.sections.flatMap((section) => section.controlRows.flat());
const control = (name: string) => controls.find((candidate) => candidate.name === name) as ControlConfig;
const formData = { datasource: '1__table', viz_type: 'treemap_v2' } as FormData;

describe('treemap control panel', () => {
  it('requires a metric', () => {
    expect(validate(undefined, formData, control('metric').validators)).toEqual([
      { key: 'validation.nonEmpty' },
    ]);
  });

  it("has Superset's defaults and label types", () => {
    expect(controlDefaults(controlPanel.sections)).toMatchObject({
      show_labels: true,
      show_upper_labels: true,
      label_type: 'key_value',
      sort_by_metric: true,
      number_format: 'SMART_NUMBER',
    });
    expect(control('label_type').choices?.map((choice) => choice.value)).toEqual([
      'key',
      'value',
      'key_value',
    ]);
  });
});
