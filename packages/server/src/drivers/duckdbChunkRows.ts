import {
  type DuckDBDataChunk,
  DuckDBDecimalType,
  type DuckDBType,
  DuckDBTypeId,
  type DuckDBValueConverter,
} from '@duckdb/node-api';
import bindings from '@duckdb/node-bindings';
import { dateFromEpochDays, normalizeNumber, pad } from './valueNormalizer.ts';

/**
 * A DuckDB chunk's rows in the driver's JSON-friendly forms, read a column at a time from the vector's
 * memory. The same values as `chunk.convertRows(convertDuckDBValue)` (duckdb.ts), which builds a
 * value object per cell (a BigInt per integer and timestamp, a native call per timestamp's
 * `isFinite`, a decimal's text parsed back): for the common scalar types the raw integers and floats
 * are turned into numbers and text directly. A value off the fast path (an integer beyond 2^53, an
 * infinite date, a wide decimal) and every other type (lists, structs, intervals…) goes through
 * `fallback`, one value at a time, exactly as before.
 */

type Cell = unknown;
type ColumnReader = (chunk: DuckDBDataChunk, column: number, rows: Cell[][], type: DuckDBType) => void;

const TWO_32 = 4294967296;
const INFINITE_DAYS = 2147483647;
const utf8 = new TextDecoder();

/** The vector's data bytes for `rows` values of `width` bytes, and its validity bitmap (null: all valid). */
function vectorOf(chunk: DuckDBDataChunk, column: number, width: number) {
  const vector = bindings.data_chunk_get_vector(chunk.chunk, column);
  const rowCount = chunk.rowCount;
  const data = bindings.vector_get_data(vector, rowCount * width);
  const validity = bindings.vector_get_validity(vector, Math.ceil(rowCount / 64) * 8) as Uint8Array | null;
  return { data, validity, rowCount };
}

function isValid(validity: Uint8Array | null, row: number): boolean {
  return validity === null || ((validity[row >> 3] as number) & (1 << (row & 7))) !== 0;
}

/** An int64 from its two 32-bit halves as an exact number, or null when it is beyond 2^53. */
function safeInt64(low: number, high: number): number | null {
  const value = high * TWO_32 + (low >>> 0);
  return Number.isSafeInteger(value) ? value : null;
}

function typedReader<A extends ArrayLike<number>>(
  width: number,
  view: (buffer: ArrayBuffer, offset: number, length: number) => A,
  convert: (value: number) => Cell,
): ColumnReader {
  return (chunk, column, rows) => {
    const { data, validity, rowCount } = vectorOf(chunk, column, width);
    const values = view(data.buffer as ArrayBuffer, data.byteOffset, rowCount);
    for (let row = 0; row < rowCount; row++) {
      (rows[row] as Cell[])[column] = isValid(validity, row) ? convert(values[row] as number) : null;
    }
  };
}

/**
 * An 8-byte integer column read as pairs of 32-bit halves; `convert` turns an exact number into the
 * value, and returns undefined to send the cell to the fallback (beyond 2^53, or a special value).
 */
function int64Reader(
  convert: (value: number, type: DuckDBType) => Cell | undefined,
  fallback: DuckDBValueConverter<unknown>,
): ColumnReader {
  return (chunk, column, rows, type) => {
    const { data, validity, rowCount } = vectorOf(chunk, column, 8);
    const halves = new Int32Array(data.buffer as ArrayBuffer, data.byteOffset, rowCount * 2);
    let vector: ReturnType<DuckDBDataChunk['getColumnVector']> | null = null;
    for (let row = 0; row < rowCount; row++) {
      const cells = rows[row] as Cell[];
      if (!isValid(validity, row)) {
        cells[column] = null;
        continue;
      }
      const exact = safeInt64(halves[row * 2] as number, halves[row * 2 + 1] as number);
      const value = exact === null ? undefined : convert(exact, type);
      if (value !== undefined) {
        cells[column] = value;
        continue;
      }
      vector ??= chunk.getColumnVector(column);
      cells[column] = fallback(vector.getItem(row), type, fallback);
    }
  };
}

/** `YYYY-MM-DDTHH:MM:SS[.ffffff][Z]` from microseconds since the epoch, as timestampFromEpochMicros. */
function timestampText(micros: number, zoned: boolean): string | undefined {
  const millis = Math.floor(micros / 1000);
  const date = new Date(millis);
  if (Number.isNaN(date.getTime())) return undefined;
  const subMillis = micros - millis * 1000;
  // The first 19 characters, as timestampFromEpochMicros takes them (years past 9999 included).
  const base = date.toISOString().slice(0, 19);
  let fraction = '';
  const ms = date.getUTCMilliseconds();
  if (ms !== 0 || subMillis !== 0) {
    fraction = `.${pad(ms, 3)}${pad(subMillis, 3)}`.replace(/0+$/, '');
  }
  return `${base}${fraction}${zoned ? 'Z' : ''}`;
}

function decimalReader(
  type: DuckDBDecimalType,
  fallback: DuckDBValueConverter<unknown>,
): ColumnReader | null {
  const divisor = 10 ** type.scale;
  // Both exact in a double: the quotient is the nearest double to the decimal, as Number(text) is.
  const fromScaled = (value: number) => value / divisor;
  if (type.scale > 22) return null;
  if (type.width <= 4) return typedReader(2, (b, o, n) => new Int16Array(b, o, n), fromScaled);
  if (type.width <= 9) return typedReader(4, (b, o, n) => new Int32Array(b, o, n), fromScaled);
  if (type.width <= 18) return int64Reader(fromScaled, fallback);
  return null;
}

