/**
 * Benchmark: SQL Lab on the 1,000,000-row example `sales` table (a DuckDB file).
 *
 *   npx tsx bench/sqllab.bench.ts        (BENCH_RUNS=5 execute runs, BENCH_EXPORT_RUNS=1 export runs)
 *
 * Through the real app:
 *   1. `POST /api/v1/sqllab/execute/` of `SELECT * FROM sales` with a 100,000-row limit, from the
 *      request to the whole answer received (through Fastify's inject, and over HTTP), against the same
 *      limited SQL through the bare driver (the app's own pooled DuckDB connection) in the same process.
 *      The row count is checked in the answer's text; the answer is parsed once, outside the timed runs
 *      (a client's parse of 100,000 rows is not the endpoint's time). BENCH_ONLY=<part of a name> picks
 *      cases, BENCH_CPU_PROF=<dir> profiles them;
 *   2. `GET /api/v1/sqllab/export/<client_id>/` of the whole table (1,000,000 rows) over HTTP into a file
 *      against DuckDB's own `COPY (same SQL) TO 'file.csv'`, with the peak RSS (sampled every 25 ms).
 * Runs are interleaved after a warm-up of each; a figure is median(subject) / median(baseline).
 * Absolute times, in brackets, are for context only.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { loadConfig } from '../packages/server/src/config.ts';
import { databaseConnections } from '../packages/server/src/connections/connections.ts';
import { withDuckDb } from '../packages/server/src/drivers/exampleData/duckdbFile.ts';
import {
  createSalesTable,
  SALES_ROW_COUNT,
  salesTableStatements,
} from '../packages/server/src/drivers/exampleData/salesTable.ts';
import { insertDatabase } from '../packages/server/src/testing/fixtures.ts';
import { inProcessApp } from './inProcessApp.ts';
import { compareLatency, mb, measured, median, postJsonOverHttp } from './measure.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EXPORT_RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 1);
const ROWS = 100_000;
const SQL = 'SELECT * FROM sales';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-sqllab-bench-'));

async function setUp() {
  // Data files live in the data dir's files folder, the only place there a database may point.
  const file = path.join(dir, 'files', 'sales.duckdb');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await withDuckDb(file, async (con) => {
    await createSalesTable(con);
    await con.run('CHECKPOINT');
  });
  const config = {
    ...loadConfig({
      VITRINA_DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      VITRINA_LOAD_EXAMPLES: 'false',
      VITRINA_SQL_MAX_ROW: String(ROWS),
      VITRINA_DISPLAY_MAX_ROW: String(ROWS),
      VITRINA_SQLLAB_TIMEOUT: '600',
    }),
    webDistDir: null,
  };
  const { metastore, ctx, app, headers } = await inProcessApp(config);
  const databaseId = await insertDatabase({ ctx } as never, { name: 'bench', uri: `duckdb:///${file}` });
  const row = await metastore.db
    .selectFrom('databases')
    .selectAll()
    .where('id', '=', databaseId)
    .executeTakeFirstOrThrow();
  return { ctx, app, headers, databaseId, connection: databaseConnections(ctx).get(row) };
}

/** The answer's row count, read from its text: a client's parse of 100,000 rows is not the endpoint's time. */
function checkRows(body: string, expectRows: number): void {
  if (!body.includes(`"rows":${expectRows},`)) throw new Error(`expected ${expectRows} rows`);
}

