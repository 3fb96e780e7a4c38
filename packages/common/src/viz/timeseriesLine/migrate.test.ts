import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION } from '../types.ts';
import { migrate } from './migrate.ts';

describe('line chart migrate', () => {
  it('upgrades unversioned form data with NVD3 line parameters', () => {
    expect(
      migrate({
        datasource: '7__table',
        viz_type: 'echarts_timeseries_line',
        x_axis_format: 'smart_date',
        show_markers: true,
        groupby: ['country'],
      }),
    ).toEqual({
      datasource: '7__table',
      viz_type: 'echarts_timeseries_line',
      form_data_version: FORM_DATA_VERSION,
      x_axis_time_format: 'smart_date',
      markerEnabled: true,
      groupby: ['country'],
    });
  });
});
