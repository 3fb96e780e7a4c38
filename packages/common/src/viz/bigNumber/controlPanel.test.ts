import { describe, expect, it } from 'vitest';
import { validate } from '../../validation/index.ts';
import { controlDefaults } from '../shared/controls.ts';
import type { ControlConfig, FormData } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

function control(name: string): ControlConfig {
  for (const section of controlPanel.sections)
    for (const row of section.controlRows) for (const item of row) if (item.name === name) return item;
  throw new Error(`no control ${name}`);
}

const formData = (extra: Partial<FormData> = {}): FormData => ({
  datasource: '1__table',
  viz_type: 'big_number',
  ...extra,
});

describe('big number with trendline control panel', () => {
  it('requires a temporal x-axis and a metric, whole numbers for the lag and periods', () => {
    expect(validate(undefined, formData(), control('x_axis').validators)).toEqual([
      { key: 'validation.nonEmpty' },
    ]);
    expect(validate('', formData(), control('metric').validators)).toEqual([{ key: 'validation.nonEmpty' }]);
    expect(validate('1.5', formData(), control('compare_lag').validators)).toEqual([
      { key: 'validation.integer' },
    ]);
    expect(validate('7', formData(), control('rolling_periods').validators)).toEqual([]);
  });

  it('offers fixing the line to the time range only when a range is chosen', () => {
    const visible = control('time_range_fixed').visibility;
    expect(visible?.(formData())).toBe(false);
    expect(
      visible?.(
        formData({
          adhoc_filters: [
            {
              expressionType: 'SIMPLE',
              clause: 'WHERE',
              subject: 'ds',
              operator: 'TEMPORAL_RANGE',
              comparator: 'Last week',
            },
          ],
        }),
      ),
    ).toBe(true);
  });

  it("has Superset's defaults", () => {
    expect(controlDefaults(controlPanel.sections)).toMatchObject({
      time_grain_sqla: 'P1D',
      show_timestamp: false,
      show_trend_line: true,
      start_y_axis_at_zero: true,
      rolling_type: 'None',
      header_font_size: 0.4,
      subheader_font_size: 0.15,
      color_picker: { r: 0, g: 122, b: 135, a: 1 },
    });
  });
});
