import { describe, expect, it } from 'vitest';
import { validate } from '../../validation/index.ts';
import type { ControlConfig, FormData } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

const controls = controlPanel.sections.flatMap((section) => section.controlRows.flat());
const control = (name: string) => controls.find((candidate) => candidate.name === name) as ControlConfig;
const formData = { datasource: '1__table', viz_type: 'sankey_v2' } as FormData;

describe('sankey control panel', () => {
  it('requires a source, a target and a metric', () => {
    for (const name of ['source', 'target', 'metric'])
      expect(validate(undefined, formData, control(name).validators), name).toEqual([
        { key: 'validation.nonEmpty' },
      ]);
    expect(validate('from_stage', formData, control('source').validators)).toEqual([]);
  });
});
