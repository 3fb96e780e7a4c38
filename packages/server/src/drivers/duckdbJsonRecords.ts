import { type DuckDBDataChunk, DuckDBDecimalType, type DuckDBType, DuckDBTypeId } from '@duckdb/node-api';
import bindings from '@duckdb/node-bindings';
import { sqlString } from './csvLines.ts';

/**
 * A result's rows as JSON records DuckDB writes itself (`{"name":value,…}` per row, json_object), so a
 * large chart answer is never a JavaScript object per row nor a `JSON.stringify` of them. The values
 * are those the driver's rows give once the chart data flow has framed them (duckdbChunkRows.ts,
 * valueNormalizer.ts, flows/chartData/materialize.ts): integers as numbers while exact, beyond 2^53
 * as their digits in a string; doubles in shortest form, not-finite as null; decimals as the number
 * they round to, whole ones beyond 2^53 as digits; temporal columns as epoch milliseconds (floored).
 * The text may differ from JSON.stringify's (`12.0` for 12, `1e21` for 1e+21); the parsed values do
 * not. A value the JavaScript path gives as text (an integer beyond 2^53, a date outside years
 * 1–9999, `infinity`) is not written here: its row says it is odd, and the caller reads the result
 * the usual way.
 */

/** 2^53 − 1: integers beyond it are not exact in a JavaScript number. */
const MAX_SAFE = '9007199254740991';

/**
 * One column: its value as json_object takes it (NULL → null) and, where some values would be kept
 * as text by the JavaScript path, a test that the value is such an odd one. Values go into
 * json_object as they are: wrapping each in to_json() made DuckDB write and read JSON twice (the
 * records took twice as long).
 */
export interface JsonColumnSql {
  value(ref: string): string;
  odd?(ref: string): string;
}

/** Integers beyond 2^53 are given as their digits in a string by the driver. */
const beyondExact = (ref: string) => `NOT (${ref} BETWEEN -${MAX_SAFE} AND ${MAX_SAFE})`;

/** A double: not finite → null (the CASE has no ELSE); `+ 0.0` makes -0 a 0 (JSON.stringify(-0) is `0`). */
const finiteDouble = (ref: string) => `CASE WHEN isfinite(${ref}) THEN ${ref} + 0.0 END`;

/** Epoch milliseconds of a timestamp with microseconds, floored (the driver's text of it is parsed so). */
const flooredMillis = (ref: string) =>
  `(epoch_us(${ref}) - 999 * CAST(epoch_us(${ref}) < 0 AS BIGINT)) // 1000`;

/** Dates and timestamps the JavaScript path turns into epoch milliseconds: years 1 to 9999. */
const outsideYears = (ref: string, from: string, to: string) => `NOT (${ref} BETWEEN ${from} AND ${to})`;

/**
 * How a column of this type becomes its JSON value, `temporal` when the flow sends it as epoch
 * milliseconds; null when the driver's value is not written here (the caller takes execute()).
 */
