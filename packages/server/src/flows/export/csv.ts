/**
 * Streaming CSV writer. RFC 4180 quoting, CRLF line ends, a byte-order mark by default.
 *
 * Encodings: `utf-8` (default, with a BOM: the BOM is what makes Excel read Cyrillic correctly when
 * the file is opened by double-click), `utf-16le` (with its BOM; Excel reads it too) and
 * `windows-1251` (for old Russian Excel/1C pipelines that insist on it; characters outside the code
 * page become '?', and no BOM exists for it, so `bom` is ignored).
 *
 * Formula injection: strings (and header names) are escaped as Superset's `escape_value` does —
 * a value starting with - @ + | = % (also after leading blanks or two double quotes), or with TAB
 * or CR as OWASP adds, gets a leading single quote and its pipes escaped; negative numbers as text
 * (`-12.5`) are left alone. Real numbers are never touched.
 */
import type { Writable } from 'node:stream';
import type { ColumnKind } from '@vitrina/common/sql/dialect';
import type { CsvStream, CsvStreamOptions, ResultColumn } from '../../drivers/driver.ts';
import { streamFailed } from './errors.ts';
import { writeChunk } from './sink.ts';
import { fromFirstNonEmpty, type PreparedExport } from './source.ts';
import { ISO_TIMESTAMP, NUMERIC_TEXT } from './valueForms.ts';

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'windows-1251';

export interface CsvOptions {
  /** One character, not a quote or a line break (default ','). Use ';' with decimalSeparator ','. */
  delimiter?: string;
  encoding?: CsvEncoding;
  /** Write a byte-order mark (default true; ignored for windows-1251). */
  bom?: boolean;
  /** Decimal separator of numbers and numeric-column values (default '.'). */
  decimalSeparator?: '.' | ',';
  /** Write the header row of column names (default true). */
  header?: boolean;
  /** Line terminator (default '\r\n' as RFC 4180 says). */
  newline?: '\r\n' | '\n';
  /** Escape cells that a spreadsheet would run as formulas (default true). */
  formulaGuard?: boolean;
}

/** Rows collected into one write; keeps chunks near 64 KB for typical widths. */
const ROWS_PER_CHUNK = 512;

const FORMULA_START = /^[-@+|=%\t\r]|^(?:""|\s+)(?=[-@+|=%])/;
const NEGATIVE_NUMBER = /^-[0-9.]+$/;

/** Superset's escape_value plus OWASP's TAB and CR. */
export function escapeFormula(value: string): string {
  if (!FORMULA_START.test(value) || NEGATIVE_NUMBER.test(value)) return value;
  return `'${value.replace(/\|/g, '\\|')}`;
}

/** Decimal text with an exponent (`1.5e-7`, `1E+3`) in plain notation, digit for digit. */
function expandExponent(text: string): string {
  const e = text.search(/[eE]/);
  if (e < 0) return text;
  const sign = text.startsWith('-') ? '-' : '';
  const mantissa = text.slice(/^[-+]/.test(text) ? 1 : 0, e);
  const exponent = Number(text.slice(e + 1));
  const dot = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const point = (dot < 0 ? mantissa.length : dot) + exponent;
  let plain: string;
  if (point <= 0) plain = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) plain = digits + '0'.repeat(point - digits.length);
  else plain = `${digits.slice(0, point)}.${digits.slice(point)}`;
  plain = plain.replace(/^0+(?=\d)/, '');
  if (plain.includes('.')) plain = plain.replace(/\.?0+$/, '');
  return plain === '0' ? '0' : sign + plain;
}

/** A finite number in plain decimal notation: never an exponent, never a locale. */
export function plainNumber(value: number): string {
  if (Object.is(value, -0)) return '0';
  return expandExponent(String(value));
}

/** Numeric text (a decimal or big integer from the driver) in plain notation. */
function plainNumericText(text: string): string {
  return expandExponent(text);
}

