import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION } from '../types.ts';
import { migrate } from './migrate.ts';

describe('smooth line migrate', () => {
  it('upgrades unversioned form data and leaves versioned form data alone', () => {
    const migrated = migrate({
      datasource: '7__table',
      viz_type: 'echarts_timeseries_smooth',
      x_axis: 'order_date',
      rolling_type: 'None',
      y_log_scale: false,
    });
    expect(migrated).toEqual({
      datasource: '7__table',
      viz_type: 'echarts_timeseries_smooth',
      form_data_version: FORM_DATA_VERSION,
      x_axis: 'order_date',
      rolling_type: null,
      logAxis: false,
    });
    expect(migrate(migrated)).toBe(migrated);
  });
});
