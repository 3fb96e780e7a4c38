import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery.ts';

describe('histogram buildQuery', () => {
  it('asks for raw values and bins them with the histogram post-processing', () => {
    const formData = {
      datasource: '4__table',
      viz_type: 'histogram_v2' as const,
      column: 'age',
      groupby: ['gender'],
      bins: '10',
      normalize: true,
    };
    expect(buildQuery(formData)).toEqual({
      datasource: { id: 4, type: 'table' },
      force: false,
      queries: [
        {
          filters: [],
          extras: {},
          row_limit: 10000,
          order_desc: true,
          applied_time_extras: {},
          columns: ['gender', 'age'],
          post_processing: [
            {
              operation: 'histogram',
              options: { column: 'age', groupby: ['gender'], bins: 10, cumulative: false, normalize: true },
            },
          ],
        },
      ],
      form_data: formData,
      result_format: 'json',
      result_type: 'full',
    });
  });

  it('uses five bins by default and an adhoc column by its label', () => {
    const column = { label: 'age_years', sqlExpression: 'age / 12', expressionType: 'SQL' as const };
    const query = buildQuery({ datasource: '4__table', viz_type: 'histogram_v2', column, cumulative: true })
      .queries[0];
    expect(query?.columns).toEqual([column]);
    expect(query).not.toHaveProperty('metrics');
    expect(query?.post_processing).toEqual([
      {
        operation: 'histogram',
        options: { column: 'age_years', groupby: [], bins: 5, cumulative: true, normalize: false },
      },
    ]);
  });
});
