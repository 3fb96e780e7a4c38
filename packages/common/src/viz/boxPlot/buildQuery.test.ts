import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery.ts';

describe('box plot buildQuery', () => {
  it('distributes the metrics across the columns per series with Tukey whiskers', () => {
    const formData = {
      datasource: '6__table',
      viz_type: 'box_plot' as const,
      columns: ['city'],
      groupby: ['country'],
      metrics: ['count'],
    };
    expect(buildQuery(formData)).toEqual({
      datasource: { id: 6, type: 'table' },
      force: false,
      queries: [
        {
          filters: [],
          extras: {},
          row_limit: 10000,
          order_desc: true,
          applied_time_extras: {},
          columns: ['city', 'country'],
          metrics: ['count'],
          series_columns: ['country'],
          post_processing: [
            {
              operation: 'boxplot',
              options: { groupby: ['country'], metrics: ['count'], whisker_type: 'tukey' },
            },
          ],
        },
      ],
      form_data: formData,
      result_format: 'json',
      result_type: 'full',
    });
  });

  it('passes min/max and percentile whiskers, and the series limit', () => {
    const base = {
      datasource: '6__table',
      viz_type: 'box_plot' as const,
      columns: ['city'],
      metrics: ['count'],
    };
    expect(
      buildQuery({ ...base, whiskerOptions: 'Min/max (no outliers)' }).queries[0]?.post_processing,
    ).toEqual([
      { operation: 'boxplot', options: { groupby: [], metrics: ['count'], whisker_type: 'min/max' } },
    ]);
    const query = buildQuery({
      ...base,
      whiskerOptions: '9/91 percentiles',
      limit: 5,
      timeseries_limit_metric: 'count',
    }).queries[0];
    expect(query?.post_processing).toEqual([
      {
        operation: 'boxplot',
        options: { groupby: [], metrics: ['count'], whisker_type: 'percentile', percentiles: [9, 91] },
      },
    ]);
    expect(query).toMatchObject({ series_limit: 5, series_limit_metric: 'count' });
    expect(() => buildQuery({ ...base, whiskerOptions: 'Fences' })).toThrow(
      'Unsupported whisker type: Fences',
    );
  });
});
