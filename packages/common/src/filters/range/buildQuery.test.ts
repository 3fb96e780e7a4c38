import { describe, expect, it } from 'vitest';
import { nativeFilter } from '../testFilters.ts';
import { buildQuery } from './buildQuery.ts';

describe('range filter buildQuery', () => {
  it('asks for the MIN and MAX of the column under the parents’ selections', () => {
    const filter = nativeFilter('f', 'filter_range', {
      targets: [{ datasetId: 4, column: { name: 'amount' } }],
    });
    expect(
      buildQuery(filter, { parentsExtraFormData: { filters: [{ col: 'region', op: 'IN', val: ['EU'] }] } }),
    ).toEqual({
      datasource: { id: 4, type: 'table' },
      force: false,
      queries: [
        {
          columns: [],
          metrics: [
            { expressionType: 'SIMPLE', aggregate: 'MIN', column: { column_name: 'amount' }, label: 'min' },
            { expressionType: 'SIMPLE', aggregate: 'MAX', column: { column_name: 'amount' }, label: 'max' },
          ],
          filters: [{ col: 'region', op: 'IN', val: ['EU'], isExtra: true }],
          extras: {},
          applied_time_extras: {},
          row_limit: 1,
        },
      ],
      result_format: 'json',
      result_type: 'full',
    });
  });
});