async function main(): Promise<void> {
  const { ctx, app, headers, databaseId, connection } = await setUp();
  let runs = 0;
  const nextClientId = () => `bench${String(runs++).padStart(6, '0')}`;
  const payloadOf = (sql: string, queryLimit: number, clientId: string) => ({
    database_id: databaseId,
    sql,
    queryLimit,
    client_id: clientId,
  });
  const execute = async (sql: string, queryLimit: number, expectRows: number): Promise<string> => {
    const clientId = nextClientId();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/sqllab/execute/',
      headers,
      payload: payloadOf(sql, queryLimit, clientId),
    });
    if (response.statusCode !== 200) throw new Error(`execute: ${response.statusCode} ${response.body}`);
    checkRows(response.body, expectRows);
    return clientId;
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const agent = new http.Agent({ keepAlive: true });
  // The same POST over a real socket (keep-alive), the answer's bytes read whole by the client.
  const target = { port: address.port, agent, headers };
  const executeHttp = async (sql: string, queryLimit: number, expectRows: number) => {
    const text = await postJsonOverHttp(
      target,
      '/api/v1/sqllab/execute/',
      payloadOf(sql, queryLimit, nextClientId()),
    );
    checkRows(text, expectRows);
  };
  const bare = async () => {
    const result = await connection.execute(`${SQL}\nLIMIT ${ROWS + 1}`);
    if (result.rows.length !== ROWS + 1) throw new Error('bare driver: wrong row count');
  };
  console.log(
    `SQL Lab bench: ${SALES_ROW_COUNT.toLocaleString('en')}-row sales table, ${RUNS} execute run(s), ${EXPORT_RUNS} export run(s)`,
  );
  // Once outside the timed runs: the answer parses and holds every row.
  const parsed = await app.inject({
    method: 'POST',
    url: '/api/v1/sqllab/execute/',
    headers,
    payload: payloadOf(SQL, ROWS, nextClientId()),
  });
  if (parsed.json().data.length !== ROWS) throw new Error(`expected ${ROWS} rows in data`);
  await compareLatency(
    [
      {
        name: 'execute, 100,000 rows',
        subject: async () => void (await execute(SQL, ROWS, ROWS)),
        base: bare,
      },
      { name: 'execute, 100,000 rows, over HTTP', subject: () => executeHttp(SQL, ROWS, ROWS), base: bare },
    ],
    RUNS,
    'bare driver',
  );
  if (EXPORT_RUNS === 0) {
    agent.destroy();
    await app.close();
    await ctx.eventLog.close();
    await ctx.platform.close();
    await ctx.metastore.close();
    return;
  }

  // The export re-runs the query without SQL Lab's limit: the whole table.
  const exported = await execute(SQL, 10, 10);
  const download = () =>
    new Promise<void>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: address.port,
          path: `/api/v1/sqllab/export/${exported}/`,
          method: 'GET',
          headers,
        },
        (response) => {
          if (response.statusCode !== 200) {
            reject(new Error(`export: ${response.statusCode}`));
            response.resume();
            return;
          }
          const sink = fs.createWriteStream(path.join(dir, 'export.csv'));
          response.on('aborted', () => reject(new Error('export: the response was cut')));
          response.on('error', reject);
          response.pipe(sink);
          sink.on('close', () => resolve());
          sink.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end();
    });
  // The app's connections may not write files (by design): COPY runs in a plain in-memory DuckDB
  // instance, outside the drivers, holding the same generated table.
  const copier = await (await DuckDBInstance.create(':memory:')).connect();
  for (const statement of salesTableStatements()) await copier.run(statement);
  const exports: Record<string, () => Promise<void>> = {
    'duckdb COPY TO csv (baseline)': async () => {
      await copier.run(`COPY (${SQL}) TO '${path.join(dir, 'copy.csv')}' (HEADER)`);
    },
    'SQL Lab CSV export, 1M rows': download,
  };
  const times: Record<string, number[]> = {};
  const peaks: Record<string, number> = {};
  const rises: Record<string, number> = {};
  for (let run = 0; run < EXPORT_RUNS; run++) {
    for (const [name, fn] of Object.entries(exports)) {
      const { ms, peakRss, rise } = await measured(fn);
      times[name] = [...(times[name] ?? []), ms];
      peaks[name] = Math.max(peaks[name] ?? 0, peakRss);
      rises[name] = Math.max(rises[name] ?? 0, rise);
    }
  }
  const lines = fs.readFileSync(path.join(dir, 'export.csv'), 'utf8').split('\r\n').length - 2;
  if (lines !== SALES_ROW_COUNT) throw new Error(`export wrote ${lines} rows`);
  const base = median(times['duckdb COPY TO csv (baseline)']!);
  for (const name of Object.keys(exports)) {
    const value = median(times[name]!);
    console.log(
      `${name.padEnd(30)} ${(value / base).toFixed(2).padStart(7)}× COPY   peak RSS ${mb(peaks[name]!).padStart(7)} (+${mb(rises[name]!)} during the run)   [${(value / 1000).toFixed(2)} s]`,
    );
  }
  copier.closeSync();
  agent.destroy();
  await app.close();
  await ctx.eventLog.close();
  await ctx.platform.close();
  await ctx.metastore.close();
}

try {
  await main();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
