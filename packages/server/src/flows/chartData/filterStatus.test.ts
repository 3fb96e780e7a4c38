import { normalizeQueryObject } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { filterStatus, withoutRejectedFilters } from './filterStatus.ts';

const orders = {
  columns: [
    { column_name: 'city', is_dttm: false },
    { column_name: 'placed_at', is_dttm: true },
  ],
};
const noTime = { columns: [{ column_name: 'x', is_dttm: false }] };

describe('applied and rejected filters', () => {
  it('rejects dashboard filters on columns the dataset lacks, and leaves them out of the query', () => {
    const query = normalizeQueryObject({
      filters: [
        { col: 'city', op: 'IN', val: ['Berlin'], isExtra: true },
        { col: 'region', op: 'IN', val: ['EU'], isExtra: true },
        { col: { label: 'c', sqlExpression: 'lower(city)', expressionType: 'SQL' }, op: '==', val: 'x' },
      ],
    });
    expect(filterStatus(query, orders)).toEqual({
      applied: [{ column: 'city' }, { column: 'c' }],
      rejected: [{ reason: 'not_in_datasource', column: 'region' }],
    });
    expect(withoutRejectedFilters(query, orders).filters.map((filter) => filter.col)).toEqual([
      'city',
      { label: 'c', sqlExpression: 'lower(city)', expressionType: 'SQL' },
    ]);
    const clean = normalizeQueryObject({ filters: [{ col: 'city', op: '==', val: 'x' }] });
    expect(withoutRejectedFilters(clean, orders)).toBe(clean);
  });

  it("keeps the chart's own filters for the compiler to judge", () => {
    const query = normalizeQueryObject({ filters: [{ col: 'region', op: '==', val: 'EU' }] });
    expect(withoutRejectedFilters(query, orders).filters).toHaveLength(1);
    expect(filterStatus(query, orders)).toEqual({ applied: [{ column: 'region' }], rejected: [] });
  });

  it('reports time extras as Superset: a temporal column is needed', () => {
    const query = normalizeQueryObject({
      time_range: 'Last week',
      applied_time_extras: { __time_grain: 'P1D', __time_col: 'nope', __time_range: 'Last week' },
    });
    expect(filterStatus(query, orders)).toEqual({
      applied: [{ column: '__time_grain' }, { column: '__time_range' }],
      rejected: [{ reason: 'not_in_datasource', column: '__time_col' }],
    });
    expect(filterStatus(query, noTime).rejected).toEqual([
      { reason: 'not_in_datasource', column: '__time_col' },
      { reason: 'no_temporal_column', column: '__time_grain' },
      { reason: 'no_temporal_column', column: '__time_range' },
    ]);
    const column = normalizeQueryObject({
      applied_time_extras: { __time_col: 'placed_at' },
      time_range: 'No filter',
    });
    expect(filterStatus(column, orders)).toEqual({ applied: [{ column: '__time_col' }], rejected: [] });
  });
});
