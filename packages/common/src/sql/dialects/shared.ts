import type { GenericType, SqlDialect, SqlValue, TableRef } from '../dialect.ts';
import { TIME_GRAINS, type TimeGrain } from '../timeGrains.ts';

/** Pieces several dialects share. No engine names here: each dialect picks the pieces it needs. */

/** `"name"`, embedded double quotes doubled (SQL standard). */
export function quoteAnsiIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** `'text'`, embedded single quotes doubled (SQL standard; backslashes are ordinary characters). */
export function ansiStringLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** catalog.schema.table with each present part quoted; null, undefined and '' parts are left out. */
export function qualifiedTableWith(quote: (name: string) => string, ref: TableRef): string {
  return [ref.catalog, ref.schema, ref.table]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .map(quote)
    .join('.');
}

export function numberLiteral(value: number): string {
  // NaN and Infinity have no portable spelling; refusing beats emitting SQL that means something else.
  if (!Number.isFinite(value)) throw new RangeError(`Cannot write ${value} as a SQL literal`);
  return String(value);
}

/** `YYYY-MM-DD HH:MM:SS[.mmm]` of the instant in UTC; milliseconds only when not zero. */
export function utcTimestampText(date: Date): string {
  const time = date.getTime();
  if (Number.isNaN(time)) throw new RangeError('Cannot write an invalid Date as a SQL literal');
  const year = date.getUTCFullYear();
  if (year < 0 || year > 9999) throw new RangeError(`Year ${year} is outside what SQL timestamps accept`);
  const iso = date.toISOString(); // 2024-05-06T07:08:09.123Z for years 0..9999
  const seconds = `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  const millis = iso.slice(20, 23);
  return millis === '000' ? seconds : `${seconds}.${millis}`;
}

export interface LiteralSpelling {
  string(text: string): string;
  boolean(value: boolean): string;
  /** Receives the UTC text from utcTimestampText. */
  timestamp(utcText: string): string;
}

/** The standard spellings: `'text'` with quotes doubled, TRUE/FALSE, and TIMESTAMP '…'. */
export const STANDARD_LITERALS: LiteralSpelling = {
  string: ansiStringLiteral,
  boolean: (flag) => (flag ? 'TRUE' : 'FALSE'),
  timestamp: (utc) => `TIMESTAMP '${utc}'`,
};

/** Dispatches a value to the engine's spelling; numbers, bigints and NULL are the same everywhere. */
export function literalWith(spelling: LiteralSpelling, value: SqlValue): string {
  if (value === null) return 'NULL';
  if (value instanceof Date) return spelling.timestamp(utcTimestampText(value));
  switch (typeof value) {
    case 'string':
      return spelling.string(value);
    case 'number':
      return numberLiteral(value);
    case 'bigint':
      return value.toString();
    case 'boolean':
      return spelling.boolean(value);
    default:
      return assertNever(value);
  }
}

export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${String(value)}`);
}

/** Limits and offsets are written into SQL text, so only non-negative safe integers pass. */
export function checkRowCount(what: 'limit' | 'offset', value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`The ${what} must be a non-negative integer, got ${value}`);
  }
  return value;
}

/** Bound parameters are numbered from 1. */
export function checkParameterIndex(index: number): number {
  if (!Number.isSafeInteger(index) || index < 1) {
    throw new RangeError(`A parameter index starts at 1, got ${index}`);
  }
  return index;
}

/** `LIMIT n [OFFSET m]`, the order most engines take. */
export function limitThenOffset(limit: number, offset = 0): string {
  const clause = `LIMIT ${checkRowCount('limit', limit)}`;
  return checkRowCount('offset', offset) > 0 ? `${clause} OFFSET ${offset}` : clause;
}

/**
 * The table preview query as Superset formats it: one column per line aligned under the first,
 * `SELECT *` when the columns are unknown.
 */
export function formatSelectStar(
  dialect: SqlDialect,
  ref: TableRef,
  columns: string[],
  limit: number,
): string {
  const selectList = columns.length === 0 ? '*' : columns.map(dialect.quoteIdentifier).join(',\n       ');
  return `SELECT ${selectList}\nFROM ${dialect.qualifiedTable(ref)}\n${dialect.limitClause(limit)}`;
}