interface Encoder {
  bom: Buffer;
  encode(text: string): Buffer;
}

let cp1251: Map<number, number> | undefined;

function windows1251(): Map<number, number> {
  if (cp1251) return cp1251;
  const decoder = new TextDecoder('windows-1251');
  const map = new Map<number, number>();
  for (let byte = 0x80; byte <= 0xff; byte++) {
    const char = decoder.decode(Uint8Array.of(byte));
    if (char !== '\ufffd') map.set(char.charCodeAt(0), byte);
  }
  cp1251 = map;
  return map;
}

function encoderFor(encoding: CsvEncoding): Encoder {
  switch (encoding) {
    case 'utf-8':
      return { bom: Buffer.from([0xef, 0xbb, 0xbf]), encode: (text) => Buffer.from(text, 'utf8') };
    case 'utf-16le':
      return { bom: Buffer.from([0xff, 0xfe]), encode: (text) => Buffer.from(text, 'utf16le') };
    case 'windows-1251': {
      const map = windows1251();
      return {
        bom: Buffer.alloc(0),
        encode(text) {
          const out = Buffer.allocUnsafe(text.length);
          let length = 0;
          for (let i = 0; i < text.length; i++) {
            const code = text.charCodeAt(i);
            if (code < 0x80) out[length++] = code;
            else {
              // A surrogate pair is one unmappable character: one '?'.
              if (code >= 0xd800 && code <= 0xdbff) i++;
              out[length++] = map.get(code) ?? 0x3f;
            }
          }
          return out.subarray(0, length);
        },
      };
    }
    default:
      throw new Error(`Unsupported CSV encoding: ${String(encoding)}`);
  }
}

