import type { GenericType, SqlDialect } from '../dialect.ts';
import {
  checkParameterIndex,
  checkRowCount,
  columnKindFrom,
  formatSelectStar,
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

/** date_trunc rejects sub-day units on DATE, so every grain works on the column cast to TIMESTAMP. */
const asTimestamp = (col: string) => `CAST(${col} AS TIMESTAMP)`;
const trunc = (unit: string) => (col: string) => `date_trunc('${unit}', ${asTimestamp(col)})`;

/** Truncate to the unit, then step back by the unit's remainder: 07:08:47 → 07:08:45 for 5 seconds. */
const bucket = (unit: 'second' | 'minute' | 'hour', step: number) => (col: string) =>
  `date_add('${unit}', -(${unit}(${asTimestamp(col)}) % ${step}), ${trunc(unit)(col)})`;

/** date_trunc('week') starts on Monday; shifting a day forward first makes the week start on Sunday. */
const sundayWeek = (col: string) => `date_trunc('week', date_add('day', 1, ${asTimestamp(col)}))`;

const TIME_GRAIN_SQL: TimeGrainSql = {
  PT1S: trunc('second'),
  PT5S: bucket('second', 5),
  PT30S: bucket('second', 30),
  PT1M: trunc('minute'),
  PT5M: bucket('minute', 5),
  PT10M: bucket('minute', 10),
  PT15M: bucket('minute', 15),
  PT30M: bucket('minute', 30),
  PT1H: trunc('hour'),
  PT6H: bucket('hour', 6),
  P1D: trunc('day'),
  P7D: (col) =>
    `date_add('day', -((date_diff('day', DATE '1970-01-01', CAST(${col} AS DATE)) % 7 + 7) % 7), ${trunc('day')(col)})`,
  P1W: trunc('week'),
  P1M: trunc('month'),
  P3M: trunc('quarter'),
  P1Y: trunc('year'),
  '1969-12-28T00:00:00Z/P1W': (col) => `date_add('day', -1, ${sundayWeek(col)})`,
  '1969-12-29T00:00:00Z/P1W': trunc('week'),
  'P1W/1970-01-03T00:00:00Z': (col) => `date_add('day', 5, ${sundayWeek(col)})`,
  'P1W/1970-01-04T00:00:00Z': (col) => `date_add('day', 6, ${trunc('week')(col)})`,
};

const TYPE_NAMES = typeNameTable({
  NUMERIC: ['TINYINT', 'SMALLINT', 'INTEGER', 'INT', 'BIGINT', 'REAL', 'DOUBLE', 'DECIMAL'],
  STRING: ['VARCHAR', 'CHAR', 'UUID', 'IPADDRESS'],
  TEMPORAL: ['DATE', 'TIME', 'TIME WITH TIME ZONE', 'TIMESTAMP', 'TIMESTAMP WITH TIME ZONE'],
  BOOLEAN: ['BOOLEAN'],
});

function genericType(nativeType: string): GenericType | null {
  return lookupGenericType(normalizeTypeName(nativeType), TYPE_NAMES);
}

// The built-in functions SQL Lab offers as completions.
const FUNCTION_NAMES: readonly string[] = [
  ...STANDARD_FUNCTIONS,
  ...WINDOW_FUNCTIONS,
  'approx_distinct',
  'approx_percentile',
  'array_agg',
  'arbitrary',
  'bool_and',
  'bool_or',
  'cardinality',
  'date_add',
  'date_diff',
  'date_format',
  'date_parse',
  'date_trunc',
  'element_at',
  'format_datetime',
  'from_unixtime',
  'greatest',
  'json_extract_scalar',
  'least',
  'listagg',
  'now',
  'regexp_extract',
  'regexp_like',
  'split',
  'stddev',
  'to_unixtime',
  'try_cast',
  'variance',
];

export const trinoDialect: SqlDialect = {
  functionNames: FUNCTION_NAMES,
  engine: 'trino',
  displayName: 'Trino',
  uriSchemes: ['trino'],
  // CodeMirror has no Trino dialect; Trino's SQL is the standard's.
  editorLanguage: 'StandardSQL',
  formatterLanguage: 'trino',
  capabilities: {
    catalogs: true,
    schemas: true,
    costEstimate: true,
    fileBased: false,
    foreignKeys: false,
    indexes: false,
    partitions: false,
  },
  quoteIdentifier: quoteAnsiIdentifier,
  qualifiedTable: (ref) => qualifiedTableWith(quoteAnsiIdentifier, ref),
  literal: (value) => literalWith(STANDARD_LITERALS, value),
  ...timeGrainMethods(TIME_GRAIN_SQL),
  epochToTimestamp: (col, unit) =>
    unit === 'seconds'
      ? `from_unixtime(${col}, 'UTC')`
      : `from_unixtime(CAST(${col} AS DOUBLE) / 1000, 'UTC')`,
  // Trino's grammar puts OFFSET before LIMIT.
  limitClause: (limit, offset = 0) => {
    const clause = `LIMIT ${checkRowCount('limit', limit)}`;
    return checkRowCount('offset', offset) > 0 ? `OFFSET ${offset} ${clause}` : clause;
  },
  genericType,
  columnKind: columnKindFrom(genericType, ['DATE']),
  selectStar: (ref, columns, limit) => formatSelectStar(trinoDialect, ref, columns, limit),
  explainStatement: (sql) => `EXPLAIN (TYPE IO, FORMAT JSON) ${sql}`,
  parameterPlaceholder: (index) => {
    checkParameterIndex(index);
    return '?';
  },
  latestPartitionPredicate: noPartitions,
};
