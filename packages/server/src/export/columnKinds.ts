/**
 * What a column holds, from the native type name the driver reports (DuckDB, PostgreSQL, MySQL,
 * ClickHouse, Trino, SQLite spellings). `unknown` (empty or unrecognised type, e.g. SQLite
 * expressions) makes the writers look at each value instead.
 */
export type ColumnKind = 'number' | 'timestamp' | 'date' | 'boolean' | 'text' | 'unknown';

const WRAPPERS = /^(?:nullable|lowcardinality)\((.*)\)$/i;
const NUMBER =
  /^(?:u?int\d*|u?tinyint|u?smallint|mediumint|u?integer|u?bigint|u?hugeint|int[248]|long(?:long)?|short|tiny|decimal\d*|newdecimal|numeric|number|float\d*|double(?: precision)?|real|money|serial\d*|bigserial|smallserial)\b/i;
const TIMESTAMP = /^(?:timestamp|timestamptz|datetime|datetime64|smalldatetime|datetime2|datetimeoffset)\b/i;
const DATE = /^(?:date|date32)$/i;
const BOOLEAN = /^(?:bool|boolean|bit)$/i;

export function columnKind(type: string): ColumnKind {
  let base = type.trim();
  for (let match = WRAPPERS.exec(base); match; match = WRAPPERS.exec(base)) base = match[1] ?? '';
  if (base === '') return 'unknown';
  if (TIMESTAMP.test(base)) return 'timestamp';
  if (DATE.test(base)) return 'date';
  if (BOOLEAN.test(base)) return 'boolean';
  if (NUMBER.test(base)) return 'number';
  return 'text';
}

/** A decimal number as text (what drivers give for big integers and decimals). */
export const NUMERIC_TEXT = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
/** `YYYY-MM-DDTHH:MM:SS[.fff…][Z]` as the drivers normalise timestamps. */
export const ISO_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2}(?:\.\d+)?)(Z?)$/;
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
