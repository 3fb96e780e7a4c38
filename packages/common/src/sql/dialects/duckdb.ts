import type { GenericType, SqlDialect } from '../dialect.ts';
import {
  checkParameterIndex,
  columnKindFrom,
  formatSelectStar,
  limitThenOffset,
  literalWith,
  lookupGenericType,
  noPartitions,
  normalizeTypeName,
  qualifiedTableWith,
  quoteAnsiIdentifier,
  STANDARD_LITERALS,
  type TimeGrainSql,
  timeGrainMethods,
  typeNameTable,
} from './shared.ts';
import { STANDARD_FUNCTIONS, WINDOW_FUNCTIONS } from './standardFunctions.ts';

const trunc = (unit: string) => (col: string) => `DATE_TRUNC('${unit}', ${col})`;

/** TIME_BUCKET's default origin (2000-01-03 00:00) is a midnight, so sub-day buckets align to the clock. */
const bucket = (interval: string) => (col: string) => `TIME_BUCKET(INTERVAL '${interval}', ${col})`;

/** DATE_TRUNC('week') starts on Monday; shifting by a day first makes the week start on Sunday. */
const sundayWeekStart = (col: string) => `DATE_TRUNC('week', ${col} + INTERVAL '1 day') - INTERVAL '1 day'`;

const TIME_GRAIN_SQL: TimeGrainSql = {
  PT1S: trunc('second'),
  PT5S: bucket('5 seconds'),
  PT30S: bucket('30 seconds'),
  PT1M: trunc('minute'),
  PT5M: bucket('5 minutes'),
  PT10M: bucket('10 minutes'),
  PT15M: bucket('15 minutes'),
  PT30M: bucket('30 minutes'),
  PT1H: trunc('hour'),
  PT6H: bucket('6 hours'),
  P1D: trunc('day'),
  P7D: (col) =>
    `DATE_TRUNC('day', ${col}) - TO_DAYS(CAST(((CAST(${col} AS DATE) - DATE '1970-01-01') % 7 + 7) % 7 AS INTEGER))`,
  P1W: trunc('week'),
  P1M: trunc('month'),
  P3M: trunc('quarter'),
  P1Y: trunc('year'),
  '1969-12-28T00:00:00Z/P1W': sundayWeekStart,
  '1969-12-29T00:00:00Z/P1W': trunc('week'),
  'P1W/1970-01-03T00:00:00Z': (col) => `DATE_TRUNC('week', ${col} + INTERVAL '1 day') + INTERVAL '5 days'`,
  'P1W/1970-01-04T00:00:00Z': (col) => `DATE_TRUNC('week', ${col}) + INTERVAL '6 days'`,
};

const TYPE_NAMES = typeNameTable({
  NUMERIC: [
    'TINYINT',
    'SMALLINT',
    'INTEGER',
    'INT',
    'BIGINT',
    'HUGEINT',
    'UTINYINT',
    'USMALLINT',
    'UINTEGER',
    'UBIGINT',
    'UHUGEINT',
    'INT1',
    'INT2',
    'INT4',
    'INT8',
    'SHORT',
    'LONG',
    'SIGNED',
    'DECIMAL',
    'NUMERIC',
    'REAL',
    'FLOAT',
    'FLOAT4',
    'FLOAT8',
    'DOUBLE',
    'VARINT',
    'BIGNUM',
  ],
  STRING: ['VARCHAR', 'CHAR', 'BPCHAR', 'TEXT', 'STRING', 'UUID', 'ENUM'],
  TEMPORAL: [
    'DATE',
    'TIME',
    'TIMETZ',
    'TIME WITH TIME ZONE',
    'DATETIME',
    'TIMESTAMP',
    'TIMESTAMP_S',
    'TIMESTAMP_MS',
    'TIMESTAMP_NS',
    'TIMESTAMP_US',
    'TIMESTAMPTZ',
    'TIMESTAMP WITH TIME ZONE',
  ],
  BOOLEAN: ['BOOLEAN', 'BOOL', 'LOGICAL'],
});

function genericType(nativeType: string): GenericType | null {
  return lookupGenericType(normalizeTypeName(nativeType), TYPE_NAMES);
}

// The built-in functions SQL Lab offers as completions.
const FUNCTION_NAMES: readonly string[] = [
  ...STANDARD_FUNCTIONS,
  ...WINDOW_FUNCTIONS,
  'any_value',
  'approx_count_distinct',
  'arg_max',
  'arg_min',
  'array_agg',
  'bool_and',
  'bool_or',
  'contains',
  'date_diff',
  'date_part',
  'date_trunc',
  'epoch',
  'generate_series',
  'greatest',
  'ifnull',
  'least',
  'list',
  'list_aggregate',
  'median',
  'mode',
  'now',
  'quantile_cont',
  'range',
  'read_csv',
  'read_parquet',
  'regexp_matches',
  'regexp_replace',
  'split_part',
  'stddev',
  'strftime',
  'string_agg',
  'strptime',
  'struct_pack',
  'today',
  'unnest',
  'variance',
];

export const duckdbDialect: SqlDialect = {
  functionNames: FUNCTION_NAMES,
  engine: 'duckdb',
  displayName: 'DuckDB',
  uriSchemes: ['duckdb'],
  editorLanguage: 'PostgreSQL',
  formatterLanguage: 'duckdb',
  capabilities: {
    catalogs: false,
    schemas: true,
    costEstimate: true,
    fileBased: true,
    foreignKeys: true,
    indexes: true,
    partitions: false,
  },
  quoteIdentifier: quoteAnsiIdentifier,
  qualifiedTable: (ref) => qualifiedTableWith(quoteAnsiIdentifier, ref),
  literal: (value) => literalWith(STANDARD_LITERALS, value),
  ...timeGrainMethods(TIME_GRAIN_SQL),
  // EPOCH_MS gives a plain TIMESTAMP (UTC wall clock); TO_TIMESTAMP would give one in the session zone.
  epochToTimestamp: (col, unit) =>
    unit === 'seconds'
      ? `EPOCH_MS(CAST(CAST(${col} AS DOUBLE) * 1000 AS BIGINT))`
      : `EPOCH_MS(CAST(${col} AS BIGINT))`,
  limitClause: limitThenOffset,
  genericType,
  columnKind: columnKindFrom(genericType, ['DATE']),
  selectStar: (ref, columns, limit) => formatSelectStar(duckdbDialect, ref, columns, limit),
  explainStatement: (sql) => `EXPLAIN ${sql}`,
  parameterPlaceholder: (index) => `$${checkParameterIndex(index)}`,
  latestPartitionPredicate: noPartitions,
};
