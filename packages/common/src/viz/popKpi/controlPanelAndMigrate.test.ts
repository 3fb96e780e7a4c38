import { describe, expect, it } from 'vitest';
import { validate } from '../../validation/index.ts';
import { controlDefaults } from '../shared/controls.ts';
import { FORM_DATA_VERSION, type FormData } from '../types.ts';
import { adhocCustom, controlPanel, timeComparison } from './controlPanel.ts';
import { migrate } from './migrate.ts';

const formData = (extra: Partial<FormData> = {}): FormData => ({
  datasource: '2__table',
  viz_type: 'pop_kpi',
  metric: 'revenue',
  ...extra,
});

describe('period comparison control panel and migrate', () => {
  it('offers the five range types and inherits the range by default', () => {
    expect(timeComparison.choices?.map((choice) => choice.value)).toEqual(['r', 'y', 'm', 'w', 'c']);
    expect(controlDefaults(controlPanel.sections)).toMatchObject({ time_comparison: 'r' });
  });

  it('asks for comparison filters only for a custom range, where they must have a value', () => {
    expect(adhocCustom.visibility?.(formData({ time_comparison: 'y' }))).toBe(false);
    expect(adhocCustom.visibility?.(formData({ time_comparison: 'c' }))).toBe(true);
    const custom = formData({ time_comparison: 'c' });
    expect(validate([], custom, adhocCustom.validators)).toEqual([{ key: 'validation.comparisonFilters' }]);
    expect(validate([{ subject: 'order_ts' }], custom, adhocCustom.validators)).toEqual([]);
    expect(validate([], formData({ time_comparison: 'y' }), adhocCustom.validators)).toEqual([]);
  });

  it("takes newer Superset's time shift as the range type", () => {
    expect(migrate(formData({ time_compare: ['1 year ago'], start_date_offset: '' }))).toEqual({
      ...formData(),
      time_comparison: 'y',
      form_data_version: FORM_DATA_VERSION,
    });
    expect(migrate(formData({ time_compare: 'inherit', time_comparison: 'w' })).time_comparison).toBe('w');
  });
});
