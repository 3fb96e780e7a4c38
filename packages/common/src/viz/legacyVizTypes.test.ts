import { describe, expect, it } from 'vitest';
import { currentVizType, migrateSavedFormData } from './registry.ts';

describe('legacy viz types', () => {
  it('maps Superset’s older chart types to ours and keeps current names', () => {
    expect(currentVizType('dist_bar')).toBe('echarts_timeseries_bar');
    expect(currentVizType('pivot_table')).toBe('pivot_table_v2');
    expect(currentVizType('pie')).toBe('pie');
    expect(currentVizType('deck_arc')).toBeNull();
    expect(currentVizType('__proto__')).toBeNull();
  });

  it('migrates a legacy pivot table with its own keys and renames its type', () => {
    const migrated = migrateSavedFormData({
      datasource: '1__table',
      viz_type: 'pivot_table',
      groupby: ['region'],
      columns: ['channel'],
      metrics: ['count'],
      pandas_aggfunc: 'sum',
    });
    expect(migrated?.viz_type).toBe('pivot_table_v2');
    expect(migrated?.groupbyRows).toEqual(['region']);
    expect(migrated?.groupbyColumns).toEqual(['channel']);
  });

  it('answers null for an unknown type', () => {
    expect(migrateSavedFormData({ datasource: '1__table', viz_type: 'deck_arc' })).toBeNull();
  });
});
