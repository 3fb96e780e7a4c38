import type { GenericType, SqlDialect } from '../dialect.ts';
import {
  ansiStringLiteral,
  checkParameterIndex,
  columnKindFrom,
  formatSelectStar,
  limitThenOffset,
  literalWith,
  noPartitions,
  normalizeTypeName,
  qualifiedTableWith,
  quoteAnsiIdentifier,
  type TimeGrainSql,
  timeGrainMethods,
} from './shared.ts';
import { STANDARD_FUNCTIONS, WINDOW_FUNCTIONS } from './standardFunctions.ts';

/** SQLite keeps timestamps as text; STRFTIME rewrites the parts below the grain to zero. */
const truncTo = (pattern: string) => (col: string) => `DATETIME(STRFTIME('${pattern}', ${col}))`;

const SECOND = '%Y-%m-%dT%H:%M:%S';
const MINUTE = '%Y-%m-%dT%H:%M:00';
const HOUR = '%Y-%m-%dT%H:00:00';

/** Steps back by the field's remainder: 07:08:47 → 07:08:45 for a 5-second bucket. */
function bucket(field: 'S' | 'M' | 'H', step: number) {
  const unit = { S: 'seconds', M: 'minutes', H: 'hours' }[field];
  const truncated = { S: SECOND, M: MINUTE, H: HOUR }[field];
  return (col: string) =>
    `DATETIME(STRFTIME('${truncated}', ${col}), printf('-%d ${unit}', CAST(STRFTIME('%${field}', ${col}) AS INT) % ${step}))`;
}

/**
 * `weekday N` moves forward to the next day N (or stays): going back six days first lands on the
 * week's start day (Superset's `'weekday N', '-7 days'` sends a start day itself to the week before).
 */
const weekStarting = (weekday: number) => (col: string) =>
  `DATETIME(${col}, 'start of day', '-6 days', 'weekday ${weekday}')`;
const weekEnding = (weekday: number) => (col: string) =>
  `DATETIME(${col}, 'start of day', 'weekday ${weekday}')`;

const TIME_GRAIN_SQL: TimeGrainSql = {
  PT1S: truncTo(SECOND),
  PT5S: bucket('S', 5),
  PT30S: bucket('S', 30),
  PT1M: truncTo(MINUTE),
  PT5M: bucket('M', 5),
  PT10M: bucket('M', 10),
  PT15M: bucket('M', 15),
  PT30M: bucket('M', 30),
  PT1H: truncTo(HOUR),
  PT6H: bucket('H', 6),
  P1D: (col) => `DATETIME(${col}, 'start of day')`,
  P7D: (col) =>
    `DATETIME(${col}, 'start of day', printf('-%d days', (CAST(JULIANDAY(${col}, 'start of day') - 2440587.5 AS INTEGER) % 7 + 7) % 7))`,
  // Superset's SQLite weeks start on Sunday.
  P1W: (col) => `DATETIME(${col}, 'start of day', -STRFTIME('%w', ${col}) || ' days')`,
  P1M: (col) => `DATETIME(${col}, 'start of month')`,
  P3M: (col) =>
    `DATETIME(${col}, 'start of month', printf('-%d months', (CAST(STRFTIME('%m', ${col}) AS INT) - 1) % 3))`,
  P1Y: (col) => `DATETIME(${col}, 'start of year')`,
  '1969-12-28T00:00:00Z/P1W': weekStarting(0),
  '1969-12-29T00:00:00Z/P1W': weekStarting(1),
  'P1W/1970-01-03T00:00:00Z': weekEnding(6),
  'P1W/1970-01-04T00:00:00Z': weekEnding(0),
};

/**
 * SQLite accepts any declared type name, so this follows its type-affinity rules (substring
 * matches, checked in order) with booleans and dates recognised first, as SQLAlchemy does.
 */
const AFFINITY_RULES: ReadonlyArray<[RegExp, GenericType]> = [
  [/BOOL/, 'BOOLEAN'],
  [/DATE|TIME/, 'TEMPORAL'],
  [/INT/, 'NUMERIC'],
  [/CHAR|CLOB|TEXT|UUID/, 'STRING'],
  [/REAL|FLOA|DOUB|NUMERIC|DECIMAL/, 'NUMERIC'],
];

function genericType(nativeType: string): GenericType | null {
  const name = normalizeTypeName(nativeType);
  return AFFINITY_RULES.find(([pattern]) => pattern.test(name))?.[1] ?? null;
}

// Superset's SqliteEngineSpec list: core, date/time, aggregate and window functions.
const FUNCTION_NAMES: readonly string[] = [
  ...STANDARD_FUNCTIONS,
  ...WINDOW_FUNCTIONS,
  'changes',
  'char',
  'date',
  'datetime',
  'glob',
  'group_concat',
  'hex',
  'ifnull',
  'iif',
  'instr',
  'julianday',
  'last_insert_rowid',
  'like',
  'likelihood',
  'likely',
  'printf',
  'quote',
  'random',
  'randomblob',
  'sign',
  'soundex',
  'strftime',
  'time',
  'total',
  'total_changes',
  'typeof',
  'unicode',
  'unixepoch',
  'unlikely',
  'zeroblob',
];

export const sqliteDialect: SqlDialect = {
  functionNames: FUNCTION_NAMES,
  engine: 'sqlite',
  displayName: 'SQLite',
  uriSchemes: ['sqlite'],
  editorLanguage: 'SQLite',
  formatterLanguage: 'sqlite',
  capabilities: {
    catalogs: false,
    schemas: false,
    costEstimate: false,
    fileBased: true,
    foreignKeys: true,
    indexes: true,
    partitions: false,
  },
  quoteIdentifier: quoteAnsiIdentifier,
  qualifiedTable: (ref) => qualifiedTableWith(quoteAnsiIdentifier, ref),
  // No boolean or timestamp types: 1/0 and the text form DATETIME() itself produces.
  literal: (value) =>
    literalWith(
      {
        string: ansiStringLiteral,
        boolean: (flag) => (flag ? '1' : '0'),
        timestamp: (utc) => `'${utc}'`,
      },
      value,
    ),
  ...timeGrainMethods(TIME_GRAIN_SQL),
  epochToTimestamp: (col, unit) =>
    unit === 'seconds' ? `DATETIME(${col}, 'unixepoch')` : `DATETIME((${col}) / 1000.0, 'unixepoch')`,
  limitClause: limitThenOffset,
  genericType,
  columnKind: columnKindFrom(genericType, ['DATE']),
  selectStar: (ref, columns, limit) => formatSelectStar(sqliteDialect, ref, columns, limit),
  // EXPLAIN QUERY PLAN has no cost figures to show.
  explainStatement: () => null,
  parameterPlaceholder: (index) => {
    checkParameterIndex(index);
    return '?';
  },
  latestPartitionPredicate: noPartitions,
};
