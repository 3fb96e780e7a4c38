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
  STANDARD_LITERALS,
  type TimeGrainSql,
  timeGrainMethods,
  typeNameTable,
} from './shared.ts';
import { STANDARD_FUNCTIONS, WINDOW_FUNCTIONS } from './standardFunctions.ts';

/** Backticks, embedded backticks doubled; MySQL and MariaDB treat backslashes in identifiers literally. */
function quoteIdentifier(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``;
}

/**
 * MySQL reads backslash escapes in strings (unless NO_BACKSLASH_ESCAPES is set, which we assume is
 * not), so backslashes are doubled as well as quotes; NUL and Ctrl-Z are escaped as mysql_real_escape_string does.
 */
function stringLiteral(text: string): string {
  const escaped = text
    .replaceAll('\\', '\\\\')
    .replaceAll("'", "''")
    .replaceAll('\0', '\\0')
    .replaceAll('\x1a', '\\Z');
  return `'${escaped}'`;
}

const SECONDS_OF_DAY = (col: string) => `HOUR(${col}) * 3600 + MINUTE(${col}) * 60 + SECOND(${col})`;
const MINUTES_OF_DAY = (col: string) => `HOUR(${col}) * 60 + MINUTE(${col})`;

/** MySQL has no DATE_TRUNC: start from midnight and add back the whole units of the day. */
const secondBucket = (step: number) => (col: string) =>
  step === 1
    ? `DATE_ADD(DATE(${col}), INTERVAL (${SECONDS_OF_DAY(col)}) SECOND)`
    : `DATE_ADD(DATE(${col}), INTERVAL (${SECONDS_OF_DAY(col)} - SECOND(${col}) % ${step}) SECOND)`;
const minuteBucket = (step: number) => (col: string) =>
  step === 1
    ? `DATE_ADD(DATE(${col}), INTERVAL (${MINUTES_OF_DAY(col)}) MINUTE)`
    : `DATE_ADD(DATE(${col}), INTERVAL (${MINUTES_OF_DAY(col)} - MINUTE(${col}) % ${step}) MINUTE)`;

/** DAYOFWEEK is 1 on Sunday … 7 on Saturday; WEEKDAY is 0 on Monday … 6 on Sunday. */
const sundayWeekStart = (col: string) => `DATE(DATE_SUB(${col}, INTERVAL DAYOFWEEK(${col}) - 1 DAY))`;

const TIME_GRAIN_SQL: TimeGrainSql = {
  PT1S: secondBucket(1),
  PT5S: secondBucket(5),
  PT30S: secondBucket(30),
  PT1M: minuteBucket(1),
  PT5M: minuteBucket(5),
  PT10M: minuteBucket(10),
  PT15M: minuteBucket(15),
  PT30M: minuteBucket(30),
  PT1H: (col) => `DATE_ADD(DATE(${col}), INTERVAL HOUR(${col}) HOUR)`,
  PT6H: (col) => `DATE_ADD(DATE(${col}), INTERVAL (HOUR(${col}) - HOUR(${col}) % 6) HOUR)`,
  P1D: (col) => `DATE(${col})`,
  P7D: (col) => `DATE_SUB(DATE(${col}), INTERVAL ((DATEDIFF(${col}, '1970-01-01') % 7 + 7) % 7) DAY)`,
  // Superset's MySQL weeks start on Sunday.
  P1W: sundayWeekStart,
  P1M: (col) => `DATE(DATE_SUB(${col}, INTERVAL DAYOFMONTH(${col}) - 1 DAY))`,
  P3M: (col) => `MAKEDATE(YEAR(${col}), 1) + INTERVAL QUARTER(${col}) QUARTER - INTERVAL 1 QUARTER`,
  P1Y: (col) => `DATE(DATE_SUB(${col}, INTERVAL DAYOFYEAR(${col}) - 1 DAY))`,
  '1969-12-28T00:00:00Z/P1W': sundayWeekStart,
  '1969-12-29T00:00:00Z/P1W': (col) =>
    `DATE(DATE_SUB(${col}, INTERVAL DAYOFWEEK(DATE_SUB(${col}, INTERVAL 1 DAY)) - 1 DAY))`,
  'P1W/1970-01-03T00:00:00Z': (col) => `DATE(DATE_ADD(${col}, INTERVAL 7 - DAYOFWEEK(${col}) DAY))`,
  'P1W/1970-01-04T00:00:00Z': (col) => `DATE(DATE_ADD(${col}, INTERVAL 6 - WEEKDAY(${col}) DAY))`,
};

