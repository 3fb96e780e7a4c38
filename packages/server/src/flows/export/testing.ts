/** Helpers for the export tests (not used in production code). */
import { Writable } from 'node:stream';
import { getDialect } from '@vitrina/common/sql/dialects/index';
import type { DatabaseConnection, ResultColumn, StreamedResult } from '../../drivers/driver.ts';
import { duckdbDriver } from '../../drivers/duckdb.ts';
import { MEMORY_DUCKDB } from '../../testing/services.ts';
import { type CsvOptions, writeCsv } from './csv.ts';
import { type ExportSource, prepareExport } from './source.ts';
import { writeXlsx, type XlsxOptions } from './xlsx/index.ts';

/** The export tests name their column types as DuckDB does. */
const columnKind = getDialect('duckdb').columnKind;

/** Prepares `source` (throwing what prepareExport throws) and writes it as CSV. */
export async function exportCsv(source: ExportSource, sink: Writable, options?: CsvOptions): Promise<number> {
  return writeCsv(await prepareExport(source, columnKind), sink, options);
}

/** Prepares `source` (throwing what prepareExport throws) and writes it as XLSX. */
export async function exportXlsx(
  source: ExportSource,
  sink: Writable,
  options?: XlsxOptions,
): Promise<number> {
  return writeXlsx(await prepareExport(source, columnKind), sink, options);
}

export function streamed(columns: ResultColumn[], batches: unknown[][][]): StreamedResult {
  return {
    columns,
    batches: (async function* () {
      for (const batch of batches) yield batch;
    })(),
  };
}

/** A sink that keeps every byte. */
export function collector(): { sink: Writable; bytes: () => Buffer; text: () => string } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  return { sink, bytes: () => Buffer.concat(chunks), text: () => Buffer.concat(chunks).toString('utf8') };
}

/** Peak growth of heap + external memory (bytes) while `run` runs, sampled every 20 ms and on demand. */
export async function measurePeakGrowth<T>(
  run: (sample: () => void) => Promise<T>,
): Promise<{ result: T; growth: number }> {
  const used = (): number => {
    const memory = process.memoryUsage();
    return memory.heapUsed + memory.external;
  };
  (globalThis as { gc?: () => void }).gc?.();
  const base = used();
  let peak = base;
  const sample = (): void => {
    peak = Math.max(peak, used());
  };
  const timer = setInterval(sample, 20);
  try {
    const result = await run(sample);
    sample();
    return { result, growth: peak - base };
  } finally {
    clearInterval(timer);
  }
}

const TEXTS = [
  'plain',
  'say "hi"',
  'line\nbreak',
  'cr\rhere',
  'a,b',
  'semi;colon',
  '=SUM(A1)',
  '+1',
  '-12.5',
  '-x',
  '@home',
  '%p',
  '|pipe|',
  '\ttab',
  ' leading',
  'trailing ',
  ' =x',
  '\u00a0+x',
  '""=x',
  'Клиент 😀',
  'back\\slash',
  '',
  null,
];

const FLOATS = ['1e21', '1.5e-7', '-0.0', '0.1', '123456789012345680000', '100', '-12.5', '1e-6', null];
const DECIMALS = ['0.00', '12.50', '-3.25', '1234567890123456.78', '-0.01', null];
const TIMESTAMPS = ['2024-03-13 10:37:42.5', '2024-03-13 10:37:42.123456', '1999-12-31 23:59:59', null];
const DATES = ['2024-03-13', '0999-01-02', null];
const BOOLEANS = [true, false, null];
const BIGINTS = ['9007199254740993', '-42', '0', null];

const ROWS = Math.max(TEXTS.length, FLOATS.length, DECIMALS.length, TIMESTAMPS.length);

function at<T>(list: readonly T[], i: number): T | null {
  return list[i % list.length] ?? null;
}

const lit = (value: string | null, type: string) =>
  value === null ? `CAST(NULL AS ${type})` : `CAST('${value.replaceAll("'", "''")}' AS ${type})`;

/**
 * A table of values the CSV rules treat specially (quotes, line breaks, delimiters, formula starts,
 * Unicode, NULLs, numbers an exponent would print, decimals, dates, timestamps, booleans, integers
 * past 2^53) as a VALUES query in the engine's type names, ordered by `id`.
 */
export function trickyQuery(types: {
  text: string;
  float: string;
  decimal: string;
  timestamp: string;
  date: string;
  bigint: string;
}): string {
  const rows: string[] = [];
  for (let i = 0; i < ROWS; i++) {
    const text = at(TEXTS, i);
    const textSql =
      text === null
        ? `CAST(NULL AS ${types.text})`
        : `CAST(${text
            .split(/(\n|\r|\t)/)
            .map((part) =>
              part === '\n'
                ? 'chr(10)'
                : part === '\r'
                  ? 'chr(13)'
                  : part === '\t'
                    ? 'chr(9)'
                    : `'${part.replaceAll("'", "''")}'`,
            )
            .join(' || ')} AS ${types.text})`;
    const bool = at(BOOLEANS, i);
    rows.push(
      `(${i}, ${textSql}, ${lit(at(FLOATS, i), types.float)}, ${lit(at(DECIMALS, i), types.decimal)}, ` +
        `${lit(at(TIMESTAMPS, i), types.timestamp)}, ${lit(at(DATES, i), types.date)}, ` +
        `${bool === null ? 'CAST(NULL AS BOOLEAN)' : String(bool)}, ${lit(at(BIGINTS, i), types.bigint)})`,
    );
  }
  return `SELECT * FROM (VALUES ${rows.join(', ')}) AS t(id, "name, with comma", ratio, amount, ts, day, flag, big) ORDER BY id`;
}

/** A read-only in-memory DuckDB, as the engine export tests (CSV lines, sheet rows) query it. */
export function memoryDuckDb(): DatabaseConnection {
  return duckdbDriver.connect(MEMORY_DUCKDB, { maxConnections: 2, queryTimeoutMs: 20_000, readOnly: true });
}
