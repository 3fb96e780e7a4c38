import { describe, expect, it } from 'vitest';
import { validate } from '../../validation/index.ts';
import { controlDefaults } from '../shared/controls.ts';
import { FORM_DATA_VERSION, type FormData } from '../types.ts';
import { controlPanel } from './controlPanel.ts';
import { migrate } from './migrate.ts';

const formData = (extra: Partial<FormData> = {}): FormData => ({
  datasource: '2__table',
  viz_type: 'big_number_total',
  metric: 'revenue',
  ...extra,
});

describe('big number control panel and migrate', () => {
  it('requires a metric and has Superset defaults', () => {
    const metric = controlPanel.sections[0]?.controlRows[0]?.[0];
    expect(validate(undefined, formData({ metric: undefined }), metric?.validators)).toEqual([
      { key: 'validation.nonEmpty' },
    ]);
    expect(controlDefaults(controlPanel.sections)).toMatchObject({
      header_font_size: 0.4,
      subheader_font_size: 0.15,
      y_axis_format: 'SMART_NUMBER',
      time_format: 'smart_date',
      force_timestamp_formatting: false,
    });
  });

  it('stamps the version and takes the newer subtitle as the subheader', () => {
    const next = migrate(formData({ subtitle: 'Revenue so far', subtitle_font_size: 0.2 }));
    expect(next).toEqual({
      ...formData(),
      subheader: 'Revenue so far',
      subheader_font_size: 0.2,
      form_data_version: FORM_DATA_VERSION,
    });
  });
});
