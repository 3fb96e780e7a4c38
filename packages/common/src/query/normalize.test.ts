import { describe, expect, it } from 'vitest';
import { QueryValidationError } from './errors.ts';
import { DEFAULT_ROW_LIMIT, normalizeQueryContext, normalizeQueryObject } from './normalize.ts';

function fieldOf(fn: () => unknown): string | null {
  try {
    fn();
  } catch (error) {
    if (error instanceof QueryValidationError) return `${error.field}: ${error.message}`;
    throw error;
  }
  return null;
}

describe('normalizeQueryObject', () => {
  it('applies defaults', () => {
    const query = normalizeQueryObject({ columns: ['a'], metrics: ['count'] });
    expect(query).toMatchObject({
      columns: ['a'],
      metrics: ['count'],
      filters: [],
      extras: { where: null, having: null, time_grain_sqla: null, relative_start: null, relative_end: null },
      time_range: null,
      granularity: null,
      orderby: [],
      order_desc: true,
      row_limit: DEFAULT_ROW_LIMIT,
      row_offset: 0,
      series_limit: 0,
      series_limit_metric: null,
      is_timeseries: false,
      post_processing: [],
    });
  });

  it('keeps an absent metrics list apart from an empty one (raw records vs. grouped)', () => {
    expect(normalizeQueryObject({ columns: ['a'] }).metrics).toBeNull();
    expect(normalizeQueryObject({ columns: ['a'], metrics: [] }).metrics).toEqual([]);
  });

  it('accepts the deprecated fields', () => {
    const query = normalizeQueryObject({
      groupby: ['country'],
      granularity_sqla: 'order_date',
      where: 'a = 1',
      having: 'SUM(b) > 2',
      timeseries_limit: 5,
      timeseries_limit_metric: 'count',
      metrics: ['count'],
    });
    expect(query.columns).toEqual(['country']);
    expect(query.granularity).toBe('order_date');
    expect(query.extras.where).toBe('a = 1');
    expect(query.extras.having).toBe('SUM(b) > 2');
    expect(query.series_limit).toBe(5);
    expect(query.series_limit_metric).toBe('count');
  });

  it('prefers the current spelling when both are sent', () => {
    const query = normalizeQueryObject({
      columns: ['a'],
      groupby: ['b'],
      extras: { where: 'x' },
      where: 'y',
    });
    expect(query.columns).toEqual(['a']);
    expect(query.extras.where).toBe('x');
  });

  it('turns a legacy timeseries query into a leading __timestamp column with the grain', () => {
    const query = normalizeQueryObject({
      is_timeseries: true,
      granularity: 'order_date',
      extras: { time_grain_sqla: 'P0.25Y' },
      columns: ['country'],
      metrics: ['count'],
    });
    expect(query.columns).toEqual([
      {
        label: '__timestamp',
        sqlExpression: 'order_date',
        expressionType: 'SQL',
        columnType: 'BASE_AXIS',
        isColumnReference: true,
        timeGrain: 'P3M',
      },
      'country',
    ]);
  });

  it('buckets a BASE_AXIS adhoc column without a grain by extras.time_grain_sqla, and only that one', () => {
    const axis = {
      label: 'day',
      sqlExpression: 'order_date',
      expressionType: 'SQL',
      columnType: 'BASE_AXIS',
    };
    const query = normalizeQueryObject({
      columns: [
        axis,
        { label: 'own', sqlExpression: 'shipped', columnType: 'BASE_AXIS', timeGrain: 'P1D' },
        { label: 'series', sqlExpression: 'country', columnType: 'SERIES' },
        'city',
      ],
      extras: { time_grain_sqla: 'P1M' },
      metrics: ['count'],
    });
    expect(query.columns[0]).toMatchObject({ label: 'day', timeGrain: 'P1M' });
    expect(query.columns[1]).toMatchObject({ label: 'own', timeGrain: 'P1D' });
    expect(query.columns[2]).not.toHaveProperty('timeGrain');
    expect(query.columns[3]).toBe('city');
    // The sent object is not changed.
    expect(axis).not.toHaveProperty('timeGrain');
    const none = normalizeQueryObject({ columns: [axis], metrics: ['count'] });
    expect(none.columns[0]).not.toHaveProperty('timeGrain');
    // 'none' in Superset's grain list is an explicit "no bucketing", on the axis and on a column.
    const explicit = normalizeQueryObject({
      columns: [axis, { label: 'own', sqlExpression: 'shipped', timeGrain: 'none' }],
      extras: { time_grain_sqla: 'none' },
      metrics: ['count'],
    });
    expect(explicit.extras.time_grain_sqla).toBeNull();
    expect(explicit.columns[0]).not.toHaveProperty('timeGrain');
    expect(explicit.columns[1]).not.toHaveProperty('timeGrain');
    expect(normalizeQueryObject({ extras: { time_grain_sqla: 'P7D' } }).extras.time_grain_sqla).toBe('P7D');
  });

  it('labels unlabelled SIMPLE metrics and adhoc columns as Superset does', () => {
    const query = normalizeQueryObject({
      columns: [{ sqlExpression: 'LOWER(city)', expressionType: 'SQL' }],
      metrics: [{ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'amount' } }],
    });
    expect(query.columns[0]).toMatchObject({ label: 'LOWER(city)' });
    expect(query.metrics?.[0]).toMatchObject({ label: 'SUM(amount)' });
  });

  it('accepts a single value for IN', () => {
    const query = normalizeQueryObject({ columns: ['a'], filters: [{ col: 'a', op: 'IN', val: 'x' }] });
    expect(query.filters[0]?.val).toEqual(['x']);
  });

  it.each([
    [{ row_limit: -1 }, 'row_limit: "row_limit" must be a positive integer'],
    [{ row_limit: 1.5 }, 'row_limit: "row_limit" must be a positive integer'],
    [{ row_limit: '10' }, 'row_limit: "row_limit" must be a positive integer'],
    [{ row_limit: 100_001 }, 'row_limit: "row_limit" must be at most 100000, the configured maximum'],
    [{ row_offset: -1 }, 'row_offset: "row_offset" must be a non-negative integer'],
    [{ filters: [{ col: 'a', op: 'BETWEEN', val: 1 }] }, 'filters[0].op: Unknown filter operator "BETWEEN"'],
    [{ filters: [{ op: '==', val: 1 }] }, 'filters[0].col: A filter needs a column'],
    [{ filters: ['a = 1'] }, 'filters[0]: A filter must be an object {col, op, val}'],
    [{ filters: [{ col: 'a', op: '==' }] }, 'filters[0].val: The == filter needs a value'],
    [
      { filters: [{ col: 'a', op: '==', val: { x: 1 } }] },
      'filters[0].val: The == filter takes a single string, number or boolean',
    ],
    [
      { filters: [{ col: 'a', op: 'IN', val: [[1]] }] },
      'filters[0].val: IN takes a list of strings, numbers, booleans or nulls',
    ],
    [
      { filters: [{ col: 'a', op: 'LIKE', val: 3 }] },
      'filters[0].val: The LIKE filter takes a pattern string',
    ],
    [
      { filters: [{ col: 'a', op: 'TEMPORAL_RANGE', val: 3 }] },
      'filters[0].val: A TEMPORAL_RANGE filter needs a time range string',
    ],
    [
      { metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(a)' }] },
      'metrics[0].label: A SQL metric needs a label',
    ],
    [
      { metrics: [{ expressionType: 'SIMPLE', aggregate: 'MEDIAN', column: { column_name: 'a' } }] },
      'metrics[0].aggregate: Unknown aggregate "MEDIAN"; use one of AVG, COUNT, COUNT_DISTINCT, MAX, MIN, SUM',
    ],
    [
      { metrics: [{ expressionType: 'SIMPLE', aggregate: 'SUM' }] },
      'metrics[0].column: A SIMPLE metric needs a column with a column_name',
    ],
    [
      { metrics: [{ expressionType: 'PYTHON' }] },
      'metrics[0].expressionType: An adhoc metric must have expressionType "SIMPLE" or "SQL"',
    ],
    [{ metrics: [''] }, 'metrics[0]: A metric name cannot be empty'],
    [
      { columns: [{ label: 'x' }] },
      'columns[0].sqlExpression: An adhoc column needs a non-empty sqlExpression',
    ],
    [{ groupby: [3] }, 'groupby[0]: A column must be a column name or an adhoc column'],
    [{ extras: { time_grain_sqla: 'P2D' } }, 'extras.time_grain_sqla: Unknown time grain "P2D"'],
    [{ extras: { where: 1 } }, 'extras.where: "where" must be a string of SQL'],
    [{ orderby: [['a']] }, 'orderby[0]: An orderby entry must be [metric or column, ascending]'],
    [
      { post_processing: [{ operation: 'explode' }] },
      'post_processing[0].operation: Unknown post-processing operation "explode"',
    ],
    [{ columns: 'a' }, 'columns: "columns" must be a list'],
  ])('refuses %j', (raw, expected) => {
    expect(fieldOf(() => normalizeQueryObject(raw))).toBe(expected);
  });

  it('uses the configured maximum row count', () => {
    expect(normalizeQueryObject({ row_limit: 50 }, { maxRowLimit: 100 }).row_limit).toBe(50);
    expect(normalizeQueryObject({}, { maxRowLimit: 500 }).row_limit).toBe(500);
    // Superset's clients send 0 for totals and row counts: the default applies.
    expect(normalizeQueryObject({ row_limit: 0 }, { maxRowLimit: 500 }).row_limit).toBe(500);
    expect(fieldOf(() => normalizeQueryObject({ row_limit: 101 }, { maxRowLimit: 100 }))).toMatch(
      /^row_limit:/,
    );
  });

  it('accepts post-processing steps and skips nulls', () => {
    const query = normalizeQueryObject({ post_processing: [null, { operation: 'flatten' }] });
    expect(query.post_processing).toEqual([{ operation: 'flatten' }]);
  });
});

