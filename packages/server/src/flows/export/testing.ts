/** Helpers for the export tests (not used in production code). */
import { Writable } from 'node:stream';
import { getDialect } from '@vitrina/common/sql/dialects/index';
import type { ResultColumn, StreamedResult } from '../../drivers/driver.ts';
import { type CsvOptions, writeCsv } from './csv.ts';
import { type ExportSource, prepareExport } from './source.ts';
import { writeXlsx, type XlsxOptions } from './xlsx.ts';

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
