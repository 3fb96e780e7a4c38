import { describe, expect, it } from 'vitest';
import { QueryValidationError } from '../../query/errors.ts';
import { normalizeQueryObject } from '../../query/normalize.ts';
import type { QueryObject } from '../../query/types.ts';
import { CustomSqlError } from '../customSql.ts';
import { dialects } from '../dialects/index.ts';
import { MissingTemplateParamsError } from '../template.ts';
import { CASES_NOW, salesDataset, virtualSalesDataset } from './__fixtures__/salesCases.ts';
import { compileQuery } from './compileQuery.ts';
import type { CompileOptions, CompilerDataset } from './types.ts';

const duckdb = dialects.duckdb;
const sales = salesDataset('sales');

function compile(raw: QueryObject, options: Partial<CompileOptions> = {}, dataset: CompilerDataset = sales) {
  return compileQuery(normalizeQueryObject(raw), dataset, duckdb, { now: CASES_NOW, ...options });
}

function failure(fn: () => unknown): { field: string; message: string; error: unknown } | null {
  try {
    fn();
  } catch (error) {
    if (error instanceof QueryValidationError) return { field: error.field, message: error.message, error };
    throw error;
  }
  return null;
}

describe('compileQuery', () => {
  it('binds filter values in the order their placeholders appear', () => {
    const { sql, params } = compile({
      columns: ['id'],
      filters: [
        { col: 'country', op: 'IN', val: ['FR', 'DE'] },
        { col: 'amount', op: '>', val: 10 },
        { col: 'is_returned', op: '==', val: false },
      ],
    });
    expect(sql).toContain('WHERE "country" IN ($1, $2) AND "amount" > $3 AND "is_returned" = $4');
    expect(params).toEqual(['FR', 'DE', 10, false]);
  });

  it('never pastes a filter value into the SQL', () => {
    const attack = "x'); DROP TABLE sales; --";
    const { sql, params } = compile({ columns: ['id'], filters: [{ col: 'city', op: '==', val: attack }] });
    expect(sql).not.toContain('DROP');
    expect(params).toEqual([attack]);
  });

  it('filters on an adhoc column (a cross-filter) with its expression and bound values', () => {
    const attack = "x'); DROP TABLE sales; --";
    const { sql, params } = compile({
      columns: ['id'],
      filters: [
        {
          col: { label: 'Upper city', sqlExpression: 'upper(city)', expressionType: 'SQL' },
          op: 'IN',
          val: ['PARIS', attack],
          isExtra: true,
        },
        { col: { label: 'c', sqlExpression: 'lower(country)', expressionType: 'SQL' }, op: 'IS NULL' },
      ],
    });
    expect(sql).toContain('WHERE (upper(city)) IN ($1, $2) AND (lower(country)) IS NULL');
    expect(sql).not.toContain('DROP');
    expect(params).toEqual(['PARIS', attack]);
  });

  it('lists an adhoc filter column for the parser check, naming its field', () => {
    const { userSql } = compile({
      columns: ['id'],
      filters: [
        {
          col: { label: 'c', sqlExpression: 'city; DROP TABLE t', expressionType: 'SQL' },
          op: 'IN',
          val: ['a'],
        },
      ],
    });
    expect(userSql).toContainEqual({
      field: 'filters[0].col.sqlExpression',
      sql: 'city; DROP TABLE t',
      role: 'expression',
    });
  });

  it('has no time predicate for "No filter"', () => {
    const { sql } = compile({
      columns: ['id'],
      filters: [{ col: 'order_date', op: 'TEMPORAL_RANGE', val: 'No filter' }],
      granularity: 'order_date',
      time_range: 'No filter',
    });
    expect(sql).not.toContain('WHERE');
  });

  it('applies time_range on granularity once when a TEMPORAL_RANGE filter covers the same column', () => {
    const { sql } = compile({
      columns: ['id'],
      granularity: 'order_date',
      time_range: 'Last quarter',
      filters: [{ col: 'order_date', op: 'TEMPORAL_RANGE', val: 'Last quarter' }],
    });
    expect(sql.match(/"order_date" >=/g)).toHaveLength(1);
  });

  it('uses a given time range resolver and anchors', () => {
    const seen: unknown[] = [];
    const { sql } = compile(
      {
        columns: ['id'],
        filters: [{ col: 'order_date', op: 'TEMPORAL_RANGE', val: 'anything' }],
        extras: { relative_start: 'now', relative_end: 'today' },
      },
      {
        resolveTimeRange: (range, options) => {
          seen.push(range, options);
          return { since: null, until: new Date('2024-02-01T00:00:00Z') };
        },
      },
    );
    expect(seen).toEqual(['anything', { now: CASES_NOW, relativeStart: 'now', relativeEnd: 'today' }]);
    expect(sql).toContain(`WHERE "order_date" < TIMESTAMP '2024-02-01 00:00:00'`);
  });

  it('names a bad time range', () => {
    expect(
      failure(() =>
        compile({
          columns: ['id'],
          filters: [{ col: 'order_date', op: 'TEMPORAL_RANGE', val: 'when pigs fly' }],
        }),
      )?.field,
    ).toBe('filters[0].val');
  });

  it('caps the row limit at the configured maximum and writes the offset', () => {
    const query = normalizeQueryObject({ columns: ['id'], row_limit: 5000, row_offset: 20 });
    const { sql } = compileQuery(query, sales, duckdb, { now: CASES_NOW, maxRowLimit: 100 });
    expect(sql.endsWith('LIMIT 100 OFFSET 20')).toBe(true);
  });

  it('wraps where, having and RLS clauses in parentheses', () => {
    const { sql } = compile(
      {
        columns: ['country'],
        metrics: ['count'],
        extras: { where: 'a = 1 OR b = 2', having: 'COUNT(*) > 1' },
      },
      { rlsClauses: ['c = 3 OR d = 4'] },
    );
    expect(sql).toContain('WHERE (a = 1 OR b = 2) AND (c = 3 OR d = 4)');
    expect(sql).toContain('HAVING (COUNT(*) > 1)');
  });

  it('adds the fetch values predicate only when asked', () => {
    const dataset = { ...sales, fetch_values_predicate: 'amount > 0' };
    expect(compile({ columns: ['id'] }, {}, dataset).sql).not.toContain('amount > 0');
    expect(compile({ columns: ['id'], apply_fetch_values_predicate: true }, {}, dataset).sql).toContain(
      '(amount > 0)',
    );
  });

  it('groups an empty metrics list (distinct values) but not an absent one (raw records)', () => {
    expect(compile({ columns: ['country'], metrics: [] }).sql).toContain('GROUP BY "country"');
    expect(compile({ columns: ['country'] }).sql).not.toContain('GROUP BY');
  });

  it('counts rows for is_rowcount', () => {
    const { sql } = compile({ columns: ['country'], metrics: ['count'], is_rowcount: true });
    expect(sql.startsWith('SELECT COUNT(*) AS "rowcount" FROM (\nSELECT')).toBe(true);
    expect(sql).not.toContain('LIMIT');
  });

  it('overrides template params from the options', () => {
    const { sql } = compile(
      { columns: ['country'] },
      { templateParams: { excluded: 'FR' } },
      virtualSalesDataset('t'),
    );
    expect(sql).toContain("SELECT * FROM t WHERE country <> 'FR'");
  });

  it('reports template params nobody defined', () => {
    const dataset = { ...virtualSalesDataset('t'), template_params: null };
    expect(() => compile({ columns: ['country'] }, {}, dataset)).toThrow(MissingTemplateParamsError);
  });

  it.each<[string, QueryObject, string, RegExp]>([
    ['an unknown column', { columns: ['nope'] }, 'columns[0]', /Column "nope" does not exist/],
    ['an unknown metric', { metrics: ['nope'] }, 'metrics[0]', /Metric "nope" does not exist/],
    [
      'an unknown metric column',
      { metrics: [{ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'x' }, label: 's' }] },
      'metrics[0].column.column_name',
      /Column "x"/,
    ],
    [
      'an unknown filter column',
      { columns: ['id'], filters: [{ col: 'x', op: 'IS NULL' }] },
      'filters[0].col',
      /"x"/,
    ],
    ['an unknown orderby', { columns: ['id'], orderby: [['x', true]] }, 'orderby[0][0]', /"x" is neither/],
    [
      'an unknown granularity',
      { columns: ['id'], granularity: 'x', time_range: 'Last day' },
      'granularity',
      /"x"/,
    ],
    ['an empty query', {}, 'columns', /Empty query/],
    [
      'LATEST PARTITION on an engine without partitions',
      { columns: ['id'], filters: [{ col: 'id', op: 'LATEST PARTITION' }] },
      'filters[0].op',
      /"LATEST PARTITION" filter is not supported for DuckDB/,
    ],
    [
      'a null comparison',
      { columns: ['id'], filters: [{ col: 'id', op: '<', val: null }] },
      'filters[0].val',
      /null/,
    ],
  ])('refuses %s, naming the field', (_name, raw, field, message) => {
    const result = failure(() => compile(raw));
    expect(result?.field).toBe(field);
    expect(result?.message).toMatch(message);
  });

  it('lists every piece of text from users in userSql, with its field and role', () => {
    const compiled = compile({
      columns: ['revenue', { label: 'c', sqlExpression: 'upper(name)', expressionType: 'SQL' }],
      metrics: ['count', { expressionType: 'SQL', sqlExpression: 'SUM(amount)', label: 'm' }],
      extras: { where: 'id > 1', having: 'SUM(amount) > 2' },
    });
    expect(compiled.userSql).toEqual(
      expect.arrayContaining([
        { field: 'columns.revenue.expression', sql: 'amount * quantity', role: 'expression' },
        { field: 'columns[1].sqlExpression', sql: 'upper(name)', role: 'expression' },
        { field: 'metrics[1].sqlExpression', sql: 'SUM(amount)', role: 'expression' },
        { field: 'extras.where', sql: 'id > 1', role: 'predicate' },
        { field: 'extras.having', sql: 'SUM(amount) > 2', role: 'predicate' },
      ]),
    );
    expect(compiled.userSql.some((fragment) => fragment.field === 'metrics.count.expression')).toBe(true);
    // Pasted text is always parenthesised, so it composes as one term wherever it lands.
    expect(compiled.sql).toContain('(upper(name)) AS "c"');
    expect(compiled.sql).toContain('WHERE (id > 1)');
  });

  it("lists RLS clauses and a virtual dataset's rendered SQL", () => {
    const compiled = compile({ columns: ['id'] }, { rlsClauses: [' id < 10 '] });
    expect(compiled.userSql).toContainEqual({ field: 'rls', sql: 'id < 10', role: 'predicate' });
    const virtual = compile({ columns: ['id'] }, {}, { ...sales, sql: 'SELECT * FROM sales_raw;' });
    expect(virtual.userSql).toContainEqual({ field: 'sql', sql: 'SELECT * FROM sales_raw', role: 'query' });
  });

  it('refuses empty custom SQL, naming the field', () => {
    const result = failure(() => compile({ columns: ['id'], extras: { where: 'x', having: '  ' } }));
    expect(result).toBeNull();
    const empty = failure(() =>
      compile({ columns: [{ label: 'c', sqlExpression: '   ', expressionType: 'SQL' }] }),
    );
    expect(empty?.field).toMatch(/^columns\[0\]/);
    const emptyWhere = failure(() =>
      compile({ columns: ['id'], extras: { where: 'x' } }, { rlsClauses: [] }),
    );
    expect(emptyWhere).toBeNull();
    const emptyMetric = failure(() =>
      compile({ metrics: ['count'] }, {}, { ...sales, metrics: [{ metric_name: 'count', expression: ' ' }] }),
    );
    expect(emptyMetric?.error).toBeInstanceOf(CustomSqlError);
    expect(emptyMetric?.field).toBe('metrics.count.expression');
  });

  it('refuses custom SQL from users who may not write SQL', () => {
    const result = failure(() =>
      compile({ columns: ['id'], extras: { where: 'id = 1' } }, { allowCustomSql: false }),
    );
    expect(result?.field).toBe('extras.where');
    // Saved metrics and calculated columns are not custom SQL.
    expect(compile({ columns: ['revenue'], metrics: ['count'] }, { allowCustomSql: false }).sql).toContain(
      'amount * quantity',
    );
  });

  it('names a time grain the engine lacks', () => {
    const noGrain = { ...duckdb, timeGrainExpression: () => null };
    const query = normalizeQueryObject({
      columns: [{ label: 'd', sqlExpression: 'order_date', expressionType: 'SQL', timeGrain: 'PT5S' }],
    });
    const result = failure(() => compileQuery(query, sales, noGrain, { now: CASES_NOW }));
    expect(result).toMatchObject({
      field: 'columns[0].timeGrain',
      message: expect.stringContaining('"PT5S"'),
    });
  });

  it('buckets only temporal dataset columns by the x-axis time grain', () => {
    const axis = (name: string) => ({
      label: name,
      sqlExpression: name,
      expressionType: 'SQL' as const,
      columnType: 'BASE_AXIS' as const,
      isColumnReference: true,
      timeGrain: 'P1D' as const,
    });
    const text = compile({ columns: [axis('country')], metrics: ['count'] }).sql;
    expect(text).toContain('"country" AS "country"');
    expect(text).not.toContain('DATE_TRUNC');
    const temporal = compile({ columns: [axis('order_date')], metrics: ['count'] }).sql;
    expect(temporal).toMatch(/DATE_TRUNC\('day'/i);
  });

  it('treats an adhoc column naming a dataset column as that column, quoted', () => {
    const { sql } = compile({
      columns: [{ label: 'who', sqlExpression: 'customer name', expressionType: 'SQL' }],
    });
    expect(sql).toContain('SELECT "customer name" AS "who"');
  });

  it('orders by a metric label, a saved metric, an adhoc metric and a column', () => {
    const { sql } = compile({
      columns: ['country'],
      metrics: [{ expressionType: 'SQL', sqlExpression: 'MAX(amount)', label: 'top' }],
      orderby: [
        ['top', false],
        ['total_amount', true],
        [
          { expressionType: 'SIMPLE', aggregate: 'MIN', column: { column_name: 'quantity' }, label: 'q' },
          true,
        ],
        ['city', true],
      ],
    });
    expect(sql).toContain('ORDER BY (MAX(amount)) DESC, (SUM(amount)) ASC, MIN("quantity") ASC, "city" ASC');
  });
});