describe('normalizeQueryContext', () => {
  it('normalizes every query and applies defaults', () => {
    const context = normalizeQueryContext({
      datasource: { id: 3, type: 'table' },
      queries: [{ metrics: ['count'] }],
    });
    expect(context).toMatchObject({
      datasource: { id: 3, type: 'table' },
      result_type: 'full',
      result_format: 'json',
      force: false,
      form_data: null,
      custom_cache_timeout: null,
    });
    expect(context.queries).toHaveLength(1);
  });

  it('names the query at fault', () => {
    const raw = {
      datasource: { id: 3, type: 'table' },
      queries: [{}, { filters: [{ col: 'a', op: '~', val: 1 }] }],
    };
    expect(fieldOf(() => normalizeQueryContext(raw))).toBe(
      'queries[1].filters[0].op: Unknown filter operator "~"',
    );
  });

  it.each([
    [{ queries: [] }, 'datasource'],
    [{ datasource: { id: 1, type: 'cube' }, queries: [] }, 'datasource.type'],
    [{ datasource: { id: 1, type: 'table' } }, 'queries'],
    [{ datasource: { id: 1, type: 'table' }, queries: [], result_format: 'pdf' }, 'result_format'],
    [{ datasource: { id: 1, type: 'table' }, queries: [], result_type: 'everything' }, 'result_type'],
  ])('refuses %j', (raw, field) => {
    expect(fieldOf(() => normalizeQueryContext(raw))?.split(':')[0]).toBe(field);
  });
});