/** Builds a grain's SQL from the column's SQL; null marks a grain the engine cannot express. */
export type TimeGrainSql = Record<TimeGrain, ((columnSql: string) => string) | null>;

/** The two SqlDialect methods that follow from a dialect's grain table. */
export function timeGrainMethods(
  table: TimeGrainSql,
): Pick<SqlDialect, 'timeGrainExpression' | 'timeGrains'> {
  const offered = TIME_GRAINS.filter((grain) => table[grain] !== null);
  return {
    timeGrainExpression: (grain, columnSql) => table[grain]?.(columnSql) ?? null,
    timeGrains: () => [...offered],
  };
}

/** Composite types (arrays, maps, structs, JSON…) have no generic type charts can use. */
const COMPOSITE_TYPE =
  /^(ARRAY|LIST|MAP|STRUCT|ROW|TUPLE|NESTED|UNION|JSONB?|VARIANT|DYNAMIC|OBJECT|AGGREGATEFUNCTION|SIMPLEAGGREGATEFUNCTION)\b|\[\d*\]$|^_/;

/** Upper case with single spaces: `timestamp(3)  with time zone` → `TIMESTAMP(3) WITH TIME ZONE`. */
export function normalizeTypeName(nativeType: string): string {
  return nativeType.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** Drops every parenthesised parameter list: `DECIMAL(38, 2)` → `DECIMAL`, `TIMESTAMP(3) WITH TIME ZONE` → `TIMESTAMP WITH TIME ZONE`. */
export function stripTypeParameters(typeName: string): string {
  let stripped = typeName;
  for (let previous = ''; previous !== stripped; ) {
    previous = stripped;
    stripped = stripped.replace(/\s*\([^()]*\)/g, '');
  }
  return stripped.replace(/\s+/g, ' ').trim();
}

/** The generic type of a normalized type name, looked up by its name without parameters. */
export function lookupGenericType(
  normalizedType: string,
  names: Readonly<Record<string, GenericType>>,
): GenericType | null {
  if (COMPOSITE_TYPE.test(normalizedType)) return null;
  return names[stripTypeParameters(normalizedType)] ?? null;
}

/**
 * A dialect's `columnKind` from its `genericType` and the names of its date-only types (looked up
 * without parameters, after `unwrap` removes wrappers such as ClickHouse's `Nullable(…)`).
 */
export function columnKindFrom(
  genericType: SqlDialect['genericType'],
  dateTypes: readonly string[],
  unwrap: (normalizedType: string) => string = (name) => name,
): SqlDialect['columnKind'] {
  return (nativeType) => {
    if (nativeType.trim() === '') return 'unknown';
    switch (genericType(nativeType)) {
      case 'NUMERIC':
        return 'number';
      case 'BOOLEAN':
        return 'boolean';
      case 'TEMPORAL':
        return dateTypes.includes(stripTypeParameters(unwrap(normalizeTypeName(nativeType))))
          ? 'date'
          : 'timestamp';
      default:
        return 'text';
    }
  };
}

/** Lists of type names per generic type, turned into one lookup table. */
export function typeNameTable(groups: Record<GenericType, readonly string[]>): Record<string, GenericType> {
  const table: Record<string, GenericType> = {};
  for (const [generic, names] of Object.entries(groups) as Array<[GenericType, readonly string[]]>) {
    for (const name of names) table[name] = generic;
  }
  return table;
}

/**
 * `col = (SELECT MAX(col) FROM table [WHERE …])`: a partition column's latest value, read by the engine
 * at run time. The inner `col` binds to the sub-query's own table, so no alias is needed.
 */
export function maxValuePredicate(
  columnSql: string,
  tableSql: string,
  conditions: readonly string[],
): string {
  const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
  return `${columnSql} = (SELECT MAX(${columnSql}) FROM ${tableSql}${where})`;
}

/** For engines without partitions: there is no latest partition to filter on. */
export const noPartitions = (): null => null;
