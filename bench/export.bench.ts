/**
 * Benchmark: CSV and XLSX export of 1,000,000 rows.
 *
 *   npx tsx bench/export.bench.ts            (BENCH_RUNS=3 by default: the XLSX run is long)
 *
 * Rows come from an in-memory DuckDB (`range(1000000)` with integer, text, decimal, timestamp, date
 * and boolean columns), streamed through the DuckDB driver into writeCsv / writeXlsx and a file.
 * Baseline: DuckDB's own `COPY (same query) TO 'file.csv'` in the same process. Runs interleaved
 * after a warm-up of each; figures are median(subject) / median(baseline), plus the peak RSS seen
 * while each subject ran (sampled every 25 ms). Absolute times are for context only. 'driver stream
 * alone' reads the same rows from the driver and drops them: the floor under both writers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { getDialect } from '@vitrina/common/sql/dialects/index';
import { duckdbDriver } from '../packages/server/src/drivers/duckdb.ts';
import { writeCsv } from '../packages/server/src/flows/export/csv.ts';
import { prepareExport } from '../packages/server/src/flows/export/source.ts';
import { writeXlsx } from '../packages/server/src/flows/export/xlsx/index.ts';
import { MEMORY_DUCKDB } from '../packages/server/src/testing/services.ts';
import { mb, measured, median } from './measure.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ROWS = 1_000_000;
const QUERY = `SELECT range AS id, 'Клиент ' || range AS name, (range * 0.25)::DECIMAL(18,2) AS amount,
  TIMESTAMP '2024-01-01' + to_seconds(range) AS ts, DATE '2024-01-01' + (range % 365)::INTEGER AS day,
  range % 2 = 0 AS flag FROM range(${ROWS})`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-export-bench-'));
const connection = duckdbDriver.connect(MEMORY_DUCKDB, {
  maxConnections: 2,
  queryTimeoutMs: 600_000,
  readOnly: false,
});
// The drivers' DuckDB may not write files (by design): the COPY baseline runs in a plain instance.
const copier = await (await DuckDBInstance.create(':memory:')).connect();

async function toFile(file: string, write: (sink: fs.WriteStream) => Promise<number>): Promise<void> {
  const sink = fs.createWriteStream(file);
  const closed = new Promise<void>((resolve, reject) => {
    sink.on('close', () => resolve());
    sink.on('error', reject);
  });
  const rows = await write(sink);
  if (!sink.writableEnded) sink.end();
  await closed;
  if (rows !== ROWS) throw new Error(`expected ${ROWS} rows, wrote ${rows}`);
}

const columnKind = getDialect('duckdb').columnKind;

const subjects: Record<string, () => Promise<void>> = {
  'duckdb COPY TO csv (baseline)': async () => {
    await copier.run(`COPY (${QUERY}) TO '${path.join(dir, 'copy.csv')}' (HEADER)`);
  },
  'driver stream alone (floor)': async () => {
    const result = await connection.stream(QUERY, { batchSize: 10_000 });
    let rows = 0;
    for await (const batch of result.batches) rows += batch.length;
    if (rows !== ROWS) throw new Error(`expected ${ROWS} rows, read ${rows}`);
  },
  'writeCsv (driver stream)': async () => {
    const result = await connection.stream(QUERY, { batchSize: 10_000 });
    await toFile(path.join(dir, 'export.csv'), async (sink) =>
      writeCsv(await prepareExport(result, columnKind), sink),
    );
  },
  'writeXlsx (driver stream)': async () => {
    const result = await connection.stream(QUERY, { batchSize: 10_000 });
    await toFile(path.join(dir, 'export.xlsx'), async (sink) =>
      writeXlsx(await prepareExport(result, columnKind), sink),
    );
  },
};

async function main(): Promise<void> {
  console.log(
    `export bench: ${ROWS.toLocaleString('en')} rows, ${RUNS} run(s), rss at start ${mb(process.memoryUsage().rss)}`,
  );
  const times: Record<string, number[]> = {};
  const peaks: Record<string, number> = {};
  const rises: Record<string, number> = {};
  for (const fn of Object.values(subjects)) await fn(); // warm-up
  for (let run = 0; run < RUNS; run++) {
    for (const [name, fn] of Object.entries(subjects)) {
      const { ms, peakRss, rise } = await measured(fn);
      rises[name] = Math.max(rises[name] ?? 0, rise);
      times[name] = [...(times[name] ?? []), ms];
      peaks[name] = Math.max(peaks[name] ?? 0, peakRss);
    }
  }
  const base = median(times['duckdb COPY TO csv (baseline)']!);
  for (const name of Object.keys(subjects)) {
    const value = median(times[name]!);
    const file = name.startsWith('duckdb')
      ? 'copy.csv'
      : name.startsWith('writeCsv')
        ? 'export.csv'
        : name.startsWith('writeXlsx')
          ? 'export.xlsx'
          : null;
    const size = file ? `, ${mb(fs.statSync(path.join(dir, file)).size)} file` : '';
    console.log(
      `${name.padEnd(30)} ${(value / base).toFixed(2).padStart(7)}× baseline   peak RSS ${mb(peaks[name]!).padStart(7)} (+${mb(rises[name]!)} during the run)   [${(value / 1000).toFixed(2)} s${size}]`,
    );
  }
}

try {
  await main();
} finally {
  await connection.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
