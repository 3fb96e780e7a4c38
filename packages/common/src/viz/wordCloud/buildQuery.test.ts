import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery.ts';

describe('word cloud buildQuery', () => {
  it('asks for the metric per word, a hundred words, biggest first', () => {
    const formData = {
      datasource: '11__table',
      viz_type: 'word_cloud' as const,
      series: 'name',
      metric: 'count',
    };
    expect(buildQuery(formData)).toEqual({
      datasource: { id: 11, type: 'table' },
      force: false,
      queries: [
        {
          filters: [],
          extras: {},
          row_limit: 100,
          order_desc: true,
          applied_time_extras: {},
          columns: ['name'],
          metrics: ['count'],
          orderby: [['count', false]],
        },
      ],
      form_data: formData,
      result_format: 'json',
      result_type: 'full',
    });
  });
});
