/**
 * One small sales table and the query cases run over it: the golden-SQL tests compile each case for
 * every dialect, and the server's conformance test runs them on real engines and compares results.
 */
import type { QueryObject } from '../../../query/types.ts';
import type { CompilerDataset } from '../types.ts';

export type SalesValue = string | number | boolean | null | Date;

/** Column names and their generic kind (the conformance test maps kinds to native types). */
export const SALES_COLUMNS = [
  ['id', 'INTEGER'],
  ['country', 'STRING'],
  ['city', 'STRING'],
  ['customer name', 'STRING'],
  ['amount', 'DOUBLE'],
  ['quantity', 'INTEGER'],
  ['order_date', 'TIMESTAMP'],
  ['is_returned', 'BOOLEAN'],
] as const;

export type SalesColumnKind = (typeof SALES_COLUMNS)[number][1];

const at = (text: string) => new Date(`${text}Z`);

/** id, country, city, customer name, amount, quantity, order_date, is_returned. */
export const SALES_ROWS: SalesValue[][] = [
  [1, 'FR', 'Paris', "O'Brien", 120.5, 2, at('2024-01-05T10:15:00'), false],
  [2, 'FR', 'Lyon', 'Анна "Ли"', 80, 1, at('2024-01-20T08:00:00'), true],
  [3, 'DE', 'Berlin', 'Hans', 200, 4, at('2024-02-02T12:30:00'), false],
  [4, 'DE', 'Berlin', 'Grete', 50.25, 1, at('2024-02-14T23:59:59'), null],
  [5, 'RU', 'Москва', 'Иван', 300, 3, at('2024-03-01T00:00:00'), false],
  [6, 'RU', 'Санкт-Петербург', 'Мария', 75, 5, at('2024-03-15T09:45:00'), true],
  [7, 'GB', 'London', "O'Brien", null, 2, at('2024-04-10T16:20:00'), false],
  [8, 'GB', 'London', 'Smith', 60, 1, at('2024-05-05T11:11:11'), false],
  [9, null, null, 'Nobody', 10, 1, at('2024-05-31T23:00:00'), null],
  [10, 'FR', 'Paris', 'Zoé', 45.75, 3, at('2024-06-30T12:00:00'), false],
  [11, 'US', 'Boston', 'Bob_1', 500, 2, at('2024-06-01T06:00:00'), true],
  [12, 'DE', 'Hamburg', '50% off', 25, 10, at('2024-04-01T00:00:00'), false],
];

/** The clock the cases are compiled with: relative ranges ('Last quarter') resolve against it. */
export const CASES_NOW = new Date('2024-07-01T00:00:00Z');

const columns: CompilerDataset['columns'] = [
  ...SALES_COLUMNS.map(([name, kind]) => ({ column_name: name, is_dttm: kind === 'TIMESTAMP' })),
  { column_name: 'revenue', expression: 'amount * quantity', is_dttm: false },
  { column_name: 'size band', expression: "CASE WHEN quantity >= 3 THEN 'bulk' ELSE 'single' END" },
];

const metrics: CompilerDataset['metrics'] = [
  { metric_name: 'count', expression: 'COUNT(*)' },
  { metric_name: 'total_amount', expression: 'SUM(amount)' },
  { metric_name: 'avg quantity', expression: 'AVG(quantity)' },
];

export function salesDataset(table: string, schema: string | null = null): CompilerDataset {
  return { table_name: table, schema, columns, metrics };
}

/** The same rows as a virtual dataset: its SQL takes the table and an excluded country as template params. */
export function virtualSalesDataset(table: string): CompilerDataset {
  return {
    table_name: 'sales_virtual',
    sql: "SELECT * FROM {{ table }} WHERE country <> '{{ excluded }}';",
    template_params: JSON.stringify({ table, excluded: 'DE' }),
    columns,
    metrics,
  };
}

export interface SalesCase {
  name: string;
  query: QueryObject;
  virtual?: boolean;
  rlsClauses?: string[];
}

const sum = (column: string, label = `SUM(${column})`) =>
  ({ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: column }, label }) as const;

const byId: QueryObject = { columns: ['id'], orderby: [['id', true]] };
const filtered = (filter: NonNullable<QueryObject['filters']>[number]): QueryObject => ({
  ...byId,
  filters: [filter],
});

