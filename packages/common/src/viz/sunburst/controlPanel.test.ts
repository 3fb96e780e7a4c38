import { describe, expect, it } from 'vitest';
import { validate } from '../../validation/index.ts';
import { controlDefaults } from '../shared/controls.ts';
import type { ControlConfig, FormData } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

const controls = controlPanel.sections.flatMap((section) => section.controlRows.flat());
const control = (name: string) => controls.find((candidate) => candidate.name === name) as ControlConfig;
const formData = { datasource: '1__table', viz_type: 'sunburst_v2' } as FormData;

describe('sunburst control panel', () => {
  it('requires a hierarchy and a metric, not a secondary metric', () => {
    expect(validate([], formData, control('columns').validators)).toEqual([{ key: 'validation.nonEmpty' }]);
    expect(validate(undefined, formData, control('metric').validators)).toEqual([
      { key: 'validation.nonEmpty' },
    ]);
    expect(validate(undefined, formData, control('secondary_metric').validators)).toEqual([]);
  });

  it('shows the linear scheme only with a secondary metric, and has Superset defaults', () => {
    expect(control('linear_color_scheme').visibility?.(formData)).toBe(false);
    expect(control('linear_color_scheme').visibility?.({ ...formData, secondary_metric: 'count' })).toBe(
      true,
    );
    expect(controlDefaults(controlPanel.sections)).toMatchObject({
      show_labels: false,
      show_labels_threshold: 5,
      show_total: false,
      label_type: 'key',
      linear_color_scheme: 'superset_seq_1',
    });
  });
});
