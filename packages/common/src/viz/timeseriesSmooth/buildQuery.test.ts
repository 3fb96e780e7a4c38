import { describe, expect, it } from 'vitest';
import { baseFormData } from '../timeseries/__fixtures__/chartProps.ts';
import { buildQuery } from './buildQuery.ts';

describe('smooth line buildQuery', () => {
  it('builds a resampled, ratio-compared query with the standard deviation window', () => {
    const formData = baseFormData({
      viz_type: 'echarts_timeseries_smooth',
      metrics: ['orders', 'revenue'],
      rolling_type: 'std',
      rolling_periods: 7,
      time_compare: ['1 week ago'],
      comparison_type: 'ratio',
      resample_rule: '1D',
      resample_method: 'mean',
      force: true,
    });
    const context = buildQuery(formData);
    expect(context.force).toBe(true);
    expect(context.queries[0]?.time_offsets).toEqual(['1 week ago']);
    expect(context.queries[0]?.post_processing).toEqual([
      {
        operation: 'pivot',
        options: {
          index: ['order_date'],
          columns: [],
          aggregates: {
            orders: { operator: 'mean' },
            revenue: { operator: 'mean' },
            'orders__1 week ago': { operator: 'mean' },
            'revenue__1 week ago': { operator: 'mean' },
          },
          drop_missing_columns: false,
        },
      },
      {
        operation: 'rolling',
        options: {
          rolling_type: 'std',
          window: 7,
          min_periods: 0,
          columns: {
            orders: 'orders',
            revenue: 'revenue',
            'orders__1 week ago': 'orders__1 week ago',
            'revenue__1 week ago': 'revenue__1 week ago',
          },
        },
      },
      {
        operation: 'compare',
        options: {
          source_columns: ['orders', 'revenue'],
          compare_columns: ['orders__1 week ago', 'revenue__1 week ago'],
          compare_type: 'ratio',
          drop_original_columns: true,
        },
      },
      { operation: 'resample', options: { rule: '1D', method: 'mean', fill_value: null } },
      { operation: 'flatten' },
    ]);
  });
});