function validateDelimiter(delimiter: string): void {
  if ([...delimiter].length !== 1 || /["\r\n]/.test(delimiter)) {
    throw new Error(
      `CSV delimiter must be one character other than a quote or a line break: ${JSON.stringify(delimiter)}`,
    );
  }
}

/** Formats one cell; exported for tests. */
export function makeCellFormatter(
  options: Pick<CsvOptions, 'delimiter' | 'decimalSeparator' | 'formulaGuard'>,
): (value: unknown, kind: ColumnKind) => string {
  const delimiter = options.delimiter ?? ',';
  validateDelimiter(delimiter);
  const comma = options.decimalSeparator === ',';
  const guard = options.formulaGuard ?? true;
  const special = new RegExp(`["\\r\\n${delimiter.replace(/[\\\]^-]/g, '\\$&')}]|^[ \\t]|[ \\t]$`);
  const quote = (text: string): string => (special.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const number = (text: string): string => (comma ? text.replace('.', ',') : text);

  return (value, kind) => {
    if (value === null || value === undefined) return '';
    switch (typeof value) {
      case 'number':
        return Number.isFinite(value) ? quote(number(plainNumber(value))) : '';
      case 'bigint':
        return value.toString();
      case 'boolean':
        return value ? 'true' : 'false';
      case 'string': {
        if ((kind === 'number' || kind === 'unknown') && NUMERIC_TEXT.test(value)) {
          return quote(number(plainNumericText(value)));
        }
        if (kind === 'timestamp' || kind === 'unknown') {
          const match = ISO_TIMESTAMP.exec(value);
          // `2024-03-13 10:37:42`: the form Excel and pandas read as a date-time.
          if (match) return `${match[1]} ${match[2]}${match[3]}`;
        }
        return quote(guard ? escapeFormula(value) : value);
      }
      default: {
        const text = value instanceof Date ? value.toISOString() : JSON.stringify(value);
        return quote(guard ? escapeFormula(text) : text);
      }
    }
  };
}

/**
 * Streams a result to `sink` as CSV and resolves with the number of data rows written. Does not end
 * the sink. Throws ExportError NO_DATA / QUERY_FAILED before writing anything (see source.ts), and
 * STREAM_FAILED when the source or the sink fails midway.
 */
export async function writeCsv(
  prepared: PreparedExport,
  sink: Writable,
  options: CsvOptions = {},
): Promise<number> {
  const format = makeCellFormatter(options);
  const delimiter = options.delimiter ?? ',';
  const newline = options.newline ?? '\r\n';
  const encoder = encoderFor(options.encoding ?? 'utf-8');
  const kinds = prepared.kinds;
  const width = kinds.length;
  let rows = 0;
  try {
    let text = '';
    if ((options.bom ?? true) && encoder.bom.length > 0) await writeChunk(sink, encoder.bom);
    if (options.header ?? true) {
      text += prepared.columns.map((column) => format(column.name, 'text')).join(delimiter) + newline;
    }
    let pending = 0;
    for await (const batch of prepared.batches) {
      for (const row of batch) {
        let line = '';
        for (let i = 0; i < width; i++) {
          if (i > 0) line += delimiter;
          line += format(row[i], kinds[i] ?? 'unknown');
        }
        text += line + newline;
        rows++;
        if (++pending >= ROWS_PER_CHUNK) {
          await writeChunk(sink, encoder.encode(text));
          text = '';
          pending = 0;
        }
      }
    }
    if (text !== '') await writeChunk(sink, encoder.encode(text));
  } catch (error) {
    throw streamFailed(error);
  }
  return rows;
}

/**
 * The options of an engine's own CSV stream (DatabaseConnection.streamCsv) for these writer options,
 * or null when the engine cannot honour them: engines write UTF-8 only, the other encodings take the
 * JavaScript writer.
 */
export function engineCsvOptions(options: CsvOptions = {}): EngineCsvRules | null {
  if ((options.encoding ?? 'utf-8') !== 'utf-8') return null;
  const delimiter = options.delimiter ?? ',';
  validateDelimiter(delimiter);
  return {
    delimiter,
    decimalSeparator: options.decimalSeparator ?? '.',
    newline: options.newline ?? '\r\n',
    formulaGuard: options.formulaGuard ?? true,
  };
}

export type EngineCsvRules = Pick<
  CsvStreamOptions,
  'delimiter' | 'decimalSeparator' | 'newline' | 'formulaGuard'
>;

/** An engine's CSV stream whose first bytes have been read (see prepareEngineCsv). */
export interface PreparedEngineCsv {
  readonly columns: ResultColumn[];
  /** The remaining chunks, starting with the one already read. Iterate once. */
  readonly chunks: AsyncIterable<Buffer>;
}

/** NO_DATA when the result is empty, QUERY_FAILED when the query fails first — before anything is written. */
export async function prepareEngineCsv(stream: CsvStream): Promise<PreparedEngineCsv> {
  return { columns: stream.columns, chunks: await fromFirstNonEmpty(stream.chunks) };
}

/**
 * Writes the BOM and the header row as writeCsv does, then the engine's rows as they come. Does not
 * end the sink; STREAM_FAILED when the source or the sink fails midway.
 */
export async function writeEngineCsv(
  prepared: PreparedEngineCsv | { columns: ResultColumn[]; chunks?: undefined },
  sink: Writable,
  options: CsvOptions = {},
): Promise<void> {
  const format = makeCellFormatter(options);
  const delimiter = options.delimiter ?? ',';
  const newline = options.newline ?? '\r\n';
  try {
    const head: Buffer[] = [];
    if (options.bom ?? true) head.push(Buffer.from([0xef, 0xbb, 0xbf]));
    if (options.header ?? true) {
      const names = prepared.columns.map((column) => format(column.name, 'text')).join(delimiter);
      head.push(Buffer.from(names + newline, 'utf8'));
    }
    if (head.length > 0) await writeChunk(sink, Buffer.concat(head));
    if (prepared.chunks) for await (const chunk of prepared.chunks) await writeChunk(sink, chunk);
  } catch (error) {
    throw streamFailed(error);
  }
}
