import { describe, expect, it } from 'vitest';
import { validate } from '../../validation/index.ts';
import { controlDefaults } from '../shared/controls.ts';
import type { ControlConfig, FormData } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

const controls = controlPanel.sections.flatMap((section) => section.controlRows.flat());
const control = (name: string) => controls.find((candidate) => candidate.name === name) as ControlConfig;
const formData = { datasource: '1__table', viz_type: 'word_cloud' } as FormData;

describe('word cloud control panel', () => {
  it('requires a series column and a metric', () => {
    expect(validate(undefined, formData, control('series').validators)).toEqual([
      { key: 'validation.nonEmpty' },
    ]);
    expect(validate(undefined, formData, control('metric').validators)).toEqual([
      { key: 'validation.nonEmpty' },
    ]);
    expect(validate('12.5', formData, control('size_to').validators)).toEqual([
      { key: 'validation.integer' },
    ]);
  });

  it("has Superset's defaults and rotations", () => {
    expect(controlDefaults(controlPanel.sections)).toMatchObject({
      row_limit: 100,
      sort_by_metric: true,
      size_from: 10,
      size_to: 70,
      rotation: 'square',
      color_scheme: 'supersetColors',
    });
    expect(control('rotation').choices?.map((choice) => choice.value)).toEqual(['random', 'flat', 'square']);
  });
});
