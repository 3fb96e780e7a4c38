import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION } from '../types.ts';
import { migrate } from './migrate.ts';

describe('treemap migrate', () => {
  it("takes the legacy treemap's first metric and order", () => {
    expect(
      migrate({
        datasource: '1__table',
        viz_type: 'treemap_v2',
        groupby: ['region'],
        metrics: ['revenue', 'count'],
        order_desc: true,
        treemap_ratio: 1.618,
      }),
    ).toEqual({
      datasource: '1__table',
      viz_type: 'treemap_v2',
      groupby: ['region'],
      metric: 'revenue',
      sort_by_metric: true,
      form_data_version: FORM_DATA_VERSION,
    });
  });
});
