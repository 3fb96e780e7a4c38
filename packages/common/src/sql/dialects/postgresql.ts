import type { GenericType, SqlDialect } from '../dialect.ts';
import {
  checkParameterIndex,
  columnKindFrom,
  formatSelectStar,
  limitThenOffset,
  literalWith,
  lookupGenericType,
  maxValuePredicate,
  normalizeTypeName,
  qualifiedTableWith,
  quoteAnsiIdentifier,
  STANDARD_LITERALS,
  type TimeGrainSql,
  timeGrainMethods,
  typeNameTable,
} from './shared.ts';
import { STANDARD_FUNCTIONS, WINDOW_FUNCTIONS } from './standardFunctions.ts';

/** Truncate to `outer`, then add whole `step`-sized steps of the `inner` field (works before date_bin, PG 14). */
function bucket(outer: string, inner: 'SECOND' | 'MINUTE' | 'HOUR', step: number) {
  const unit = `${inner.toLowerCase()}s`;
  return (col: string) =>
    `DATE_TRUNC('${outer}', ${col}) + INTERVAL '${step} ${unit}' * FLOOR(EXTRACT(${inner} FROM ${col}) / ${step})`;
}

const trunc = (unit: string) => (col: string) => `DATE_TRUNC('${unit}', ${col})`;

/** DATE_TRUNC('week') starts on Monday; shifting by a day first makes the week start on Sunday. */
const sundayWeekStart = (col: string) => `DATE_TRUNC('week', ${col} + INTERVAL '1 day') - INTERVAL '1 day'`;

const TIME_GRAIN_SQL: TimeGrainSql = {
  PT1S: trunc('second'),
  PT5S: bucket('minute', 'SECOND', 5),
  PT30S: bucket('minute', 'SECOND', 30),
  PT1M: trunc('minute'),
  PT5M: bucket('hour', 'MINUTE', 5),
  PT10M: bucket('hour', 'MINUTE', 10),
  PT15M: bucket('hour', 'MINUTE', 15),
  PT30M: bucket('hour', 'MINUTE', 30),
  PT1H: trunc('hour'),
  PT6H: bucket('day', 'HOUR', 6),
  P1D: trunc('day'),
  P7D: (col) =>
    `DATE_TRUNC('day', ${col}) - ((CAST(${col} AS DATE) - DATE '1970-01-01') % 7 + 7) % 7 * INTERVAL '1 day'`,
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
    'SMALLINT',
    'INTEGER',
    'INT',
    'BIGINT',
    'INT2',
    'INT4',
    'INT8',
    'SMALLSERIAL',
    'SERIAL',
    'BIGSERIAL',
    'SERIAL2',
    'SERIAL4',
    'SERIAL8',
    'DECIMAL',
    'NUMERIC',
    'REAL',
    'FLOAT',
    'FLOAT4',
    'FLOAT8',
    'DOUBLE PRECISION',
    'MONEY',
    'OID',
  ],
  STRING: ['TEXT', 'VARCHAR', 'CHARACTER VARYING', 'CHARACTER', 'CHAR', 'BPCHAR', 'NAME', 'CITEXT', 'UUID'],
  TEMPORAL: [
    'DATE',
    'TIME',
    'TIMETZ',
    'TIME WITHOUT TIME ZONE',
    'TIME WITH TIME ZONE',
    'TIMESTAMP',
    'TIMESTAMPTZ',
    'TIMESTAMP WITHOUT TIME ZONE',
    'TIMESTAMP WITH TIME ZONE',
  ],
  BOOLEAN: ['BOOLEAN', 'BOOL'],
});

function genericType(nativeType: string): GenericType | null {
  return lookupGenericType(normalizeTypeName(nativeType), TYPE_NAMES);
}

// The built-in functions SQL Lab offers as completions.
const FUNCTION_NAMES: readonly string[] = [
  ...STANDARD_FUNCTIONS,
  ...WINDOW_FUNCTIONS,
  'age',
  'array_agg',
  'array_length',
  'bool_and',
  'bool_or',
  'date_part',
  'date_trunc',
  'extract',
  'format',
  'generate_series',
  'greatest',
  'json_agg',
  'jsonb_agg',
  'jsonb_build_object',
  'least',
  'left',
  'now',
  'percentile_cont',
  'percentile_disc',
  'position',
  'regexp_replace',
  'right',
  'split_part',
  'stddev',
  'string_agg',
  'to_char',
  'to_date',
  'to_timestamp',
  'unnest',
  'variance',
];

export const postgresqlDialect: SqlDialect = {
  functionNames: FUNCTION_NAMES,
  engine: 'postgresql',
  displayName: 'PostgreSQL',
  uriSchemes: ['postgresql', 'postgres'],
  editorLanguage: 'PostgreSQL',
  formatterLanguage: 'postgresql',
  capabilities: {
    catalogs: false,
    schemas: true,
    costEstimate: true,
    fileBased: false,
    foreignKeys: true,
    indexes: true,
    partitions: true,
  },
  quoteIdentifier: quoteAnsiIdentifier,
  qualifiedTable: (ref) => qualifiedTableWith(quoteAnsiIdentifier, ref),
  // standard_conforming_strings is on by default since 9.1, so only quotes need doubling.
  literal: (value) => literalWith(STANDARD_LITERALS, value),
  ...timeGrainMethods(TIME_GRAIN_SQL),
  epochToTimestamp: (col, unit) =>
    `(TIMESTAMP 'epoch' + (${col}) * INTERVAL '1 ${unit === 'seconds' ? 'second' : 'millisecond'}')`,
  limitClause: limitThenOffset,
  genericType,
  columnKind: columnKindFrom(genericType, ['DATE']),
  selectStar: (ref, columns, limit) => formatSelectStar(postgresqlDialect, ref, columns, limit),
  explainStatement: (sql) => `EXPLAIN ${sql}`,
  parameterPlaceholder: (index) => `$${checkParameterIndex(index)}`,
  latestPartitionPredicate: maxValuePredicate,
};