const TYPE_NAMES = typeNameTable({
  NUMERIC: [
    'TINYINT',
    'SMALLINT',
    'MEDIUMINT',
    'INT',
    'INTEGER',
    'BIGINT',
    'DECIMAL',
    'DEC',
    'NUMERIC',
    'FIXED',
    'FLOAT',
    'DOUBLE',
    'DOUBLE PRECISION',
    'REAL',
    'YEAR',
  ],
  STRING: [
    'CHAR',
    'VARCHAR',
    'NCHAR',
    'NVARCHAR',
    'TINYTEXT',
    'TEXT',
    'MEDIUMTEXT',
    'LONGTEXT',
    'ENUM',
    'SET',
    'UUID',
    'INET4',
    'INET6',
  ],
  TEMPORAL: ['DATE', 'DATETIME', 'TIMESTAMP', 'TIME'],
  BOOLEAN: ['BOOLEAN', 'BOOL'],
});

function genericType(nativeType: string): GenericType | null {
  const name = normalizeTypeName(nativeType);
  // MySQL spells BOOLEAN as TINYINT(1) in its catalogue.
  if (/^TINYINT\s*\(\s*1\s*\)/.test(name)) return 'BOOLEAN';
  return lookupGenericType(name.replace(/ (UNSIGNED|SIGNED|ZEROFILL)\b/g, ''), TYPE_NAMES);
}

// The built-in functions SQL Lab offers as completions.
const FUNCTION_NAMES: readonly string[] = [
  ...STANDARD_FUNCTIONS,
  ...WINDOW_FUNCTIONS,
  'concat_ws',
  'curdate',
  'date_add',
  'date_format',
  'date_sub',
  'datediff',
  'dayofweek',
  'from_unixtime',
  'greatest',
  'group_concat',
  'if',
  'ifnull',
  'json_extract',
  'least',
  'left',
  'locate',
  'month',
  'now',
  'right',
  'std',
  'str_to_date',
  'substring_index',
  'timestampdiff',
  'unix_timestamp',
  'variance',
  'year',
];

export const mysqlDialect: SqlDialect = {
  functionNames: FUNCTION_NAMES,
  engine: 'mysql',
  displayName: 'MySQL',
  uriSchemes: ['mysql', 'mariadb'],
  editorLanguage: 'MySQL',
  formatterLanguage: 'mysql',
  capabilities: {
    catalogs: false,
    schemas: true,
    costEstimate: true,
    fileBased: false,
    foreignKeys: true,
    indexes: true,
    partitions: true,
  },
  quoteIdentifier,
  qualifiedTable: (ref) => qualifiedTableWith(quoteIdentifier, ref),
  literal: (value) => literalWith({ ...STANDARD_LITERALS, string: stringLiteral }, value),
  ...timeGrainMethods(TIME_GRAIN_SQL),
  epochToTimestamp: (col, unit) =>
    unit === 'seconds' ? `FROM_UNIXTIME(${col})` : `FROM_UNIXTIME((${col}) / 1000)`,
  limitClause: limitThenOffset,
  genericType,
  columnKind: columnKindFrom(genericType, ['DATE']),
  selectStar: (ref, columns, limit) => formatSelectStar(mysqlDialect, ref, columns, limit),
  // EXPLAIN's `rows` column is the estimate shown.
  explainStatement: (sql) => `EXPLAIN ${sql}`,
  parameterPlaceholder: (index) => {
    checkParameterIndex(index);
    return '?';
  },
  latestPartitionPredicate: maxValuePredicate,
};
