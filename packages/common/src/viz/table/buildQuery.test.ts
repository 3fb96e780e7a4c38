import { describe, expect, it } from 'vitest';
import type { FormData } from '../types.ts';
import { buildQuery } from './buildQuery.ts';

const sum = {
  expressionType: 'SIMPLE' as const,
  column: { column_name: 'amount' },
  aggregate: 'SUM' as const,
  label: 'SUM(amount)',
};

const base = (extra: Partial<FormData> = {}): FormData => ({
  datasource: '3__table',
  viz_type: 'table',
  ...extra,
});

const common = {
  filters: [],
  extras: {},
  row_limit: 10000,
  order_desc: true,
  applied_time_extras: {},
};

describe('table buildQuery', () => {
  it('groups by dimensions and orders by the first metric, largest first', () => {
    const context = buildQuery(
      base({ query_mode: 'aggregate', groupby: ['country'], metrics: [sum, 'count'], row_limit: 100 }),
    );
    expect(context).toEqual({
      datasource: { id: 3, type: 'table' },
      force: false,
      queries: [
        {
          ...common,
          row_limit: 100,
          columns: ['country'],
          metrics: [sum, 'count'],
          orderby: [[sum, false]],
          post_processing: [],
        },
      ],
      form_data: expect.objectContaining({ viz_type: 'table' }),
      result_format: 'json',
      result_type: 'full',
    });
  });

  it('orders by the sort metric in the chosen direction', () => {
    const ascending = buildQuery(
      base({ groupby: ['country'], metrics: [sum], timeseries_limit_metric: 'count', order_desc: false }),
    );
    expect(ascending.queries[0]?.orderby).toEqual([['count', true]]);
    const descending = buildQuery(
      base({ groupby: ['country'], metrics: [sum], timeseries_limit_metric: 'count' }),
    );
    expect(descending.queries[0]?.orderby).toEqual([['count', false]]);
  });

  it('adds percentage metrics with a contribution step renaming them %<metric>', () => {
    const context = buildQuery(
      base({ groupby: ['country'], metrics: [sum], percent_metrics: [sum, 'count'] }),
    );
    expect(context.queries[0]).toEqual({
      ...common,
      columns: ['country'],
      metrics: [sum, 'count'],
      orderby: [[sum, false]],
      post_processing: [
        {
          operation: 'contribution',
          options: { columns: ['SUM(amount)', 'count'], rename_columns: ['%SUM(amount)', '%count'] },
        },
      ],
    });
  });

  it('buckets temporal dimensions by the time grain', () => {
    const context = buildQuery(
      base({
        groupby: ['order_date', 'country'],
        metrics: ['count'],
        time_grain_sqla: 'P1M',
        temporal_columns_lookup: { order_date: true, country: false },
      }),
    );
    expect(context.queries[0]?.columns).toEqual([
      {
        label: 'order_date',
        sqlExpression: 'order_date',
        expressionType: 'SQL',
        columnType: 'BASE_AXIS',
        timeGrain: 'P1M',
        isColumnReference: true,
      },
      'country',
    ]);
    expect(context.queries[0]?.extras).toEqual({ time_grain_sqla: 'P1M' });
  });

  it('turns adhoc filters into filters and WHERE / HAVING clauses', () => {
    const context = buildQuery(
      base({
        groupby: ['country'],
        metrics: ['count'],
        adhoc_filters: [
          {
            expressionType: 'SIMPLE',
            clause: 'WHERE',
            subject: 'country',
            operator: 'IN',
            comparator: ['FR'],
          },
          { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'amount > 0' },
          { expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'COUNT(*) > 1' },
        ],
      }),
    );
    expect(context.queries[0]?.filters).toEqual([{ col: 'country', op: 'IN', val: ['FR'] }]);
    expect(context.queries[0]?.extras).toEqual({ where: '(amount > 0)', having: '(COUNT(*) > 1)' });
  });

  it('adds the summary query without dimensions, order or paging when show_totals is on', () => {
    const context = buildQuery(
      base({
        groupby: ['country'],
        metrics: [sum],
        percent_metrics: ['count'],
        show_totals: true,
        row_limit: 50,
      }),
    );
    expect(context.queries).toHaveLength(2);
    expect(context.queries[1]).toEqual({
      filters: [],
      extras: {},
      applied_time_extras: {},
      columns: [],
      metrics: [sum, 'count'],
      row_offset: 0,
      post_processing: [],
    });
  });

  it('has no summary query in raw mode or without metrics', () => {
    expect(
      buildQuery(base({ query_mode: 'raw', all_columns: ['a'], show_totals: true })).queries,
    ).toHaveLength(1);
    expect(buildQuery(base({ groupby: ['country'], show_totals: true })).queries).toHaveLength(1);
  });

  it('selects raw records ordered by order_by_cols, without metrics', () => {
    const context = buildQuery(
      base({
        query_mode: 'raw',
        all_columns: ['name', 'amount'],
        order_by_cols: ['["amount", false]', '["name", true]', 'not json'],
        row_limit: 500,
        metrics: ['count'],
        groupby: ['ignored'],
      }),
    );
    expect(context.queries).toEqual([
      {
        ...common,
        row_limit: 500,
        columns: ['name', 'amount'],
        orderby: [
          ['amount', false],
          ['name', true],
        ],
        post_processing: [],
      },
    ]);
    expect(context.queries[0]).not.toHaveProperty('metrics');
  });

  it('infers raw mode from raw columns in legacy form data without query_mode', () => {
    const context = buildQuery(base({ all_columns: ['name'] }));
    expect(context.queries[0]?.columns).toEqual(['name']);
    expect(context.queries[0]).not.toHaveProperty('metrics');
  });

  it('keeps the legacy time column and time range of old form data', () => {
    const context = buildQuery(
      base({ groupby: ['country'], metrics: ['count'], granularity_sqla: 'ds', time_range: 'Last week' }),
    );
    expect(context.queries[0]).toMatchObject({ granularity: 'ds', time_range: 'Last week' });
  });

  it('pages on the server from the own state and counts the rows in a second query', () => {
    const formData = base({
      groupby: ['country'],
      metrics: [sum],
      server_pagination: true,
      server_page_length: 20,
      show_totals: true,
    });
    const context = buildQuery(formData, { ownState: { currentPage: 2, pageSize: 50 } });
    const [page, count, totals] = context.queries;
    expect(page).toEqual({
      ...common,
      columns: ['country'],
      metrics: [sum],
      orderby: [[sum, false]],
      post_processing: [],
      row_limit: 50,
      row_offset: 100,
    });
    expect(count).toEqual({
      filters: [],
      extras: {},
      applied_time_extras: {},
      order_desc: true,
      columns: ['country'],
      metrics: [sum],
      orderby: [[sum, false]],
      post_processing: [],
      row_offset: 0,
      is_rowcount: true,
    });
    expect(totals).toMatchObject({ columns: [], metrics: [sum], row_offset: 0 });
    expect(totals).not.toHaveProperty('is_rowcount');
  });

  it('starts server pagination on the first page of server_page_length rows', () => {
    const context = buildQuery(base({ query_mode: 'raw', all_columns: ['a'], server_pagination: true }));
    expect(context.queries[0]).toMatchObject({ row_limit: 10, row_offset: 0 });
    expect(context.queries[1]).toMatchObject({ is_rowcount: true, row_offset: 0 });
    expect(context.queries[1]).not.toHaveProperty('row_limit');
  });

  it('sorts a server-paginated table by the header the user clicked', () => {
    const context = buildQuery(base({ groupby: ['country'], metrics: [sum], server_pagination: true }), {
      ownState: { currentPage: 0, pageSize: 10, sortBy: [{ key: 'country', desc: true }] },
    });
    expect(context.queries[0]?.orderby).toEqual([['country', false]]);
  });
});
