import { describe, expect, it } from 'vitest';
import type { FormData } from '../types.ts';
import { buildQuery } from './buildQuery.ts';

const formData = (extra: Partial<FormData> = {}): FormData => ({
  datasource: '2__table',
  viz_type: 'big_number_total',
  metric: 'revenue',
  ...extra,
});

describe('big number buildQuery', () => {
  it('asks for the metric over the filtered rows', () => {
    expect(
      buildQuery(
        formData({
          adhoc_filters: [
            {
              expressionType: 'SIMPLE',
              clause: 'WHERE',
              subject: 'country',
              operator: '==',
              comparator: 'FR',
            },
          ],
        }),
      ),
    ).toEqual({
      datasource: { id: 2, type: 'table' },
      force: false,
      queries: [
        {
          filters: [{ col: 'country', op: '==', val: 'FR' }],
          extras: {},
          row_limit: 10000,
          order_desc: true,
          applied_time_extras: {},
          metrics: ['revenue'],
        },
      ],
      form_data: expect.objectContaining({ metric: 'revenue' }),
      result_format: 'json',
      result_type: 'full',
    });
  });
});
