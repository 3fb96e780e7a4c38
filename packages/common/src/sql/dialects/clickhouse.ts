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
  type TimeGrainSql,
  timeGrainMethods,
  typeNameTable,
} from './shared.ts';
import { STANDARD_FUNCTIONS, WINDOW_FUNCTIONS } from './standardFunctions.ts';

/**
 * Backticks, embedded backticks doubled; ClickHouse also reads backslash escapes inside quoted
 * identifiers, so a backslash must be doubled or it would escape the closing backtick.
 */
function quoteIdentifier(name: string): string {
  return `\`${name.replaceAll('\\', '\\\\').replaceAll('`', '``')}\``;
}

/** ClickHouse strings use backslash escapes (`\'`, `\\`), as its own quoteString writes them. */
function stringLiteral(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/** toDateTime first, so that Date and DateTime64 columns accept sub-day intervals too. */
const interval = (amount: number, unit: 'SECOND' | 'MINUTE' | 'HOUR') => (col: string) =>
  `toStartOfInterval(toDateTime(${col}), INTERVAL ${amount} ${unit})`;
const startOf = (fn: string) => (col: string) => `${fn}(toDateTime(${col}))`;

/** toStartOfWeek mode 0 starts weeks on Sunday, mode 1 on Monday. */
const weekStart = (mode: 0 | 1) => (col: string) => `toStartOfWeek(toDateTime(${col}), ${mode})`;
const weekEnd = (mode: 0 | 1) => (col: string) => `addDays(toStartOfWeek(toDateTime(${col}), ${mode}), 6)`;

const TIME_GRAIN_SQL: TimeGrainSql = {
  PT1S: interval(1, 'SECOND'),
  PT5S: interval(5, 'SECOND'),
  PT30S: interval(30, 'SECOND'),
  PT1M: startOf('toStartOfMinute'),
  PT5M: interval(5, 'MINUTE'),
  PT10M: interval(10, 'MINUTE'),
  PT15M: interval(15, 'MINUTE'),
  PT30M: interval(30, 'MINUTE'),
  PT1H: startOf('toStartOfHour'),
  PT6H: interval(6, 'HOUR'),
  P1D: startOf('toStartOfDay'),
  // Day intervals count from 1970-01-01 in ClickHouse, as the other dialects' 7-day buckets do.
  P7D: (col) => `toStartOfInterval(toDateTime(${col}), INTERVAL 7 DAY)`,
  P1W: startOf('toMonday'),
  P1M: startOf('toStartOfMonth'),
  P3M: startOf('toStartOfQuarter'),
  P1Y: startOf('toStartOfYear'),
  '1969-12-28T00:00:00Z/P1W': weekStart(0),
  '1969-12-29T00:00:00Z/P1W': weekStart(1),
  'P1W/1970-01-03T00:00:00Z': weekEnd(0),
  'P1W/1970-01-04T00:00:00Z': weekEnd(1),
};

const TYPE_NAMES = typeNameTable({
  NUMERIC: [
    'INT8',
    'INT16',
    'INT32',
    'INT64',
    'INT128',
    'INT256',
    'UINT8',
    'UINT16',
    'UINT32',
    'UINT64',
    'UINT128',
    'UINT256',
    'FLOAT32',
    'FLOAT64',
    'BFLOAT16',
    'DECIMAL',
    'DECIMAL32',
    'DECIMAL64',
    'DECIMAL128',
    'DECIMAL256',
  ],
  STRING: ['STRING', 'FIXEDSTRING', 'UUID', 'ENUM', 'ENUM8', 'ENUM16', 'IPV4', 'IPV6'],
  TEMPORAL: ['DATE', 'DATE32', 'DATETIME', 'DATETIME32', 'DATETIME64', 'TIME', 'TIME64'],
  BOOLEAN: ['BOOL', 'BOOLEAN'],
});

/** Nullable(…) and LowCardinality(…) only wrap the type that matters. */
const WRAPPER = /^(?:NULLABLE|LOWCARDINALITY)\s*\((.*)\)$/;

function unwrapType(normalizedType: string): string {
  let name = normalizedType;
  for (let inner = WRAPPER.exec(name); inner; inner = WRAPPER.exec(name)) name = inner[1]!.trim();
  return name;
}

function genericType(nativeType: string): GenericType | null {
  return lookupGenericType(unwrapType(normalizeTypeName(nativeType)), TYPE_NAMES);
}

// The built-in functions SQL Lab offers as completions.
const FUNCTION_NAMES: readonly string[] = [
  ...STANDARD_FUNCTIONS,
  ...WINDOW_FUNCTIONS,
  'any',
  'anyLast',
  'argMax',
  'argMin',
  'arrayJoin',
  'countIf',
  'dateDiff',
  'formatDateTime',
  'groupArray',
  'if',
  'multiIf',
  'now',
  'quantile',
  'quantiles',
  'sumIf',
  'toDate',
  'toDateTime',
  'toStartOfDay',
  'toStartOfHour',
  'toStartOfMonth',
  'toStartOfWeek',
  'toString',
  'today',
  'toYear',
  'uniq',
  'uniqExact',
];

export const clickhouseDialect: SqlDialect = {
  functionNames: FUNCTION_NAMES,
  engine: 'clickhouse',
  displayName: 'ClickHouse',
  uriSchemes: ['clickhouse', 'clickhousedb'],
  // CodeMirror has no ClickHouse dialect; the standard one reads "x" as a name, as ClickHouse does.
  editorLanguage: 'StandardSQL',
  formatterLanguage: 'clickhouse',
  capabilities: {
    catalogs: false,
    schemas: true,
    costEstimate: true,
    fileBased: false,
    foreignKeys: false,
    indexes: false,
    partitions: true,
  },
  quoteIdentifier,
  qualifiedTable: (ref) => qualifiedTableWith(quoteIdentifier, ref),
  literal: (value) =>
    literalWith(
      {
        string: stringLiteral,
        boolean: (flag) => (flag ? 'true' : 'false'),
        timestamp: (utc) =>
          utc.includes('.') ? `toDateTime64('${utc}', 3, 'UTC')` : `toDateTime('${utc}', 'UTC')`,
      },
      value,
    ),
  ...timeGrainMethods(TIME_GRAIN_SQL),
  epochToTimestamp: (col, unit) =>
    unit === 'seconds' ? `toDateTime(${col}, 'UTC')` : `fromUnixTimestamp64Milli(toInt64(${col}), 'UTC')`,
  limitClause: limitThenOffset,
  genericType,
  columnKind: columnKindFrom(genericType, ['DATE', 'DATE32'], unwrapType),
  selectStar: (ref, columns, limit) => formatSelectStar(clickhouseDialect, ref, columns, limit),
  // Rows, parts and marks each table would read.
  explainStatement: (sql) => `EXPLAIN ESTIMATE ${sql}`,
  /**
   * ClickHouse binds only named, typed parameters. Every value goes as String: the driver passes
   * `query_params: { p1: String(value), … }`, and ClickHouse converts a constant string to the
   * other operand's type when comparing (numbers, dates, enums).
   */
  parameterPlaceholder: (index) => `{p${checkParameterIndex(index)}:String}`,
  latestPartitionPredicate: maxValuePredicate,
};