/** A VARCHAR column: short ASCII strings (stored inline) are decoded here, the rest by TextDecoder. */
const varcharReader: ColumnReader = (chunk, column, rows) => {
  const { data, validity, rowCount } = vectorOf(chunk, column, 16);
  const buffer = data.buffer as ArrayBuffer;
  const base = data.byteOffset;
  const bytes = new Uint8Array(buffer, base, rowCount * 16);
  const view = new DataView(buffer, base, rowCount * 16);
  for (let row = 0; row < rowCount; row++) {
    const cells = rows[row] as Cell[];
    if (!isValid(validity, row)) {
      cells[column] = null;
      continue;
    }
    const offset = row * 16;
    const size = view.getUint32(offset, true);
    if (size <= 12) {
      let text = '';
      let ascii = true;
      for (let i = offset + 4; i < offset + 4 + size; i++) {
        const byte = bytes[i] as number;
        if (byte > 0x7f) {
          ascii = false;
          break;
        }
        text += String.fromCharCode(byte);
      }
      cells[column] = ascii ? text : utf8.decode(bytes.subarray(offset + 4, offset + 4 + size));
    } else {
      cells[column] = utf8.decode(bindings.get_data_from_pointer(buffer, base + offset + 8, size));
    }
  }
};

function readerFor(type: DuckDBType, fallback: DuckDBValueConverter<unknown>): ColumnReader | null {
  const number = (value: number) => normalizeNumber(value);
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN:
      return typedReader(
        1,
        (b, o, n) => new Uint8Array(b, o, n),
        (value) => value !== 0,
      );
    case DuckDBTypeId.TINYINT:
      return typedReader(1, (b, o, n) => new Int8Array(b, o, n), number);
    case DuckDBTypeId.UTINYINT:
      return typedReader(1, (b, o, n) => new Uint8Array(b, o, n), number);
    case DuckDBTypeId.SMALLINT:
      return typedReader(2, (b, o, n) => new Int16Array(b, o, n), number);
    case DuckDBTypeId.USMALLINT:
      return typedReader(2, (b, o, n) => new Uint16Array(b, o, n), number);
    case DuckDBTypeId.INTEGER:
      return typedReader(4, (b, o, n) => new Int32Array(b, o, n), number);
    case DuckDBTypeId.UINTEGER:
      return typedReader(4, (b, o, n) => new Uint32Array(b, o, n), number);
    case DuckDBTypeId.FLOAT:
      return typedReader(4, (b, o, n) => new Float32Array(b, o, n), number);
    case DuckDBTypeId.DOUBLE:
      return typedReader(8, (b, o, n) => new Float64Array(b, o, n), number);
    case DuckDBTypeId.BIGINT:
      return int64Reader((value) => value, fallback);
    case DuckDBTypeId.DECIMAL:
      return type instanceof DuckDBDecimalType ? decimalReader(type, fallback) : null;
    case DuckDBTypeId.DATE:
      return (chunk, column, rows, dateType) => {
        const { data, validity, rowCount } = vectorOf(chunk, column, 4);
        const days = new Int32Array(data.buffer as ArrayBuffer, data.byteOffset, rowCount);
        let vector: ReturnType<DuckDBDataChunk['getColumnVector']> | null = null;
        for (let row = 0; row < rowCount; row++) {
          const value = days[row] as number;
          const cells = rows[row] as Cell[];
          if (!isValid(validity, row)) cells[column] = null;
          else if (value !== INFINITE_DAYS && value !== -INFINITE_DAYS)
            cells[column] = dateFromEpochDays(value);
          else {
            vector ??= chunk.getColumnVector(column);
            cells[column] = fallback(vector.getItem(row), dateType, fallback);
          }
        }
      };
    case DuckDBTypeId.TIMESTAMP:
      return int64Reader((micros) => timestampText(micros, false), fallback);
    case DuckDBTypeId.TIMESTAMP_TZ:
      return int64Reader((micros) => timestampText(micros, true), fallback);
    case DuckDBTypeId.TIMESTAMP_MS:
      return int64Reader((millis) => {
        const micros = millis * 1000;
        return Number.isSafeInteger(micros) ? timestampText(micros, false) : undefined;
      }, fallback);
    case DuckDBTypeId.TIMESTAMP_S:
      return int64Reader((seconds) => {
        const micros = seconds * 1_000_000;
        return Number.isSafeInteger(micros) ? timestampText(micros, false) : undefined;
      }, fallback);
    case DuckDBTypeId.VARCHAR:
      return varcharReader;
    default:
      return null;
  }
}

/** Readers for a result's column types, made once per result. */
export function chunkRowReader(
  types: readonly DuckDBType[],
  fallback: DuckDBValueConverter<unknown>,
): (chunk: DuckDBDataChunk) => Cell[][] {
  const readers = types.map((type) => readerFor(type, fallback));
  return (chunk) => {
    const rowCount = chunk.rowCount;
    const rows: Cell[][] = new Array(rowCount);
    for (let row = 0; row < rowCount; row++) rows[row] = new Array(types.length);
    for (let column = 0; column < types.length; column++) {
      const type = types[column] as DuckDBType;
      const reader = readers[column];
      if (reader) {
        reader(chunk, column, rows, type);
        continue;
      }
      const vector = chunk.getColumnVector(column);
      for (let row = 0; row < rowCount; row++) {
        (rows[row] as Cell[])[column] = fallback(vector.getItem(row), type, fallback);
      }
    }
    return rows;
  };
}
