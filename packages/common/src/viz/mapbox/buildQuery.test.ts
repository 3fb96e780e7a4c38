import { describe, expect, it } from 'vitest';
import { normalizeQueryContext } from '../../query/normalize.ts';
import type { FormData } from '../types.ts';
import { buildQuery } from './buildQuery.ts';

const formData = (extra: Partial<FormData> = {}): FormData => ({
  datasource: '7__table',
  viz_type: 'mapbox',
  all_columns_x: 'longitude',
  all_columns_y: 'latitude',
  ...extra,
});

describe('MapBox buildQuery', () => {
  it('asks for raw longitude and latitude rows, without null coordinates, up to the row limit', () => {
    const [query] = buildQuery(formData({ row_limit: 100 })).queries;
    expect(query).toMatchObject({
      columns: ['longitude', 'latitude'],
      metrics: [],
      row_limit: 100,
      filters: [
        { col: 'longitude', op: 'IS NOT NULL' },
        { col: 'latitude', op: 'IS NOT NULL' },
      ],
      post_processing: [],
    });
    expect(buildQuery(formData()).queries[0]?.row_limit).toBe(5000);
  });

  it('adds the label column, the radius metric and the user’s filters', () => {
    const [query] = buildQuery(
      formData({
        mapbox_label: ['iata'],
        point_radius: 'count',
        adhoc_filters: [
          { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'state', operator: '==', comparator: 'CA' },
        ],
      }),
    ).queries;
    expect(query?.columns).toEqual(['longitude', 'latitude', 'iata']);
    expect(query?.metrics).toEqual(['count']);
    expect(query?.filters).toEqual([
      { col: 'state', op: '==', val: 'CA' },
      { col: 'longitude', op: 'IS NOT NULL' },
      { col: 'latitude', op: 'IS NOT NULL' },
    ]);
  });

  it('is a query the chart data API accepts', () => {
    expect(() => normalizeQueryContext(buildQuery(formData({ mapbox_label: 'iata' })))).not.toThrow();
  });
});