export const SALES_CASES: SalesCase[] = [
  { name: 'simple aggregate', query: { columns: ['country'], metrics: ['count', sum('amount')] } },
  { name: 'aggregate without columns', query: { metrics: ['count', 'total_amount'] } },
  {
    name: 'time grain and time range',
    query: {
      columns: [
        {
          label: 'month',
          sqlExpression: 'order_date',
          expressionType: 'SQL',
          columnType: 'BASE_AXIS',
          timeGrain: 'P1M',
        },
      ],
      metrics: [sum('amount')],
      filters: [{ col: 'order_date', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-04-01' }],
      orderby: [['month', true]],
    },
  },
  {
    name: 'legacy timeseries with granularity and relative range',
    query: {
      is_timeseries: true,
      granularity_sqla: 'order_date',
      extras: { time_grain_sqla: 'P1D' },
      time_range: 'Last quarter',
      groupby: ['country'],
      metrics: ['count'],
      orderby: [
        ['__timestamp', true],
        ['country', true],
      ],
    },
  },
  { name: 'filter ==', query: filtered({ col: 'country', op: '==', val: 'FR' }) },
  { name: 'filter == null', query: filtered({ col: 'country', op: '==', val: null }) },
  { name: 'filter !=', query: filtered({ col: 'country', op: '!=', val: 'FR' }) },
  { name: 'filter <', query: filtered({ col: 'amount', op: '<', val: 60 }) },
  { name: 'filter <=', query: filtered({ col: 'amount', op: '<=', val: 60 }) },
  { name: 'filter >', query: filtered({ col: 'quantity', op: '>', val: 2 }) },
  { name: 'filter >=', query: filtered({ col: 'quantity', op: '>=', val: 3 }) },
  { name: 'filter IN', query: filtered({ col: 'country', op: 'IN', val: ['FR', 'DE'] }) },
  { name: 'filter IN with null', query: filtered({ col: 'country', op: 'IN', val: ['US', null] }) },
  { name: 'filter IN empty', query: filtered({ col: 'country', op: 'IN', val: [] }) },
  { name: 'filter NOT IN', query: filtered({ col: 'country', op: 'NOT IN', val: ['FR', 'DE'] }) },
  { name: 'filter NOT IN with null', query: filtered({ col: 'country', op: 'NOT IN', val: ['FR', null] }) },
  { name: 'filter NOT IN empty', query: filtered({ col: 'country', op: 'NOT IN', val: [] }) },
  { name: 'filter LIKE', query: filtered({ col: 'city', op: 'LIKE', val: '%on' }) },
  {
    name: 'filter LIKE with underscore',
    query: filtered({ col: 'customer name', op: 'LIKE', val: 'Bob_%' }),
  },
  { name: 'filter NOT LIKE', query: filtered({ col: 'city', op: 'NOT LIKE', val: 'B%' }) },
  { name: 'filter ILIKE', query: filtered({ col: 'city', op: 'ILIKE', val: '%PAR%' }) },
  { name: 'filter IS NULL', query: filtered({ col: 'amount', op: 'IS NULL' }) },
  { name: 'filter IS NOT NULL', query: filtered({ col: 'country', op: 'IS NOT NULL' }) },
  { name: 'filter IS TRUE', query: filtered({ col: 'is_returned', op: 'IS TRUE' }) },
  { name: 'filter IS FALSE', query: filtered({ col: 'is_returned', op: 'IS FALSE' }) },
  {
    name: 'filter TEMPORAL_RANGE relative',
    query: filtered({ col: 'order_date', op: 'TEMPORAL_RANGE', val: 'Last quarter' }),
  },
  {
    name: 'quotes and Cyrillic in values and names',
    query: {
      columns: ['customer name', { label: 'Город "city"', sqlExpression: 'city', expressionType: 'SQL' }],
      metrics: [sum('amount', 'Сумма "продаж"')],
      filters: [{ col: 'customer name', op: 'IN', val: ["O'Brien", 'Анна "Ли"', 'Иван'] }],
      orderby: [['customer name', true]],
    },
  },
  { name: 'filter with a Cyrillic value', query: filtered({ col: 'city', op: '==', val: 'Москва' }) },
  {
    name: 'virtual dataset with template params',
    virtual: true,
    query: { columns: ['country'], metrics: ['count'], orderby: [['country', true]] },
  },
  {
    name: 'calculated columns',
    query: { columns: ['size band'], metrics: [sum('revenue', 'revenue')], orderby: [['size band', true]] },
  },
  {
    name: 'saved metrics',
    query: { columns: ['country'], metrics: ['total_amount', 'avg quantity'], orderby: [['country', true]] },
  },
  {
    name: 'adhoc SQL metric and column',
    query: {
      columns: [
        {
          label: 'big',
          sqlExpression: "CASE WHEN amount > 100 THEN 'yes' ELSE 'no' END",
          expressionType: 'SQL',
        },
      ],
      metrics: [
        { expressionType: 'SQL', sqlExpression: 'SUM(amount) / COUNT(*)', label: 'mean amount' },
        {
          expressionType: 'SIMPLE',
          aggregate: 'COUNT_DISTINCT',
          column: { column_name: 'country' },
          label: 'countries',
        },
        { expressionType: 'SIMPLE', aggregate: 'MAX', column: { column_name: 'amount' }, label: 'max' },
        { expressionType: 'SIMPLE', aggregate: 'MIN', column: { column_name: 'quantity' }, label: 'min' },
      ],
    },
  },
  {
    name: 'series limit',
    query: {
      columns: [
        {
          label: 'month',
          sqlExpression: 'order_date',
          expressionType: 'SQL',
          columnType: 'BASE_AXIS',
          timeGrain: 'P1M',
        },
        'country',
      ],
      metrics: [sum('amount')],
      filters: [{ col: 'quantity', op: '<', val: 10 }],
      series_columns: ['country'],
      series_limit: 2,
      series_limit_metric: sum('amount'),
      orderby: [
        ['month', true],
        ['country', true],
      ],
    },
  },
  {
    name: 'orderby metric then column with row limit',
    query: {
      columns: ['country'],
      metrics: ['count', sum('quantity')],
      filters: [{ col: 'country', op: 'IS NOT NULL' }],
      orderby: [
        ['count', false],
        ['country', true],
      ],
      row_limit: 3,
    },
  },
  { name: 'row offset', query: { ...byId, row_limit: 3, row_offset: 2 } },
  {
    name: 'having',
    query: { columns: ['country'], metrics: ['total_amount'], extras: { having: 'SUM(amount) > 150' } },
  },
  {
    name: 'where clause',
    query: { ...byId, extras: { where: "quantity > 1 AND city <> 'Paris'" } },
  },
  {
    name: 'row-level security',
    rlsClauses: ["country = 'FR'", 'quantity >= 1 OR amount > 0'],
    query: { columns: ['city'], metrics: ['count'], orderby: [['city', true]] },
  },
];