export function jsonColumn(type: DuckDBType, temporal: boolean): JsonColumnSql | null {
  const asItIs = (ref: string) => ref;
  const plain = (column: JsonColumnSql): JsonColumnSql | null => (temporal ? null : column);
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN:
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.VARCHAR:
      return plain({ value: asItIs });
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.UHUGEINT:
      return plain({ value: asItIs, odd: beyondExact });
    case DuckDBTypeId.FLOAT:
      // The driver widens FLOAT to a double: 0.1f is 0.10000000149011612 there.
      return plain({ value: (ref) => finiteDouble(`CAST(${ref} AS DOUBLE)`) });
    case DuckDBTypeId.DOUBLE:
      return plain({ value: finiteDouble });
    case DuckDBTypeId.DECIMAL:
      if (!(type instanceof DuckDBDecimalType)) return null;
      // The decimal's own text parses to the number the driver gives, whole or not, except a whole
      // value beyond 2^53 (its digits in a string there): impossible up to 15 integer digits.
      return plain(
        type.width - type.scale <= 15
          ? { value: asItIs }
          : { value: asItIs, odd: (ref) => `(${ref} = trunc(${ref}) AND ${beyondExact(ref)})` },
      );
    case DuckDBTypeId.DATE: {
      const odd = (ref: string) => outsideYears(ref, "DATE '0001-01-01'", "DATE '9999-12-31'");
      // Not sent as epoch milliseconds: the driver's `YYYY-MM-DD`, which is DuckDB's own text of it.
      if (!temporal) return { value: (ref) => `CAST(${ref} AS VARCHAR)`, odd };
      return { value: (ref) => `epoch_ms(${ref})`, odd };
    }
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_MS:
    case DuckDBTypeId.TIMESTAMP_S: {
      const odd = (ref: string) =>
        outsideYears(
          `CAST(${ref} AS TIMESTAMP)`,
          "TIMESTAMP '0001-01-01'",
          "TIMESTAMP '9999-12-31 23:59:59.999999'",
        );
      // Not sent as epoch milliseconds: the driver's ISO text, which is DuckDB's own text of it
      // (the fraction's trailing zeros dropped too) with a `T` for the blank.
      if (!temporal)
        return { value: (ref) => `replace(CAST(CAST(${ref} AS TIMESTAMP) AS VARCHAR), ' ', 'T')`, odd };
      return {
        value: type.typeId === DuckDBTypeId.TIMESTAMP ? flooredMillis : (ref) => `epoch_ms(${ref})`,
        odd,
      };
    }
    case DuckDBTypeId.TIMESTAMP_TZ:
      if (!temporal) return null;
      return {
        value: flooredMillis,
        odd: (ref) =>
          outsideYears(
            ref,
            "TIMESTAMPTZ '0001-01-01 00:00:00+00'",
            "TIMESTAMPTZ '9999-12-31 23:59:59.999999+00'",
          ),
      };
    default:
      return null;
  }
}

/**
 * `SELECT <record>, <odd>` over the statement: one JSON record per row with a comma after it (the
 * rows' bytes joined make an array's inside), then, when any column can be odd, whether this row is.
 * Columns are renamed positionally, so odd names cannot clash; the statement stands on lines of its
 * own, so a trailing line comment in it cannot swallow what follows. Null for duplicate names (a
 * record keeps one of them).
 */
export function jsonRecordsSql(
  sql: string,
  names: readonly string[],
  columns: readonly JsonColumnSql[],
): { sql: string; withOdd: boolean } | null {
  if (new Set(names).size !== names.length) return null;
  const ref = (i: number) => `vitrina_json.c${i}`;
  const fields = columns.flatMap((column, i) => [sqlString(names[i] as string), column.value(ref(i))]);
  const odd = columns.flatMap((column, i) => (column.odd ? [column.odd(ref(i))] : []));
  const renamed = names.map((_, i) => `c${i}`).join(', ');
  const record = fields.length > 0 ? `json_object(${fields.join(', ')})` : "'{}'";
  return {
    sql:
      `SELECT concat(${record}, ',') AS vitrina_record` +
      // NULL OR true is true, NULL OR false NULL: a NULL value is never odd.
      `${odd.length > 0 ? `, coalesce(${odd.join(' OR ')}, false) AS vitrina_odd` : ''} ` +
      `FROM (\n${sql}\n) AS vitrina_json${renamed ? `(${renamed})` : ''}`,
    withOdd: odd.length > 0,
  };
}

/** Whether any row of a BOOLEAN column is true (the odd column above: never NULL). */
export function anyTrue(chunk: DuckDBDataChunk, column: number): boolean {
  const vector = bindings.data_chunk_get_vector(chunk.chunk, column);
  const values = bindings.vector_get_data(vector, chunk.rowCount);
  for (let row = 0; row < chunk.rowCount; row++) if (values[row] !== 0) return true;
  return false;
}
