import { describe, expect, it } from 'vitest';
import { nativeFilter } from '../testFilters.ts';
import { buildQuery, SELECT_PAGE_SIZE, SELECT_ROW_LIMIT, searchFilter } from './buildQuery.ts';

describe('value filter buildQuery', () => {
  it('asks for the distinct values of the column, ascending', () => {
    expect(buildQuery(nativeFilter('f', 'filter_select'))).toEqual({
      datasource: { id: 3, type: 'table' },
      force: false,
      queries: [
        {
          columns: ['country'],
          metrics: [],
          filters: [],
          extras: {},
          applied_time_extras: {},
          orderby: [['country', true]],
          row_limit: SELECT_ROW_LIMIT,
          row_offset: 0,
        },
      ],
      result_format: 'json',
      result_type: 'full',
    });
  });

  it('asks the filter’s own dataset and column, not the columns it maps onto other datasets', () => {
    const mapped = nativeFilter('f', 'filter_select', {
      targets: [
        { datasetId: 3, column: { name: 'country' } },
        { datasetId: 5, column: { name: 'country_code' } },
      ],
    });
    const context = buildQuery(mapped);
    expect(context.datasource).toEqual({ id: 3, type: 'table' });
    expect(context.queries[0]?.columns).toEqual(['country']);
  });

  it('sorts by the sort metric, descending when asked', () => {
    const query = buildQuery(
      nativeFilter('f', 'filter_select', { sortMetric: 'count', controlValues: { sortAscending: false } }),
    ).queries[0];
    expect(query?.metrics).toEqual(['count']);
    expect(query?.orderby).toEqual([['count', false]]);
  });

  it('applies the pre-filters and the parents’ selections', () => {
    const filter = nativeFilter('f', 'filter_select', {
      adhoc_filters: [
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'active', operator: '==', comparator: true },
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'amount > 0' },
      ],
      time_range: 'Last year',
      granularity_sqla: 'order_date',
    });
    const query = buildQuery(filter, {
      parentsExtraFormData: { filters: [{ col: 'region', op: 'IN', val: ['EU'] }] },
    }).queries[0];
    expect(query?.filters).toEqual([
      { col: 'active', op: '==', val: true },
      { col: 'order_date', op: 'TEMPORAL_RANGE', val: 'Last year' },
      { col: 'region', op: 'IN', val: ['EU'], isExtra: true },
    ]);
    expect(query?.extras).toEqual({ where: '(amount > 0)' });
  });

  it('searches and pages on the server with search all options', () => {
    const filter = nativeFilter('f', 'filter_select', { controlValues: { searchAllOptions: true } });
    const query = buildQuery(filter, { search: 'fra', page: 2 }).queries[0];
    expect(query?.filters).toEqual([{ col: 'country', op: 'ILIKE', val: '%fra%' }]);
    expect(query?.row_limit).toBe(SELECT_PAGE_SIZE);
    expect(query?.row_offset).toBe(2 * SELECT_PAGE_SIZE);
  });

  it('ignores the search text without search all options (the browser searches the loaded values)', () => {
    const query = buildQuery(nativeFilter('f', 'filter_select'), { search: 'fra' }).queries[0];
    expect(query?.filters).toEqual([]);
  });

  it('throws for a filter without a column', () => {
    expect(() => buildQuery(nativeFilter('f', 'filter_select', { targets: [{ datasetId: 3 }] }))).toThrow(
      'no dataset or column',
    );
  });
});

describe('searchFilter', () => {
  it('compares like with like', () => {
    expect(searchFilter('n', '42', 0)).toEqual({ col: 'n', op: '==', val: 42 });
    expect(searchFilter('n', 'x', 0)).toBeNull();
    expect(searchFilter('b', 'TRUE', 3)).toEqual({ col: 'b', op: '==', val: true });
    expect(searchFilter('s', ' ab ', 1)).toEqual({ col: 's', op: 'ILIKE', val: '%ab%' });
    expect(searchFilter('s', '  ', 1)).toBeNull();
  });
});
