import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION, type FormData } from '../types.ts';
import { migrate } from './migrate.ts';

describe('pivot table migrate', () => {
  it('stamps the current version on Superset form data and keeps pivot_table_v2 keys', () => {
    const saved: FormData = {
      datasource: '1__table',
      viz_type: 'pivot_table_v2',
      groupbyRows: ['a'],
      aggregateFunction: 'Median',
    };
    expect(migrate(saved)).toEqual({ ...saved, form_data_version: FORM_DATA_VERSION });
  });

  it("renames the legacy pivot table's keys as Superset's migration does", () => {
    const legacy = {
      datasource: '1__table',
      viz_type: 'pivot_table',
      groupby: ['region'],
      columns: ['year'],
      metrics: ['sales'],
      pandas_aggfunc: 'mean',
      pivot_margins: true,
      number_format: ',.2f',
      combine_metric: true,
      transpose_pivot: true,
      row_limit: 500,
      timeseries_limit_metric: 'sales',
      table_timestamp_format: '%Y',
      groupbyRows: ['stale'],
    } as unknown as FormData;
    expect(migrate(legacy)).toEqual({
      datasource: '1__table',
      viz_type: 'pivot_table_v2',
      form_data_version: FORM_DATA_VERSION,
      groupbyRows: ['region'],
      groupbyColumns: ['year'],
      metrics: ['sales'],
      aggregateFunction: 'Average',
      colTotals: true,
      colSubTotals: true,
      valueFormat: ',.2f',
      combineMetric: true,
      transposePivot: true,
      series_limit: 500,
      series_limit_metric: 'sales',
      date_format: '%Y',
      rowOrder: 'value_z_to_a',
    });
  });

  it('maps each pandas aggregation', () => {
    const of = (pandas: string) =>
      migrate({
        datasource: '1__table',
        viz_type: 'pivot_table',
        pandas_aggfunc: pandas,
      } as unknown as FormData).aggregateFunction;
    expect(['sum', 'mean', 'median', 'min', 'max', 'std', 'var'].map(of)).toEqual([
      'Sum',
      'Average',
      'Median',
      'Minimum',
      'Maximum',
      'Sample Standard Deviation',
      'Sample Variance',
    ]);
  });

  it('turns the legacy time column and range into a temporal filter', () => {
    const next = migrate({
      datasource: '1__table',
      viz_type: 'pivot_table',
      granularity_sqla: 'ds',
      time_range: 'Last year',
      adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'x > 1' }],
    } as unknown as FormData);
    expect(next.adhoc_filters).toEqual([
      { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'x > 1' },
      {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'ds',
        operator: 'TEMPORAL_RANGE',
        comparator: 'Last year',
      },
    ]);
    expect(next).not.toHaveProperty('granularity_sqla');
    expect(next).not.toHaveProperty('time_range');
  });
});
