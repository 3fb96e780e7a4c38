/**
 * Benchmark: building the example data.
 *
 *   npx tsx bench/examples-load.bench.ts            (BENCH_RUNS=5 by default)
 *
 * Prints each figure as a ratio against a baseline measured in the same process, runs interleaved:
 *   1. the sales generator (1,000,000 rows, in memory) against a bare
 *      `CREATE TABLE … AS SELECT range FROM range(1000000)` in memory;
 *   2. the whole loadExamples (DuckDB file with every table + metastore rows, fresh data directory)
 *      against writing a bare range of the same total row count to a DuckDB file and closing it.
 * Absolute times are printed for context only: they depend on the machine and its load.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { withDuckDb } from '../packages/server/src/drivers/exampleData/duckdbFile.ts';
import { createSalesTable, SALES_ROW_COUNT } from '../packages/server/src/drivers/exampleData/salesTable.ts';
import { loadExamples } from '../packages/server/src/examples/index.ts';
import { openMetastore } from '../packages/server/src/platform/metastore/index.ts';
import { median } from './measure.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Rows in the whole example file: sales plus flights; the other tables are tiny. */
const TOTAL_ROWS = SALES_ROW_COUNT + 3_000_000;

async function timed(fn: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function inMemory(
  fn: (con: Awaited<ReturnType<DuckDBInstance['connect']>>) => Promise<void>,
): Promise<number> {
  const instance = await DuckDBInstance.create(':memory:');
  const con = await instance.connect();
  try {
    return await timed(() => fn(con));
  } finally {
    con.closeSync();
    instance.closeSync();
  }
}

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-'));
}

async function bareFileBuild(): Promise<number> {
  const dir = tempDir();
  try {
    return await timed(() =>
      withDuckDb(path.join(dir, 'bare.duckdb'), async (con) => {
        await con.run(`CREATE TABLE t AS SELECT range AS i FROM range(${TOTAL_ROWS})`);
        await con.run('CHECKPOINT');
      }),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function fullLoad(): Promise<number> {
  const dir = tempDir();
  const metastore = openMetastore({ databaseUrl: null, dataDir: dir });
  try {
    await metastore.migrate();
    return await timed(async () => {
      const result = await loadExamples({ dataDir: dir, metastore });
      if (!result.loaded) throw new Error('loadExamples did nothing in a fresh directory');
    });
  } finally {
    await metastore.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface Pair {
  name: string;
  baseline: string;
  subject: () => Promise<number>;
  base: () => Promise<number>;
}

const pairs: Pair[] = [
  {
    name: `sales generator, ${SALES_ROW_COUNT.toLocaleString('en')} rows (in memory)`,
    baseline: `CREATE TABLE AS SELECT range, same rows (in memory)`,
    subject: () => inMemory((con) => createSalesTable(con, { rowCount: SALES_ROW_COUNT })),
    base: () =>
      inMemory((con) => con.run(`CREATE TABLE t AS SELECT range AS i FROM range(${SALES_ROW_COUNT})`).then()),
  },
  {
    name: 'loadExamples, fresh data directory (DuckDB file + metastore)',
    baseline: `bare range of ${TOTAL_ROWS.toLocaleString('en')} rows written to a DuckDB file`,
    subject: fullLoad,
    base: bareFileBuild,
  },
];

console.log(
  `examples-load: ${RUNS} interleaved runs after one warm-up; figures are median ratios to the baseline`,
);
for (const pair of pairs) {
  await pair.base();
  await pair.subject();
  const subject: number[] = [];
  const base: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    base.push(await pair.base());
    subject.push(await pair.subject());
  }
  const ratio = median(subject) / median(base);
  console.log(`\n${pair.name}`);
  console.log(`  baseline: ${pair.baseline}`);
  console.log(`  ratio: ${ratio.toFixed(1)}x the baseline`);
  console.log(
    `  (context only: subject median ${median(subject).toFixed(0)} ms, baseline median ${median(base).toFixed(0)} ms)`,
  );
}
